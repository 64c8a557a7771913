import type { PeriodType } from '../../../../src/shared/data-file.js';
import { formatAverage, totalScoreHint, type ContributorSummary } from '../../lib/contributor-summary.js';
import { formatCount, formatScore, wholePercent } from '../../lib/format.js';
import { PERIOD_TYPE_NAMES } from '../../lib/periods.js';
import type { PeriodStanding } from '../../lib/standings.js';
import { TierBadge } from '../TierBadge.js';

interface OverviewProps {
  type: PeriodType;
  /** The selected period, and their standing in it (null: no entry there). */
  period: string | null;
  current: PeriodStanding | null;
  summary: ContributorSummary;
  /** The board has review data: the total includes review points. */
  reviews?: boolean;
}

const PERIOD_WORDS: Record<PeriodType, [string, string]> = { weekly: ['week', 'weeks'], monthly: ['month', 'months'], quarterly: ['quarter', 'quarters'] };

/** Their place in the selected period, then the numbers over every period of the type. */
export function ContributorOverview({ type, period, current, summary, reviews = false }: OverviewProps) {
  const [one, many] = PERIOD_WORDS[type];
  const stats: { id: string; label: string; value: string; hint: string }[] = [
    {
      id: 'best-rank', label: 'Best rank',
      value: summary.best ? `#${summary.best.rank}` : '-',
      hint: !summary.best ? `no ${type} entry`
        : summary.best.times === 1 ? `in ${summary.best.label}` : `in ${summary.best.times} ${many}, the last in ${summary.best.label}`,
    },
    { id: 'periods-active', label: 'Periods active', value: formatCount(summary.periodsActive), hint: `of ${formatCount(summary.periodsTotal)} ${summary.periodsTotal === 1 ? one : many}` },
    { id: 'total-score', label: 'Total score', value: formatScore(summary.totalScore), hint: totalScoreHint(summary, reviews) },
    { id: 'average-score', label: 'Average score', value: formatAverage(summary.avgPerCommit), hint: `per commit; ${formatAverage(summary.avgPerPeriod)} per active ${one}` },
    { id: 'significant-ratio', label: 'Significant ratio', value: `${wholePercent(summary.significanceRatio)}%`, hint: `${formatCount(summary.significant)} of ${formatCount(summary.commits)} significant` },
  ];
  return (
    <>
      <p className="contributor-standing" data-testid="contributor-standing">
        {current ? (
          <>
            <TierBadge tier={current.tier} name={current.tier_name} />
            <span>Rank <strong data-testid="contributor-rank">#{current.rank}</strong> in {period} ({PERIOD_TYPE_NAMES[type]}), {formatScore(current.total_score)} points</span>
          </>
        ) : (
          <span>No entry in {period ?? `any ${one}`}.</span>
        )}
      </p>
      <section className="summary-grid contributor-stats" aria-label={`Over all ${many}`} data-testid="contributor-stats">
        {stats.map((s) => (
          <div key={s.id} className="card summary-card tone-neutral" data-testid={`stat-${s.id}`}>
            <p className="summary-label">{s.label}</p>
            <p className="summary-value" data-testid={`stat-${s.id}-value`}>{s.value}</p>
            <p className="summary-hint">{s.hint}</p>
          </div>
        ))}
      </section>
    </>
  );
}
