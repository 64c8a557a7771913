import { aiSourceNote } from '../lib/format.js';
import { InfoIcon } from './Icons.js';
import { useRules } from './rules/rules-context.js';

/** The scoring rules, at the bottom of the page, which scorer produced the AI part, and the way to the full rules. */
export function Footer({ metadata }: { metadata: Record<string, unknown> }) {
  const aiSource = aiSourceNote(metadata);
  const { explain } = useRules();
  return (
    <footer className="site-footer" data-testid="footer">
      <div className="container footer-inner">
        <p className="scoring-text" data-testid="scoring-text">
          <strong>Scoring:</strong> LOC 30 points, files 20, keywords 25, AI analysis 25, total 100.
          {' '}Significant commits are 50 points or more; simple fixes are under 50.
        </p>
        <div className="footer-side">
          {aiSource && <p className="ai-source-note" data-testid="ai-source-note">{aiSource}</p>}
          <button type="button" className="button button-ghost" onClick={() => explain()} aria-haspopup="dialog" data-testid="open-rules">
            <InfoIcon width={16} height={16} />
            How scores work
          </button>
        </div>
      </div>
    </footer>
  );
}
