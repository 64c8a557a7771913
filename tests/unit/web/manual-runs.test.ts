import { describe, expect, it } from 'vitest';
import { manualItems, manualRuns } from '../../../web/src/lib/contributor-summary.js';
import type { PeriodStanding } from '../../../web/src/lib/standings.js';

const standing = (label: string, additional_score = 0, notes = ''): PeriodStanding => ({
  label, email: '', rank: 1, ranked: 1, tier: 'T0', tier_name: 'Elite', total_commits: 1, significant_commits: 0,
  commit_score: 10, additional_score, notes, total_score: 10 + additional_score, review_score: 0, issue_score: 0,
});

const where = (standings: PeriodStanding[], type: 'weekly' | 'monthly' | 'quarterly' = 'weekly') =>
  manualItems(manualRuns(standings, type), type).map((i) => [i.score, i.notes, i.periods, i.where]);

describe('Other contributions: the periods manual points applied to', () => {
  it('names only the periods that got them: neighbours in the board list months apart are not one run', () => {
    // An all-time contribution on a board whose weeks are W01, W36 and W37 (the points go only to periods that exist).
    expect(where([standing('2026-W01', 7, 'all time'), standing('2026-W36', 7, 'all time'), standing('2026-W37', 7, 'all time')]))
      .toEqual([[7, 'all time', 3, '2026-W01, 2026-W36 to 2026-W37 (3 weeks)']]);
  });

  it('keeps the dates of a single run, and counts calendar neighbours across a year as consecutive', () => {
    expect(where([standing('2025-W52', 5, 'triage'), standing('2026-W01', 5, 'triage')]))
      .toEqual([[5, 'triage', 2, '2025-W52 to 2026-W01 (Dec 22, 2025 – Jan 4, 2026)']]);
    expect(where([standing('2025-12', 4, 'docs'), standing('2026-01', 4, 'docs'), standing('2026-03', 4, 'docs')], 'monthly'))
      .toEqual([[4, 'docs', 3, '2025-12 to 2026-01, 2026-03 (3 months)']]);
  });

  it('keeps a different score or notes on a line of its own, and skips periods without manual points', () => {
    expect(where([standing('2026-W01', 7, 'all time'), standing('2026-W02'), standing('2026-W03', 17, 'all time; talk'), standing('2026-W04', 7, 'all time')]))
      .toEqual([[7, 'all time', 2, '2026-W01, 2026-W04 (2 weeks)'], [17, 'all time; talk', 1, '2026-W03 (Jan 12, 2026 – Jan 18, 2026)']]);
  });

  it('counts the middle runs of a very long list instead of listing them', () => {
    const odd = Array.from({ length: 20 }, (_, i) => standing(`2026-W${String(2 * i + 1).padStart(2, '0')}`, 1, 'on call'));
    expect(where(odd)).toEqual([[1, 'on call', 20, '2026-W01, 2026-W03, 2026-W05, … 15 more …, 2026-W37, 2026-W39 (20 weeks)']]);
  });
});
