/** What the credit rules did in one build (see `metadata.credit` of the data file). */
export interface CreditCounts {
  /** Analysed commits the revert rule scored 0. */
  cancelled: number;
  /** Analysed commits credited to co-authors as well as their author (`share`, `full`). */
  coAuthored: number;
}

/** The counts recorded in a data file's metadata, as `{ credit }` for a refresh result; {} when absent. */
export function creditCounts(metadata: Record<string, unknown>): { credit?: CreditCounts } {
  const credit = metadata.credit as Partial<CreditCounts> | undefined;
  if (typeof credit?.cancelled !== 'number' || typeof credit.coAuthored !== 'number') return {};
  return { credit: { cancelled: credit.cancelled, coAuthored: credit.coAuthored } };
}
