/**
 * Fair credit: co-authors (`Co-authored-by:` trailers) and reverts. refresh records what the
 * rules need on each commit it reads (read.ts); the leaderboards apply the settings (apply.ts).
 */
export { attachCreditLinks, CREDIT_LINKS_VERSION } from './read.js';
export { creditCounts, type CreditCounts } from './counts.js';
export { planCredit, type CreditPlan, type Share } from './apply.js';
