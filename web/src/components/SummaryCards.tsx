import { formatCount } from '../lib/format.js';
import type { Summary } from '../lib/summary.js';

interface CardSpec {
  id: string;
  label: string;
  value: string;
  hint: string;
  tone: string;
}

/**
 * The five numbers of the selected period, after filtering; a sixth, Reviews, on a board with
 * review data (`reviews`: pull requests reviewed in the period, each once per person).
 */
export function SummaryCards({ summary, reviews = null }: { summary: Summary; reviews?: number | null }) {
  const cards: CardSpec[] = [
    { id: 'total-commits', label: 'Total Commits', value: formatCount(summary.totalCommits), hint: 'in this period', tone: 'neutral' },
    { id: 'significant', label: 'Significant Changes', value: formatCount(summary.significantCommits), hint: '50 points or more', tone: 'green' },
    { id: 'simple', label: 'Simple Fixes', value: formatCount(summary.simpleCommits), hint: 'under 50 points', tone: 'blue' },
    { id: 'contributors', label: 'Contributors', value: formatCount(summary.contributors), hint: 'shown in the ranking', tone: 'orange' },
    { id: 'significance-rate', label: 'Significance Rate', value: `${summary.significanceRate}%`, hint: 'significant / total', tone: 'purple' },
  ];
  if (reviews !== null) cards.push({ id: 'reviews', label: 'Reviews', value: formatCount(reviews), hint: 'one per person and pull request', tone: 'purple' });
  return (
    <section className={`summary-grid${reviews !== null ? ' has-six' : ''}`} aria-label="Summary" data-testid="summary-cards">
      {cards.map((c) => (
        <div key={c.id} className={`card summary-card tone-${c.tone}`} data-testid={`summary-${c.id}`}>
          <p className="summary-label">{c.label}</p>
          <p className="summary-value" data-testid={`summary-${c.id}-value`}>{c.value}</p>
          <p className="summary-hint">{c.hint}</p>
        </div>
      ))}
    </section>
  );
}
