import type { LeaderboardConfig } from '../config.js';
import type { ScoredCommit } from '../types.js';

/** GitHub's private commit addresses: `login@users.noreply.github.com` or `ID+login@...`. */
const NOREPLY = /^(?:\d+\+)?([^@+]+)@users\.noreply\.github\.com$/i;

/** The GitHub login of a noreply address, lowercased; null for any other address. */
export function noreplyLogin(email: string): string | null {
  const m = NOREPLY.exec(email.trim());
  return m ? (m[1] as string).toLowerCase() : null;
}

type Person = { name: string; email: string };

/** An `identities` alias that names a GitHub login: `@octocat`. */
export function isLoginAlias(alias: string): boolean {
  return /^@[A-Za-z0-9-]+$/.test(alias.trim());
}

/**
 * Decides one name per person, over every commit of the board (all repositories): a contributor
 * is their name, so the same mailmapped name in two repositories is already one contributor.
 * On top of that, in this order:
 * - `identities` in the config: an alias (a name, or an email in any case) becomes its canonical name;
 * - GitHub noreply addresses of one login are one person, named as most of their commits name
 *   them (ties: the first name in string order), or by `identities` when it names any of them.
 * The choice depends only on the set of commits, never on their order, so a board merged from
 * parts names people exactly as one refresh of all the repositories does.
 */
export function identityResolver(commits: readonly ScoredCommit[], identities: LeaderboardConfig['identities']): (p: Person) => string {
  const byName = new Map<string, string>();
  const byEmail = new Map<string, string>();
  for (const [canonical, aliases] of Object.entries(identities)) {
    for (const alias of aliases) {
      // `@login` names a GitHub account (see logins.ts), not a commit author.
      if (isLoginAlias(alias)) continue;
      if (alias.includes('@')) byEmail.set(alias.trim().toLowerCase(), canonical);
      // Composed (NFC) on both sides: git keeps a name as it was typed, decomposed on macOS.
      else byName.set(alias.normalize('NFC'), canonical);
    }
  }
  const configured = (p: Person): string | undefined => byEmail.get(p.email.trim().toLowerCase()) ?? byName.get(p.name.normalize('NFC'));

  // login -> name -> commits naming it (authors and co-authors alike).
  const logins = new Map<string, Map<string, number>>();
  // login -> the canonical names `identities` gives any of its commits, by name or by email: an
  // email alias of one of a login's addresses names the login too (its other address was left
  // with the name most of its commits use).
  const configuredFor = new Map<string, Set<string>>();
  // email -> name -> commits naming it: the name of someone a trailer gives by email alone.
  const emailNames = new Map<string, Map<string, number>>();
  const count = (p: Person, n: number) => {
    // `Co-authored-by: <email>` names nobody (the trailer's email stands in as its name): no vote
    // for a name, or its email outvoted the person's own commits and renamed them.
    if (!named(p)) return;
    const email = p.email.trim().toLowerCase();
    // No email ties nobody to anybody: a commit with neither name nor email was given the name of
    // whoever else had an empty email (the first in string order, of people who share nothing).
    if (email !== '') {
      let byName = emailNames.get(email);
      if (!byName) emailNames.set(email, (byName = new Map()));
      byName.set(p.name, (byName.get(p.name) ?? 0) + n);
    }
    const login = noreplyLogin(p.email);
    if (login === null) return;
    let names = logins.get(login);
    if (!names) logins.set(login, (names = new Map()));
    names.set(p.name, (names.get(p.name) ?? 0) + n);
    const set = configured(p);
    if (set === undefined) return;
    let canonical = configuredFor.get(login);
    if (!canonical) configuredFor.set(login, (canonical = new Set()));
    canonical.add(set);
  };
  // Each name and email pair once, with its commits: a history has a few thousand pairs and up to
  // a million commits, and counting each commit's pair cost a lowercased email per commit.
  const pairs = new Map<string, Map<string, number>>();
  const tally = (name: string, email: string) => {
    let emails = pairs.get(name);
    if (!emails) pairs.set(name, (emails = new Map()));
    emails.set(email, (emails.get(email) ?? 0) + 1);
  };
  for (const c of commits) {
    tally(c.author, c.email);
    for (const co of c.co_authors ?? []) tally(co.name, co.email);
  }
  for (const [name, emails] of pairs) for (const [email, n] of emails) count({ name, email }, n);
  const loginName = new Map<string, string>();
  for (const [login, names] of logins) {
    const canonical = [...(configuredFor.get(login) ?? [])].sort()[0];
    loginName.set(login, canonical ?? commonest(names));
  }

  const resolve = (p: Person): string => {
    const set = configured(p);
    if (set !== undefined) return set;
    const login = noreplyLogin(p.email);
    const ofLogin = login !== null ? loginName.get(login) : undefined;
    if (ofLogin !== undefined) return ofLogin;
    if (named(p)) return p.name;
    // Given by email alone (or with an empty name, which git can import): as that email's commits
    // name the person, else by the email; two nameless people were one contributor named "".
    const names = emailNames.get(p.email.trim().toLowerCase());
    return names ? commonest(names) : p.name.trim() === '' && p.email.trim() !== '' ? p.email.trim() : p.name;
  };
  // Composed (NFC): a name git stored decomposed, as macOS writes it, is the same person as the
  // one typed elsewhere, and the board has one spelling of it (manual contributions are read so too).
  // Worked out once per name and email pair, not for each of a million commits.
  const resolved = new Map<string, Map<string, string>>();
  return (p) => {
    let emails = resolved.get(p.name);
    if (!emails) resolved.set(p.name, (emails = new Map()));
    let name = emails.get(p.email);
    if (name === undefined) emails.set(p.email, (name = resolve(p).normalize('NFC')));
    return name;
  };
}

/** Whether a person has a name of their own (a trailer with only an email has the email as its name). */
const named = (p: Person): boolean => p.name.trim() !== '' && p.name.trim().toLowerCase() !== p.email.trim().toLowerCase();

/** The name most commits use; a tie goes to the first in code-unit order. */
function commonest(names: ReadonlyMap<string, number>): string {
  let best = '';
  let most = -1;
  for (const [name, n] of names) if (n > most || (n === most && name < best)) [best, most] = [name, n];
  return best;
}

/**
 * The commits with their author and co-authors named as {@link identityResolver} decides; a
 * commit whose people keep their names is the same object (most of them, usually).
 */
export function applyIdentities(commits: ScoredCommit[], identities: LeaderboardConfig['identities']): ScoredCommit[] {
  const resolve = identityResolver(commits, identities);
  return commits.map((c) => {
    const author = resolve({ name: c.author, email: c.email });
    const coAuthors = c.co_authors?.map((co) => {
      const name = resolve(co);
      return name === co.name ? co : { ...co, name };
    });
    const coChanged = coAuthors !== undefined && coAuthors.some((co, i) => co !== c.co_authors?.[i]);
    if (author === c.author && !coChanged) return c;
    return { ...c, author, ...(coAuthors ? { co_authors: coAuthors } : {}) };
  });
}
