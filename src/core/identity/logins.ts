import type { PartActivity } from '../activity.js';
import { isBot } from '../bots.js';
import type { LeaderboardConfig } from '../config.js';
import { compareCodePoints } from '../leaderboards.js';
import type { ScoredCommit } from '../types.js';
import { isLoginAlias, noreplyLogin } from './identities.js';

/**
 * Links GitHub logins (reviewers, issue authors) to the board's contributors, in this order:
 * 1. `identities` in the config lists the login as `"@login"` among a contributor's aliases;
 * 2. a GitHub noreply commit email names the login (`login@users.noreply.github.com`): the
 *    contributor those commits count for;
 * 3. GitHub's answer for a commit author email (`PartActivity.emailLogins`): the contributor that
 *    email's commits count for;
 * 4. otherwise the login is a contributor of its own, named by its profile name
 *    (`PartActivity.profiles`), else the login; when two such accounts would have one name, each
 *    is named with its login after it: "John Smith (jsmith)".
 * When a rule finds several contributors for one login, the one with the most commits wins (ties:
 * the first name in code-point order). Logins are matched case-insensitively. Everything is read
 * from the whole board (all parts), and nothing depends on the order of the commits or the parts,
 * so a merged board links people as one refresh of all the repositories does. Returns null for a
 * login the config's bot rules (or a `[bot]` suffix) leave out.
 *
 * `commits` are named already (after applyIdentities), so rules 2 and 3 give canonical names.
 */
export function loginResolver(
  commits: readonly ScoredCommit[],
  activities: readonly PartActivity[],
  config: Pick<LeaderboardConfig, 'identities' | 'bots'>,
): (login: string) => string | null {
  const configured = new Map<string, string>();
  // A name alias (`"Fay Lee": ["Fay Lo"]`) names a reviewer called so too (by the profile, or the login).
  const nameAliases = new Map<string, string>();
  for (const [canonical, aliases] of Object.entries(config.identities)) {
    for (const alias of aliases) {
      if (!isLoginAlias(alias) && !alias.includes('@')) nameAliases.set(alias, canonical);
      if (!isLoginAlias(alias)) continue;
      const login = alias.trim().slice(1).toLowerCase();
      const prev = configured.get(login);
      // A login listed under two names: the first in code-point order, whatever the file's order.
      if (prev === undefined || compareCodePoints(canonical, prev) < 0) configured.set(login, canonical);
    }
  }
  // email (lowercased) -> name -> commits; login (noreply) -> name -> commits.
  const byEmail = new Map<string, Map<string, number>>();
  const byNoreply = new Map<string, Map<string, number>>();
  const add = (map: Map<string, Map<string, number>>, key: string, name: string, n = 1) => {
    let names = map.get(key);
    if (!names) map.set(key, (names = new Map()));
    names.set(name, (names.get(name) ?? 0) + n);
  };
  // Counted per author and email first: a history has a few hundred pairs, and the email's
  // lowercasing and noreply test per commit were ~20 ms of the reviews bench's 20,000.
  const pairs = new Map<string, Map<string, number>>();
  for (const c of commits) add(pairs, c.email, c.author);
  for (const [raw, names] of pairs) {
    const email = raw.trim().toLowerCase();
    const login = noreplyLogin(email);
    for (const [name, n] of names) {
      add(byEmail, email, name, n);
      if (login !== null) add(byNoreply, login, name, n);
    }
  }
  // login -> name -> commits, through GitHub's answers for emails.
  const byAnswer = new Map<string, Map<string, number>>();
  const profiles = new Map<string, string>();
  // Every login with a profile read (each reviewer's), as GitHub spells it.
  const spelt = new Map<string, string>();
  // Parts in repository order, so a profile name two parts disagree on is chosen the same way.
  const ordered = [...activities].sort((a, b) => compareCodePoints(a.repository, b.repository));
  for (const activity of ordered) {
    for (const [email, login] of Object.entries(activity.emailLogins)) {
      if (login === null) continue;
      const names = byEmail.get(email.trim().toLowerCase());
      if (!names) continue;
      for (const [name, n] of names) add(byAnswer, login.toLowerCase(), name, n);
    }
    for (const [login, name] of Object.entries(activity.profiles)) {
      const key = login.toLowerCase();
      if (!spelt.has(key)) spelt.set(key, login);
      if (name !== null && name.trim() !== '' && !profiles.has(key)) profiles.set(key, name.trim());
    }
  }
  // Rule 4 names two accounts alike when their profile names are (two John Smiths, neither with
  // a commit here): they are two people, each named with its login, "John Smith (jsmith)".
  const authors = new Set<string>();
  for (const names of pairs.values()) for (const name of names.keys()) authors.add(name);
  const ownName = (key: string, login: string): string => {
    const own = profiles.get(key) ?? login;
    return nameAliases.get(own) ?? own;
  };
  const linked = (key: string) => configured.has(key) || byNoreply.has(key) || byAnswer.has(key);
  const sharing = new Map<string, number>();
  for (const [key, login] of spelt) {
    const own = ownName(key, login);
    if (!linked(key) && !authors.has(own)) sharing.set(own, (sharing.get(own) ?? 0) + 1);
  }
  const cache = new Map<string, string | null>();
  // By the login as given too: asked once per review (60,000 on the reviews bench), lowercasing each was garbage.
  const asGiven = new Map<string, string | null>();
  return (login) => {
    const given = asGiven.get(login);
    if (given !== undefined) return given;
    const key = login.toLowerCase();
    let name = cache.get(key);
    if (name === undefined) {
      const own = ownName(key, login);
      const alone = (sharing.get(own) ?? 0) > 1 ? `${own} (${spelt.get(key) ?? login})` : own;
      const found = configured.get(key) ?? most(byNoreply.get(key)) ?? most(byAnswer.get(key)) ?? alone;
      const bot = key.endsWith('[bot]') || isBot(login, '', config.bots) || isBot(found, '', config.bots);
      cache.set(key, (name = bot ? null : found));
    }
    asGiven.set(login, name);
    return name;
  };
}

/** The name with the most commits (ties: first in code-point order); undefined for none. */
function most(names: Map<string, number> | undefined): string | undefined {
  if (!names) return undefined;
  let best: string | undefined;
  let count = -1;
  for (const [name, n] of names) {
    if (n > count || (n === count && compareCodePoints(name, best as string) < 0)) [best, count] = [name, n];
  }
  return best;
}
