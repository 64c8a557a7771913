import type { PeriodType } from '../shared/data-file.js';
import {
  contributorNameSchema,
  findExisting,
  isoDaySchema,
  MAX_MANUAL_SCORE,
  type Contribution,
  type ManualContributionsFile,
} from '../shared/manual-contributions.js';
import { identityOwner, type Identities } from '../shared/name-aliases.js';
import { LeaderboardError } from './errors.js';
import { alreadyExists } from './manual-names.js';
import { periodBounds } from './periods.js';

/** What one contributor's manual contributions add to one period. */
export interface PeriodContribution {
  /** Sum of the scores of the contributions that overlap the period. */
  score: number;
  /** Their non-empty notes, joined with `; `. */
  notes: string;
  /** The record's email, when it has one. */
  email?: string;
}

/** Input of {@link addContribution} and {@link addContributor}. */
export interface ContributionInput {
  name: string;
  score: number;
  notes?: string;
  /** First day it counts for, `YYYY-MM-DD`; empty or absent means open. */
  start?: string | null;
  /** Last day it counts for, `YYYY-MM-DD`; empty or absent means open. */
  end?: string | null;
  /** Sets or updates the contributor's email; empty or absent leaves it as it is. */
  email?: string;
}

type ContributorRecord = ManualContributionsFile['contributors'][string];

const recordEmail = (record: ContributorRecord): string | undefined =>
  'email' in record && typeof record.email === 'string' && record.email !== '' ? record.email : undefined;

const recordOf = (file: ManualContributionsFile, name: string): ContributorRecord | undefined =>
  Object.hasOwn(file.contributors, name) ? file.contributors[name] : undefined;

/** Whether `[start, end]` (null = open) overlaps the inclusive day range `[from, to]`. */
export function overlaps(c: Pick<Contribution, 'start_date' | 'end_date'>, from: string, to: string): boolean {
  return (c.start_date === null || c.start_date <= to) && (c.end_date === null || c.end_date >= from);
}

/**
 * Per contributor name, the manual contributions that count in one period: those whose
 * [start_date, end_date] overlaps the period's days (a null date is open on that side; both
 * null count in every period). Contributors with nothing overlapping are left out.
 */
export function contributionsInPeriod(file: ManualContributionsFile, type: PeriodType, label: string): Map<string, PeriodContribution> {
  const { start, end } = periodBounds(type, label);
  const result = new Map<string, PeriodContribution>();
  for (const [key, record] of Object.entries(file.contributors)) {
    const hits = record.contributions.filter((c) => overlaps(c, start, end));
    if (hits.length === 0) continue;
    // Composed, as the board names commit authors (see identityResolver): one person however the name was typed.
    const name = key.normalize('NFC');
    const notes = hits.map((c) => c.notes.trim()).filter((n) => n !== '').join('; ');
    const email = recordEmail(record);
    const score = hits.reduce((sum, c) => sum + c.score, 0);
    const same = result.get(name);
    const kept = same?.email ?? email;
    result.set(name, {
      score: (same?.score ?? 0) + score,
      notes: [same?.notes ?? '', notes].filter((n) => n !== '').join('; '),
      ...(kept ? { email: kept } : {}),
    });
  }
  return result;
}

/**
 * The manual contributions as the board counts them: a record under another name `identities`
 * gives someone (made before the config said so, or by hand) is that person's, as their commits
 * under it are. The file is not changed: the admin panel still lists the record as it is.
 */
export function manualUnderIdentities(file: ManualContributionsFile, identities: Identities): ManualContributionsFile {
  const owners = Object.keys(file.contributors).map((name) => [name, identityOwner(name, identities)] as const);
  if (owners.every(([, owner]) => owner === null)) return file;
  // Records of one person side by side: contributionsInPeriod adds up records of one name.
  const contributors = new Map<string, ManualContributionsFile['contributors'][string]>();
  for (const [name, owner] of owners) {
    const record = file.contributors[name] as ManualContributionsFile['contributors'][string];
    const key = owner ?? name;
    const same = contributors.get(key);
    if (!same) {
      contributors.set(key, record);
      continue;
    }
    // The person's own record gives the email, when it has one.
    const email = owner === null ? (record.email ?? same.email) : (same.email ?? record.email);
    contributors.set(key, { ...same, ...(email !== undefined ? { email } : {}), contributions: [...same.contributions, ...record.contributions] });
  }
  // fromEntries: a person named __proto__ is a key, not the object's prototype.
  return { ...file, contributors: Object.fromEntries(contributors) };
}

/** One @ with something either side, no spaces: what an address looks like (git's `alice@laptop` too), without the RFC's rarities. */
const EMAIL = /^[^\s@]+@[^\s@]+$/u;

const invalid = (message: string): LeaderboardError => new LeaderboardError('INVALID_INPUT', message);

function parseDay(value: string | null | undefined, field: string): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (!isoDaySchema.safeParse(text).success) {
    throw invalid(`${field} "${text}" is not a valid date: write it as YYYY-MM-DD (for example 2025-01-31)`);
  }
  return text;
}

/** Validates an input; returns the trimmed name, the contribution and the email to set. */
function validate(input: ContributionInput, scoreMessage: string): { name: string; contribution: Contribution; email?: string } {
  const name = contributorNameSchema.safeParse(input.name ?? '');
  if (!name.success) throw invalid(name.error.issues[0]?.message ?? 'Contributor name is required');
  if (!Number.isInteger(input.score) || input.score <= 0) throw invalid(scoreMessage);
  if (input.score > MAX_MANUAL_SCORE) throw invalid(`Score must be at most ${MAX_MANUAL_SCORE}`);
  const notes = input.notes ?? '';
  if (notes.length > 2000) throw invalid('Notes must be at most 2000 characters');
  const start = parseDay(input.start, 'Start date');
  const end = parseDay(input.end, 'End date');
  if (start !== null && end !== null && end < start) throw invalid(`End date ${end} is before start date ${start}`);
  const email = input.email?.trim() ?? '';
  if (email.length > 320) throw invalid('Email must be at most 320 characters');
  // Saved as given, it replaced the contributor's address on the page with anything typed.
  if (email && !EMAIL.test(email)) throw invalid(`Email "${email}" is not an email address: write it as name@domain (for example ada@example.com)`);
  return {
    name: name.data,
    contribution: { score: input.score, notes, start_date: start, end_date: end },
    ...(email ? { email } : {}),
  };
}

function withContribution(file: ManualContributionsFile, typed: string, contribution: Contribution, email: string | undefined): ManualContributionsFile {
  // The record's own spelling when it is the same name composed otherwise (NFC or NFD): one person.
  const name = recordOf(file, typed) ? typed : (Object.keys(file.contributors).find((n) => n.normalize('NFC') === typed.normalize('NFC')) ?? typed);
  const existing = recordOf(file, name);
  const keptEmail = email ?? (existing ? recordEmail(existing) : undefined);
  // Fields added by hand stay, in their place.
  const record: ContributorRecord = {
    ...existing,
    ...(keptEmail ? { email: keptEmail } : {}),
    contributions: [...(existing?.contributions ?? []), contribution],
  };
  // A plain copy plus a define keeps a contributor named like an Object.prototype key safe.
  const contributors = { ...file.contributors };
  Object.defineProperty(contributors, name, { value: record, enumerable: true, writable: true, configurable: true });
  return { ...file, contributors };
}

/**
 * Returns a new file with one contribution appended to `input.name` (created when missing);
 * `input.email` sets or updates the record's email. Does not mutate `file`. Throws
 * INVALID_INPUT: 'Contributor name is required', 'Score must be greater than 0' (any score that
 * is not a whole number above 0), a malformed date naming the field and the YYYY-MM-DD form, or
 * an end date before the start date.
 */
export function addContribution(file: ManualContributionsFile, input: ContributionInput): ManualContributionsFile {
  const { name, contribution, email } = validate(input, 'Score must be greater than 0');
  return withContribution(file, name, contribution, email);
}

/**
 * Returns a new file with a NEW contributor holding one initial contribution. Same checks as
 * {@link addContribution}, but the score message is 'Initial contribution score must be greater
 * than 0', and an existing name (in any case) is an INVALID_INPUT error: 'Contributor "{name}"
 * already exists.', with a hint naming `leaderboard add-contribution`.
 */
export function addContributor(file: ManualContributionsFile, input: ContributionInput): ManualContributionsFile {
  const { name, contribution, email } = validate(input, 'Initial contribution score must be greater than 0');
  // As the page compares: "ann" is "Ann".
  const existing = findExisting(file.contributors, name);
  if (existing !== null) throw alreadyExists(existing);
  return withContribution(file, name, contribution, email);
}
