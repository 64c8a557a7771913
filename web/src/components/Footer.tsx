import { aiSourceNote } from '../lib/format.js';

/** The scoring rules, at the bottom of the page, and which scorer produced the AI part. */
export function Footer({ metadata }: { metadata: Record<string, unknown> }) {
  const aiSource = aiSourceNote(metadata);
  return (
    <footer className="site-footer" data-testid="footer">
      <div className="container footer-inner">
        <p className="scoring-text" data-testid="scoring-text">
          <strong>Scoring:</strong> LOC 30 points, files 20, keywords 25, AI analysis 25, total 100.
          {' '}Significant commits are 50 points or more; simple fixes are under 50.
        </p>
        {aiSource && <p className="ai-source-note" data-testid="ai-source-note">{aiSource}</p>}
      </div>
    </footer>
  );
}
