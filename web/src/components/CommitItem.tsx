import { Fragment } from 'react';
import type { Commit } from '../../../src/shared/data-file.js';
import { coAuthorsParts, creditText, revertMarks, uncancelledTotal } from '../lib/credit-notes.js';
import { aiLabel, aiNote, aiTitle, formatCommitDate, formatCount, formatExcluded, formatLocalDate, formatScore, splitMessage } from '../lib/format.js';
import { commitUrl, useRepositories } from '../lib/commit-links.js';
import { InfoIcon } from './Icons.js';
import { PersonName } from './PersonName.js';
import { useRules } from './rules/rules-context.js';

/**
 * One commit: hash, classification, date, message, co-authors, stats, score and its breakdown,
 * the revert marks, and `person`'s part of it (the contributor whose row is open).
 */
export function CommitItem({ commit, person }: { commit: Commit; person?: string }) {
  const { rules, explain } = useRules();
  const { subject, body } = splitMessage(commit.message);
  const excluded = formatExcluded(commit.stats);
  const { stats, scores } = commit;
  const note = aiNote(scores);
  const overridden = note?.kind === 'override';
  const withText = coAuthorsParts(commit, person);
  const credit = creditText(commit, person, rules.credit.coAuthors);
  const marks = revertMarks(commit);
  const cancelled = Boolean(commit.cancelled);
  return (
    <li className={`commit commit-${commit.classification}${cancelled ? ' commit-cancelled' : ''}`} data-testid="commit-item"
      data-classification={commit.classification} data-cancelled={cancelled || undefined}>
      <div className="commit-main">
        <div className="commit-top">
          <CommitHash commit={commit} />
          <span className={`class-badge class-${commit.classification}`} data-testid="commit-classification">{commit.classification}</span>
          {marks.map((mark) => <span key={mark} className="revert-badge" data-testid="commit-revert">{mark}</span>)}
          <time className="commit-date" dateTime={commit.date} data-testid="commit-date">{formatCommitDate(commit.date)}</time>
        </div>
        <p className="commit-subject" data-testid="commit-message">{subject || '(no message)'}</p>
        {withText && (
          <p className="commit-co-authors" data-testid="commit-co-authors">
            {withText.lead}{withText.lead && withText.names.length > 0 && ', '}
            {withText.names.length > 0 && 'with '}{withText.names.map((name, i) => <Fragment key={i}>{i > 0 && ', '}<PersonName name={name} inline /></Fragment>)}
          </p>
        )}
        {body && (
          <details className="commit-body">
            <summary>Full message</summary>
            <pre>{body}</pre>
          </details>
        )}
        <p className="commit-stats" data-testid="commit-stats">
          <span>{formatCount(stats.files)} {stats.files === 1 ? 'file' : 'files'}</span>
          <span>{formatCount(stats.lines)} {stats.lines === 1 ? 'line' : 'lines'}</span>
          <span className="ins">+{formatCount(stats.insertions)}</span>
          <span className="del">−{formatCount(stats.deletions)}</span>
        </p>
        {excluded && <p className="commit-excluded" data-testid="commit-excluded">{excluded}</p>}
      </div>
      <div className="commit-score" data-testid="commit-score">
        <p className="commit-total"><span className="commit-total-value">{formatScore(scores.total)}</span> pts</p>
        <p className={`commit-breakdown${cancelled ? ' is-cancelled' : ''}`} data-testid="commit-breakdown">
          <span>LOC {formatScore(scores.loc)}</span>
          <span>Files {formatScore(scores.files)}</span>
          <span>Type {formatScore(scores.keyword)}</span>
          <span className={overridden ? 'ai-part ai-part-override' : 'ai-part'} title={aiTitle(scores.ai_source, scores.ai_reason)}
            data-testid="commit-ai-part" data-source={scores.ai_source}>
            {aiLabel(scores.ai_source)} {formatScore(scores.ai)}
            {overridden && <span className="ai-override-badge" data-testid="ai-override-badge">override</span>}
          </span>
          <button type="button" className="explain-icon" onClick={() => explain(cancelled || withText ? 'credit' : 'parts')} aria-haspopup="dialog"
            aria-label={`How scores work: commit ${commit.hash}`} title="How scores work" data-testid="commit-explain">
            <InfoIcon width={14} height={14} />
          </button>
        </p>
        {credit && <p className="commit-credit" data-testid="commit-share">{credit.text}</p>}
      </div>
      {cancelled && (
        <p className="commit-revert-note" data-testid="commit-revert-note">
          Scores 0: {commit.reverted_by ? 'a later revert undid it' : 'it undoes a commit analysed here'}, so neither counts
          ({formatScore(uncancelledTotal(scores))} pts without the revert rule).
        </p>
      )}
      {note && (
        <p className={`commit-ai-note commit-ai-note-${note.kind}`} data-testid="commit-ai-note" data-kind={note.kind}
          title={scores.ai_override ? `Overridden by ${scores.ai_override.by} on ${formatLocalDate(scores.ai_override.at)}` : undefined}>
          {note.text}
        </p>
      )}
    </li>
  );
}

/**
 * The short hash; on a board of several repositories, also the commit's repository, and a link
 * to the commit on its host when that is GitHub or GitLab.
 */
function CommitHash({ commit }: { commit: Commit }) {
  const repositories = useRepositories();
  const hash = <code className="commit-hash" title={commit.full_hash || undefined} data-testid="commit-hash">{commit.hash}</code>;
  if (repositories.size === 0 || !commit.repo) return hash;
  const url = commitUrl(repositories.get(commit.repo), commit.full_hash);
  return (
    <>
      {url ? <a className="commit-link" href={url} target="_blank" rel="noopener noreferrer" data-testid="commit-link"
        aria-label={`Commit ${commit.hash} in ${commit.repo} (opens in a new tab)`}>{hash}</a> : hash}
      <span className="commit-repo" data-testid="commit-repo">{commit.repo}</span>
    </>
  );
}
