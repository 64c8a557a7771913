/**
 * `Co-authored-by:` trailers and `This reverts commit <hash>.` lines of a commit message.
 *
 * The trailer block is found the way git finds it (trailer.c, as `%(trailers)` and
 * `git interpret-trailers` use it for commit messages): the last paragraph of the message, not
 * the first (the title), whose lines are all trailers (`Token: value`, the token made of letters,
 * digits and `-`, optionally followed by blanks before the colon) or continuation lines, or that
 * holds a git-generated trailer (`Signed-off-by: `, `(cherry picked from commit `) and at least
 * 25% trailers.
 */

/** A person named by a trailer, as written (before .mailmap). */
export interface TrailerPerson {
  name: string;
  email: string;
}

/** One trailer: its token as written and its value with continuation lines joined. */
export interface Trailer {
  token: string;
  value: string;
}

const GIT_GENERATED = ['Signed-off-by: ', '(cherry picked from commit '];
const isBlank = (line: string): boolean => line.trim() === '';
const isComment = (line: string): boolean => line.startsWith('#');
const startsWithSpace = (line: string): boolean => line.startsWith(' ') || line.startsWith('\t');

/** Index of the `:` of a `Token: value` line, or -1 (git's find_separator). */
function separatorAt(line: string): number {
  let blanks = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === ':') return i;
    if (!blanks && /[A-Za-z0-9-]/.test(c)) continue;
    if (i > 0 && (c === ' ' || c === '\t')) {
      blanks = true;
      continue;
    }
    break;
  }
  return -1;
}

/** The lines of the message's trailer block (empty when it has none). */
export function trailerBlock(message: string): string[] {
  const lines = message.replace(/\r\n?/g, '\n').split('\n');
  // Trailing blank and comment lines are not part of the message (git's ignored bytes).
  let end = lines.length;
  while (end > 0 && (isBlank(lines[end - 1] as string) || isComment(lines[end - 1] as string))) end--;
  // The first paragraph is the title and cannot hold trailers.
  let title = 0;
  while (title < end && (isComment(lines[title] as string) || !isBlank(lines[title] as string))) title++;

  let trailers = 0;
  let others = 0;
  let continuations = 0;
  let recognized = false;
  for (let i = end - 1; i >= title; i--) {
    const line = lines[i] as string;
    if (isComment(line)) {
      others += continuations;
      continuations = 0;
      continue;
    }
    if (isBlank(line)) {
      others += continuations;
      const accepted = (recognized && trailers * 3 >= others) || (trailers > 0 && others === 0);
      return accepted ? lines.slice(i + 1, end) : [];
    }
    if (GIT_GENERATED.some((p) => line.startsWith(p))) {
      trailers++;
      continuations = 0;
      recognized = true;
    } else if (separatorAt(line) >= 1 && !startsWithSpace(line)) {
      trailers++;
      continuations = 0;
    } else if (startsWithSpace(line)) {
      continuations++;
    } else {
      others += 1 + continuations;
      continuations = 0;
    }
  }
  return [];
}

/** The trailers of the message's trailer block, continuation lines joined to their trailer. */
export function parseTrailers(message: string): Trailer[] {
  const out: Trailer[] = [];
  for (const line of trailerBlock(message)) {
    if (isComment(line)) continue;
    const last = out.at(-1);
    if (startsWithSpace(line)) {
      if (last) last.value = `${last.value} ${line.trim()}`.trim();
      continue;
    }
    const colon = separatorAt(line);
    if (colon < 1) continue;
    out.push({ token: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return out;
}

// `Name <email>`; the name may be empty (then the email stands for it).
const PERSON = /^([^<>]*?)\s*<\s*([^<>\s]+)\s*>$/;

/**
 * The people of the `Co-authored-by:` trailers (the token in any case), as written, each
 * `Name <email>` once (by email, case-insensitively); malformed values are skipped.
 */
export function parseCoAuthors(message: string): TrailerPerson[] {
  const seen = new Set<string>();
  const out: TrailerPerson[] = [];
  for (const { token, value } of parseTrailers(message)) {
    if (token.toLowerCase() !== 'co-authored-by') continue;
    const m = PERSON.exec(value);
    if (!m) continue;
    const email = m[2] as string;
    const name = (m[1] as string).trim() || email;
    const key = email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ name, email });
  }
  return out;
}

// git revert writes `This reverts commit <full hash>.`; lists of hashes are read too.
const REVERTS = /\bthis reverts commits?\s+((?:[0-9a-f]{7,64}\b[\s,]*(?:(?:and|&)\s+)?)+)/gi;
const HASH = /\b[0-9a-f]{7,64}\b/gi;

/**
 * The commits a message says it reverts (`This reverts commit <hash>.`, several such lines, or
 * `This reverts commits <a>, <b> and <c>.`), lower-cased, each once, as written (full or
 * abbreviated hashes).
 */
export function parseRevertTargets(message: string): string[] {
  const out: string[] = [];
  for (const m of message.matchAll(REVERTS)) {
    for (const h of (m[1] as string).matchAll(HASH)) {
      const hash = h[0].toLowerCase();
      if (!out.includes(hash)) out.push(hash);
    }
  }
  return out;
}
