import { isBot } from '../bots.js';
import type { LeaderboardConfig } from '../config.js';
import type { ScoredCommit } from '../types.js';

/** Someone a commit can be credited to. */
export interface Person {
  name: string;
  email: string;
}

/**
 * The people behind a commit: its author, then its co-authors. Both arrive mapped by git's
 * mailmap (the author by `git log --use-mailmap`, co-authors by `git check-mailmap`), and both
 * pass through here, the one place where a person is decided (config `identities` belongs here).
 * Co-authors who are bots, the author themself (same name, or same email in any case), or
 * listed twice are left out.
 */
export function commitPeople(commit: Pick<ScoredCommit, 'author' | 'email' | 'co_authors'>, bots: LeaderboardConfig['bots']): Person[] {
  const author: Person = { name: commit.author, email: commit.email };
  if (!commit.co_authors || commit.co_authors.length === 0) return [author];
  const names = new Set([author.name]);
  const emails = new Set([author.email.toLowerCase()]);
  const people = [author];
  for (const co of commit.co_authors) {
    const email = co.email.toLowerCase();
    if (names.has(co.name) || emails.has(email) || isBot(co.name, co.email, bots)) continue;
    names.add(co.name);
    emails.add(email);
    people.push({ name: co.name, email: co.email });
  }
  return people;
}
