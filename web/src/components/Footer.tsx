/** The scoring rules, at the bottom of the page. */
export function Footer() {
  return (
    <footer className="site-footer" data-testid="footer">
      <div className="container">
        <p className="scoring-text" data-testid="scoring-text">
          <strong>Scoring:</strong> LOC 30 points, files 20, keywords 25, AI analysis 25, total 100.
          {' '}Significant commits are 50 points or more; simple fixes are under 50.
        </p>
      </div>
    </footer>
  );
}
