import { useId } from 'react';
import type { RepositorySummary } from '../../../src/shared/data-file.js';

interface RepoSelectProps {
  repositories: readonly RepositorySummary[];
  /** The selected repository's name; null for all of them. */
  repo: string | null;
  onChange: (repo: string | null) => void;
}

/** The repository selector of a board of several repositories, beside the period selector. */
export function RepoSelect({ repositories, repo, onChange }: RepoSelectProps) {
  const id = useId();
  return (
    <div className="period-select repo-select">
      <label htmlFor={id} className="period-select-label">Repository</label>
      <select id={id} className="select" value={repo ?? ''} onChange={(e) => onChange(e.target.value || null)} data-testid="repo-select">
        <option value="">All repositories</option>
        {repositories.map((r) => <option key={r.name} value={r.name}>{r.name}</option>)}
      </select>
    </div>
  );
}
