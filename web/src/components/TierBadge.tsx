/** The CSS modifier of a tier: t0-t3, or other for any tier the data file invents. */
export function tierClass(tier: string): string {
  return /^T[0-3]$/.test(tier) ? `tier-${tier.toLowerCase()}` : 'tier-other';
}

/** A coloured tier code ('T0') followed by its name ('Elite'). */
export function TierBadge({ tier, name }: { tier: string; name?: string }) {
  return (
    <span className="tier" data-testid="tier">
      <span className={`tier-badge ${tierClass(tier)}`} data-testid="tier-badge">{tier}</span>
      {name && <span className="tier-name" data-testid="tier-name">{name}</span>}
    </span>
  );
}
