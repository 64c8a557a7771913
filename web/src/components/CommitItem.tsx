import type { Commit } from '../../../src/shared/data-file.js';
import { aiLabel, aiNote, aiTitle, formatCommitDate, formatCount, formatExcluded, formatScore, splitMessage } from '../lib/format.js';

/** One commit: hash, classification, date, message, stats, score and its breakdown. */
export function CommitItem({ commit }: { commit: Commit }) {
  const { subject, body } = splitMessage(commit.message);
  const excluded = formatExcluded(commit.stats);
  const { stats, scores } = commit;
  const note = aiNote(scores);
  const overridden = note?.kind === 'override';
  return (
    <li className={`commit commit-${commit.classification}`} data-testid="commit-item" data-classification={commit.classification}>
      <div className="commit-main">
        <div className="commit-top">
          <code className="commit-hash" title={commit.full_hash || undefined} data-testid="commit-hash">{commit.hash}</code>
          <span className={`class-badge class-${commit.classification}`} data-testid="commit-classification">{commit.classification}</span>
          <time className="commit-date" dateTime={commit.date} data-testid="commit-date">{formatCommitDate(commit.date)}</time>
        </div>
        <p className="commit-subject" data-testid="commit-message">{subject || '(no message)'}</p>
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
        <p className="commit-breakdown" data-testid="commit-breakdown">
          <span>LOC {formatScore(scores.loc)}</span>
          <span>Files {formatScore(scores.files)}</span>
          <span>Type {formatScore(scores.keyword)}</span>
          <span className={overridden ? 'ai-part ai-part-override' : 'ai-part'} title={aiTitle(scores.ai_source, scores.ai_reason)}
            data-testid="commit-ai-part" data-source={scores.ai_source}>
            {aiLabel(scores.ai_source)} {formatScore(scores.ai)}
            {overridden && <span className="ai-override-badge" data-testid="ai-override-badge">override</span>}
          </span>
        </p>
      </div>
      {note && (
        <p className={`commit-ai-note commit-ai-note-${note.kind}`} data-testid="commit-ai-note" data-kind={note.kind}
          title={scores.ai_override ? `Overridden by ${scores.ai_override.by} on ${formatCommitDate(scores.ai_override.at)}` : undefined}>
          {note.text}
        </p>
      )}
    </li>
  );
}
