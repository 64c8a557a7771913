import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Contribution, ManualContributor } from '../../../src/shared/manual-contributions.js';
import {
  addContribution, deleteContribution, deleteContributor, replaceContributor, searchContributors,
} from './contributions.js';
import { ContributorItem } from './ContributorItem.js';
import { contributorPendingNote, pendingDeletions, publishedRecord } from './pending.js';
import type { ManualContributionsHandle } from './use-manual-contributions.js';

interface ContributionsSectionProps {
  handle: ManualContributionsHandle;
}

/** The manual contributions: a search field and a list (scrolling at a maximum height) of contributors. */
export function ContributionsSection({ handle }: ContributionsSectionProps) {
  const { contributors, pending, loading, saving, conflict, reloadLatest, save } = handle;
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => search.current?.focus(), []);

  const names = useMemo(() => (contributors ? searchContributors(contributors, query) : []), [contributors, query]);
  const total = contributors ? Object.keys(contributors).length : 0;
  const deletions = useMemo(() => (contributors && pending ? pendingDeletions(contributors, pending.published) : []), [contributors, pending]);

  const ops = contributors && {
    edit: (name: string, record: ManualContributor) => save(replaceContributor(contributors, name, record), `Updated ${name}`),
    add: (name: string, c: Contribution) => save(addContribution(contributors, name, c), `Added a contribution of ${c.score} points to ${name}`),
    deleteOne: (name: string, index: number) => save(deleteContribution(contributors, name, index), `Deleted a contribution of ${name}`, 'deletion'),
    // Its item goes: focus goes to the search field, not to the page's start.
    deleteAll: async (name: string) => {
      const done = await save(deleteContributor(contributors, name), `Deleted all manual contributions of ${name}`, 'deletion');
      if (done) search.current?.focus();
      return done;
    },
  };

  return (
    <section className="admin-section" aria-labelledby={`${id}-title`} data-testid="contributions-section">
      <div className="admin-section-head">
        <h3 className="admin-section-title" id={`${id}-title`}>Manual Contributions</h3>
        <span className="filter-count" data-testid="contributor-count">
          {contributors ? `${total} contributor${total === 1 ? '' : 's'}` : ''}
        </span>
        {conflict && (
          <button type="button" className="button" onClick={() => void reloadLatest()} disabled={loading} data-testid="reload-contributions">
            Reload contributions
          </button>
        )}
      </div>
      <label className="visually-hidden" htmlFor={`${id}-search`}>Search contributors</label>
      <input id={`${id}-search`} ref={search} className="input admin-search" type="search" placeholder="Search contributors..."
        value={query} onChange={(e) => setQuery(e.target.value)} data-testid="contributor-search" />
      <div className="admin-scroll" data-testid="manual-contributor-list">
        {loading && !contributors && <p className="admin-empty" role="status">Loading contributors...</p>}
        {!loading && !contributors && <p className="admin-empty">The contributions could not be loaded.</p>}
        {contributors && names.length === 0 && (
          <p className="admin-empty" data-testid="no-manual-contributors">
            {total === 0 ? 'No manual contributions yet. Add a contributor below.' : `No contributor matches "${query.trim()}".`}
          </p>
        )}
        {contributors && ops && names.length > 0 && (
          <ul className="admin-list">
            {names.map((name) => {
              const record = contributors[name];
              return record && (
                <ContributorItem key={name} name={name} record={record} saving={saving}
                  pendingNote={pending ? contributorPendingNote(record, publishedRecord(pending.published, name)) : null}
                  onEdit={(edited) => ops.edit(name, edited)} onAdd={(c) => ops.add(name, c)}
                  onDeleteOne={(i) => ops.deleteOne(name, i)} onDeleteAll={() => ops.deleteAll(name)} />
              );
            })}
          </ul>
        )}
      </div>
      {deletions.length > 0 && (
        <p className="admin-help" data-testid="pending-deletions">
          Deletion pending (still on the board): {deletions.map((d) => `${d.name} (+${d.total})`).join(', ')}.
        </p>
      )}
    </section>
  );
}
