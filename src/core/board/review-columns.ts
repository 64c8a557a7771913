import { REVIEW_STATES, type ReviewStateName } from '../../shared/review-rows.js';
import { wholeSeconds } from '../../shared/seconds.js';
import type { ReviewRecord } from '../activity.js';
import { PullRows } from './pull-rows.js';

/**
 * Reviews as columns, from the activity file to the data file: a review is an index, its pull
 * request and login indexes into tables of their own. An object per review, sorted, named and
 * copied on the way, cost the reviews bench's refresh (60,000 reviews) ~75 ms more of node's
 * main thread, and garbage.
 */
export interface ReviewColumns {
  readonly length: number;
  /** Pull request rows; a review's `pull` is an index into them. */
  readonly pulls: PullTable;
  readonly logins: readonly string[];
  readonly pull: Int32Array;
  readonly login: Int32Array;
  /** An index into REVIEW_STATES. */
  readonly state: Uint8Array;
  /** When it was submitted, in ms since 1970 (NaN when the date cannot be read). */
  readonly ms: Float64Array;
  /** The text of each date that is not whole seconds as GitHub writes them, by review: the others are made again from `ms`. */
  readonly odd: ReadonlyMap<number, string>;
}

/** Pull request rows, by index. */
export interface PullTable {
  readonly repo: readonly string[];
  readonly pr: readonly number[];
  readonly title: readonly string[];
  readonly url: readonly string[];
  /** The pull request author's index into the logins; -1 when not known. */
  readonly author: readonly number[];
}

/** Board reviews: columns linked to contributors, in the board's order (see boardOrderOf). */
export interface NamedColumns extends ReviewColumns {
  /** Each review's contributor: an index into `names`. */
  readonly person: Int32Array;
  readonly names: readonly string[];
}

/** Columns known to be in the board's order (see boardOrderOf): not checked again. */
export const inBoardOrder = new WeakSet<ReviewColumns>();

/** A state's index in REVIEW_STATES: the same order as their names, so it sorts as they do. */
export const STATE_CODE: Readonly<Record<ReviewStateName, number>> = { APPROVED: 0, CHANGES_REQUESTED: 1, COMMENTED: 2 };

/**
 * Sets review `i`'s time in `ms` from its date: GitHub's form by character codes (Date.parse was
 * ~20 ms of 60,000), else Date.parse, its text then kept in `odd`.
 */
export function setTime(ms: Float64Array | number[], odd: Map<number, string>, i: number, date: string): void {
  const s = wholeSeconds(date);
  if (s !== null) {
    ms[i] = s * 1000;
  } else {
    ms[i] = Date.parse(date);
    odd.set(i, date);
  }
}

/** Strings numbered in the order first met: `list[id(s)] === s`. */
export class Numbering {
  readonly list: string[] = [];
  private readonly ids = new Map<string, number>();

  id(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      this.ids.set(s, (id = this.list.length));
      this.list.push(s);
    }
    return id;
  }
}

/** Builds columns one review at a time (reviews read as records: a sync's, a merge's, tests'). */
export class ColumnsBuilder {
  private readonly pulls = { repo: [] as string[], pr: [] as number[], title: [] as string[], url: [] as string[], author: [] as number[] };
  /** One row per repository, number, title and URL (a retitled pull request has two). */
  private readonly pullRows = new PullRows();
  private readonly logins = new Numbering();
  private readonly pull: number[] = [];
  private readonly login: number[] = [];
  private readonly state: number[] = [];
  private readonly ms: number[] = [];
  private readonly odd = new Map<number, string>();

  pullId(repo: string, pr: number, title: string, url: string, author: string | undefined): number {
    const p = this.pulls;
    const id = this.pullRows.idOf(repo, pr, title, url);
    if (id === p.pr.length) {
      p.repo.push(repo);
      p.pr.push(pr);
      p.title.push(title);
      p.url.push(url);
      p.author.push(-1);
    }
    if (author !== undefined && p.author[id] === -1) p.author[id] = this.logins.id(author);
    return id;
  }

  add(r: Pick<ReviewRecord, 'pr' | 'title' | 'url' | 'state' | 'submittedAt' | 'login' | 'prAuthor'>, repo: string): void {
    setTime(this.ms, this.odd, this.pull.length, r.submittedAt);
    this.pull.push(this.pullId(repo, r.pr, r.title, r.url, r.prAuthor));
    this.login.push(this.logins.id(r.login));
    this.state.push(STATE_CODE[r.state]);
  }

  build(): ReviewColumns {
    return {
      length: this.pull.length, pulls: this.pulls, logins: this.logins.list,
      pull: Int32Array.from(this.pull), login: Int32Array.from(this.login), state: Uint8Array.from(this.state), ms: Float64Array.from(this.ms), odd: this.odd,
    };
  }
}

/** Columns of review records of one repository, in their order. */
export function columnsOf(reviews: readonly Pick<ReviewRecord, 'pr' | 'title' | 'url' | 'state' | 'submittedAt' | 'login' | 'prAuthor'>[], repo: string): ReviewColumns {
  const b = new ColumnsBuilder();
  for (const r of reviews) b.add(r, repo);
  return b.build();
}

/** Review `i`'s date as written: as it was read, or (whole seconds) made again. */
export function dateText(c: ReviewColumns, i: number, iso: (seconds: number) => string): string {
  return c.odd.get(i) ?? iso((c.ms[i] as number) / 1000);
}

/** Review `i` as a record (for a merge's activity file, which holds them as objects). */
export function recordOf(c: ReviewColumns, i: number, iso: (seconds: number) => string): ReviewRecord {
  const p = c.pull[i] as number;
  const author = c.pulls.author[p] as number;
  const r: ReviewRecord = {
    pr: c.pulls.pr[p] as number, title: c.pulls.title[p] as string, url: c.pulls.url[p] as string,
    state: REVIEW_STATES[c.state[i] as number] as ReviewStateName, submittedAt: dateText(c, i, iso), login: c.logins[c.login[i] as number] as string,
  };
  if (author !== -1) r.prAuthor = c.logins[author] as string;
  return r;
}

/** Whether reviews are columns (a refresh's) rather than records (a merge's, a test's). */
export const isColumns = (reviews: readonly ReviewRecord[] | ReviewColumns): reviews is ReviewColumns => !Array.isArray(reviews);

/** The reviews `keep` of `c` (ascending), each counted for `person[k]` of `names`. */
export function namedSubset(c: ReviewColumns, keep: Int32Array, person: Int32Array, names: readonly string[]): NamedColumns {
  const n = keep.length;
  const pull = new Int32Array(n);
  const login = new Int32Array(n);
  const state = new Uint8Array(n);
  const ms = new Float64Array(n);
  const odd = new Map<number, string>();
  for (let k = 0; k < n; k++) {
    const i = keep[k] as number;
    pull[k] = c.pull[i] as number;
    login[k] = c.login[i] as number;
    state[k] = c.state[i] as number;
    ms[k] = c.ms[i] as number;
    if (c.odd.size > 0 && c.odd.has(i)) odd.set(k, c.odd.get(i) as string);
  }
  const named = { length: n, pulls: c.pulls, logins: c.logins, pull, login, state, ms, odd, person, names };
  // Some of a list in order, in their order, are in order.
  if (inBoardOrder.has(c)) inBoardOrder.add(named);
  return named;
}

/** Several repositories' named reviews as one list (to be put in the board's order), their people of one `names`. */
export function concatNamed(parts: readonly NamedColumns[], names: readonly string[]): NamedColumns {
  if (parts.length === 1) return parts[0] as NamedColumns;
  const n = parts.reduce((sum, p) => sum + p.length, 0);
  const pulls = { repo: [] as string[], pr: [] as number[], title: [] as string[], url: [] as string[], author: [] as number[] };
  const logins: string[] = [];
  const out = { length: n, pulls, logins, pull: new Int32Array(n), login: new Int32Array(n), state: new Uint8Array(n), ms: new Float64Array(n), odd: new Map<number, string>(), person: new Int32Array(n), names };
  let at = 0;
  for (const p of parts) {
    const pullBase = pulls.pr.length;
    const loginBase = logins.length;
    // Loops, not push(...list): a spread of 150,000 rows or more overflows the stack.
    for (let k = 0; k < p.pulls.pr.length; k++) {
      pulls.repo.push(p.pulls.repo[k] as string);
      pulls.pr.push(p.pulls.pr[k] as number);
      pulls.title.push(p.pulls.title[k] as string);
      pulls.url.push(p.pulls.url[k] as string);
      const a = p.pulls.author[k] as number;
      pulls.author.push(a === -1 ? -1 : a + loginBase);
    }
    for (const login of p.logins) logins.push(login);
    for (let i = 0; i < p.length; i++) {
      out.pull[at + i] = (p.pull[i] as number) + pullBase;
      out.login[at + i] = (p.login[i] as number) + loginBase;
    }
    out.state.set(p.state, at);
    out.ms.set(p.ms, at);
    out.person.set(p.person, at);
    for (const [i, text] of p.odd) out.odd.set(at + i, text);
    at += p.length;
  }
  return out;
}
