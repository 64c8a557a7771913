import { TierBadge } from './TierBadge.js';

const TIERS = [
  { tier: 'T0', text: 'Elite (Top 5)' },
  { tier: 'T1', text: 'Advanced (6-12)' },
  { tier: 'T2', text: 'Intermediate (13-22)' },
  { tier: 'T3', text: 'Contributing (23+)' },
];

/** T0 Elite (Top 5), T1 Advanced (6-12), T2 Intermediate (13-22), T3 Contributing (23+). */
export function TierLegend() {
  return (
    <ul className="tier-legend" aria-label="Tiers" data-testid="tier-legend">
      {TIERS.map((t) => (
        <li key={t.tier}><TierBadge tier={t.tier} name={t.text} /></li>
      ))}
    </ul>
  );
}
