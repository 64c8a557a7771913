import { realpath } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { folded } from '../shared/fold.js';
import { aliasRefusal, identityOwner, type Identities } from '../shared/name-aliases.js';
import { parseCoAuthors } from './credit/trailers.js';
import { mailmapContacts, type Contact } from './git/mailmap.js';
import { runGit } from './git/run-git.js';

/**
 * Names a new manual contribution may not go under because they are another name of someone: an
 * alias `identities` gives a person, or a name the repository's mailmap maps to another one
 * (`G. Hopper <gh@laptop>` to `Grace Hopper`). Saved, either was a second person beside the
 * first, who shows under the canonical name only. One check for add-contribution, contributor
 * add, import and the admin API's save.
 */

/** The person a name is another name of, and what says so. */
export interface OtherName {
  canonical: string;
  by: 'identities' | 'mailmap';
}

/** Where names are looked up: the board's repository, its config's identities and the board's names. */
export interface OtherNamesContext {
  repo: string;
  identities: Identities;
  /** The names on the board: one there, in any case or accents, is not taken for an alias of the mailmap. */
  board: readonly string[];
}

/**
 * Of `names`, those that are another name of someone, by identities first, then by the mailmap
 * git applies to the repository's commits (`.mailmap`, `mailmap.file`, `mailmap.blob`). A name the
 * mailmap maps is one some commit's author or co-author was written under and git maps to another
 * name; a name on the board is someone's and is never refused here (the board is mailmapped).
 * Without a repository (a data directory used alone) there is no mailmap to read.
 */
export async function otherNames(names: readonly string[], ctx: OtherNamesContext): Promise<Map<string, OtherName>> {
  const found = new Map<string, OtherName>();
  const onBoard = new Set(ctx.board.map(folded));
  const rest: string[] = [];
  for (const name of names) {
    const canonical = identityOwner(name, ctx.identities);
    if (canonical !== null) found.set(name, { canonical, by: 'identities' });
    else if (!onBoard.has(folded(name)) && !/[\r\n]/.test(name) && name.trim() !== '') rest.push(name);
  }
  for (const [name, canonical] of await mailmapOwners(ctx.repo, rest)) found.set(name, { canonical, by: 'mailmap' });
  return found;
}

/** Why a contribution under `name`, another name of someone, is refused (the hint says which name to use). */
export const otherNameRefusal = (name: string, other: OtherName): string => (other.by === 'identities'
  ? aliasRefusal(name, other.canonical)
  : `"${name}" is another name of "${other.canonical}" (the repository's mailmap maps commits under it to "${other.canonical}"): a contribution under it would be a second person.`);

/** `(another name of "X" in identities)`, `(... in the repository's mailmap)`: a name in a list of refused ones. */
export const otherNameNote = (other: OtherName): string =>
  `another name of "${other.canonical}" in ${other.by === 'identities' ? 'identities' : "the repository's mailmap"}`;

/**
 * The names of `names` that commits of `repo` (HEAD's history, as a refresh reads it) were
 * written under, as author or co-author, and that git's mailmap maps to another name: name ->
 * that name. Git finds the commits (`--author`, `--grep`, fixed strings in any case) and maps the
 * contacts (`git check-mailmap`): which mailmap applies, and how an entry matches, is git's.
 */
async function mailmapOwners(repo: string, names: readonly string[]): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  if (names.length === 0 || !(await hasMailmap(repo))) return owners;
  // A name git stored decomposed (as macOS writes it) is found typed composed, and the reverse.
  const patterns = [...new Set(names.flatMap((n) => [n.normalize('NFC'), n.normalize('NFD')]))];
  const log = (args: string[]) => runGit(repo, ['log', '--no-mailmap', '--no-merges', '-F', '-i', ...args, 'HEAD', '--'], { okCodes: [0, 128] })
    .then((r) => (r.code === 0 ? r.stdout : ''));
  const [authors, messages] = await Promise.all([
    log([...patterns.map((p) => `--author=${p}`), '--format=%an%x00%ae']),
    log([...patterns.map((p) => `--grep=${p}`), '-z', '--format=%B']),
  ]);
  // Names alike in case or accents are one person's to git's --author -i and to the board.
  const wanted = new Map<string, string[]>();
  for (const n of names) wanted.set(folded(n), [...(wanted.get(folded(n)) ?? []), n]);
  const contacts = new Map<string, Contact>();
  const consider = (c: Contact) => {
    if (wanted.has(folded(c.name))) contacts.set(`${c.name}\0${c.email}`, c);
  };
  for (const line of authors.split('\n')) {
    const [name, email] = line.split('\0');
    if (name !== undefined && email !== undefined) consider({ name, email });
  }
  for (const message of messages.split('\0')) parseCoAuthors(message).forEach(consider);
  if (contacts.size === 0) return owners;
  const asked = [...contacts.values()];
  const mapped = await mailmapContacts(repo, asked);
  asked.forEach((raw, i) => {
    const to = mapped[i];
    if (to === undefined || to.name.normalize('NFC') === raw.name.normalize('NFC')) return;
    for (const name of wanted.get(folded(raw.name)) ?? []) if (!owners.has(name)) owners.set(name, to.name);
  });
  return owners;
}

/**
 * Whether git applies a mailmap to `repo`: it is the top of a work tree (a data directory's
 * parent folder, used alone, may be none, or a folder inside another repository) that has a
 * `.mailmap`, or git's config sets `mailmap.file` or `mailmap.blob`.
 */
async function hasMailmap(repo: string): Promise<boolean> {
  if (!existsSync(repo)) return false;
  const top = await runGit(repo, ['rev-parse', '--show-toplevel'], { okCodes: [0, 128] }).catch(() => null);
  if (top?.code !== 0) return false;
  const [own, given] = await Promise.all([realpath(repo), realpath(top.stdout.trim()).catch(() => '')]);
  if (own !== given) return false;
  if (existsSync(path.join(repo, '.mailmap'))) return true;
  const configured = await runGit(repo, ['config', '--get-regexp', '^mailmap\\.(file|blob)$'], { okCodes: [0, 1] }).catch(() => null);
  return configured?.code === 0 && configured.stdout.trim() !== '';
}
