import { folded, trimSpaces } from '../shared/fold.js';
import { LeaderboardError } from './errors.js';
import { readTextIfExists } from './store/files.js';


/**
 * Edits from `a` to `b`, two neighbouring letters swapped counting as one (optimal string
 * alignment): "Alcie" is one slip from "Alice", not two.
 */
export function slipDistance(a: string, b: string, changeCost = 1): number {
  const x = [...a];
  const y = [...b];
  // Three rows: the one before the previous is needed for a swap.
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const change = x[i - 1] === y[j - 1] ? 0 : changeCost;
      let d = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + change);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, (before[j - 2] as number) + 1);
      row.push(d);
    }
    before = previous;
    previous = row;
  }
  return previous[y.length] as number;
}

/**
 * A slip of the keyboard between two folded names: a letter added, dropped, changed or swapped
 * with its neighbour, two such in a name of ten letters or more. Under five letters a changed
 * one is another name (Bob and Rob, Tom and Tim, 王小明 and 王小红), and names of one or two
 * letters are too short to tell a slip from another name. Letters are counted composed (a Hangul
 * syllable is one, not its three jamo). Names apart only in their digits ("Team 2025", "Team
 * 2026") are meant apart.
 */
const slip = (foldedA: string, foldedB: string): boolean => {
  const [a, b] = [foldedA.normalize('NFC'), foldedB.normalize('NFC')];
  const shorter = Math.min([...a].length, [...b].length);
  if (shorter < 3 || a.replace(/\d/g, '0') === b.replace(/\d/g, '0')) return false;
  return slipDistance(a, b, shorter < 5 ? 2 : 1) <= (shorter >= 10 ? 2 : 1);
};

/**
 * The name of `known` that `name` is in another spelling (case, accents, spaces), as a second
 * person would be made of it; undefined when `name` is one of them as written (in any Unicode
 * composition) or like none.
 */
export function spelledOtherwise(name: string, known: readonly string[]): string | undefined {
  const nfc = name.normalize('NFC');
  if (known.some((n) => n.normalize('NFC') === nfc)) return undefined;
  const key = folded(name);
  return known.find((n) => folded(n) === key);
}

/** A name as one word of a command to paste in a POSIX shell: in double quotes, or single ones when it holds what those expand or end. */
export const shellWord = (name: string): string => (/["$`\\!]/.test(name) ? `'${name.replace(/'/g, `'\\''`)}'` : `"${name}"`);

/**
 * `contributor add` of someone there already: a usage error (exit 2), as any name refused here. The
 * page's words ('Use the "Add Contribution" button instead') name a button the command line has not.
 */
export const alreadyExists = (name: string, where = ''): LeaderboardError => new LeaderboardError('INVALID_INPUT',
  `Contributor "${name}" already exists${where}.`, `Add to their score with \`leaderboard add-contribution ${shellWord(name)} --score N\`.`);

/** The people on the board as its index lists them, name and email ([] when there is none yet, or it cannot be read). */
export async function boardPeople(indexFile: string): Promise<[string, string][]> {
  try {
    const people = (JSON.parse((await readTextIfExists(indexFile)) ?? '{}') as { people?: unknown }).people;
    return Array.isArray(people) ? people.flatMap((p: unknown) => (Array.isArray(p) && typeof p[0] === 'string' ? [[p[0], typeof p[1] === 'string' ? p[1] : '']] : [])) : [];
  } catch {
    return [];
  }
}

/** The names on the board as its index lists them ([] when there is none yet, or it cannot be read). */
export async function boardNames(indexFile: string): Promise<string[]> {
  return (await boardPeople(indexFile)).map(([name]) => name);
}

/**
 * Refuses an email given to `name` that is someone else's: on the board, in the manual file or
 * among their identities. Saved, it showed one person with another's address, and said nothing.
 * One `name` has already (a namesake's too: `Hank` and `Hank Hill` committing as one address) is
 * theirs: the board shows them with it.
 */
export function checkManualEmail(email: string, name: string, board: readonly (readonly [string, string])[], manual: Readonly<Record<string, { email?: string }>>,
  identities: Readonly<Record<string, readonly string[]>> = {}): void {
  const wanted = email.trim().toLowerCase();
  if (wanted === '') return;
  const self = trimSpaces(name).normalize('NFC');
  const same = (e: string | undefined) => e?.trim().toLowerCase() === wanted;
  const owners = [
    ...board.filter(([, e]) => same(e)).map(([n]) => ({ owner: n, where: 'on the board' })),
    ...Object.entries(manual).filter(([, r]) => same(r.email)).map(([n]) => ({ owner: n, where: 'in manual-contributions.json' })),
    ...Object.entries(identities).filter(([, aliases]) => aliases.some(same)).map(([n]) => ({ owner: n, where: 'identities in leaderboard.config.json' })),
  ];
  if (owners.some((o) => o.owner.normalize('NFC') === self)) return;
  const other = owners[0];
  if (other === undefined) return;
  throw new LeaderboardError('INVALID_INPUT', `Email "${email.trim()}" is ${other.owner}'s (${other.where}): ${self} would show another person's address.`,
    `Pass ${self}'s own address, or leave --email out. If they are one person, add to "${other.owner}", or join the two names with identities in leaderboard.config.json.`);
}

/**
 * Refuses a manual contribution to a name that is not the board's or the manual file's but
 * looks like one of them ("alice" beside "Alice", "Alcie"): it made a second person, who then
 * showed in every period beside the first. `asNew` (contributor add): a person on the board
 * already is refused too, in any spelling; a slip may be someone else there. Another name of
 * someone (identities, the mailmap) is refused before, by other-names.ts.
 */
export function checkManualName(typed: string, board: readonly string[], manual: readonly string[], asNew: boolean): void {
  const nfc = trimSpaces(typed.normalize('NFC'));
  if (asNew) {
    // A manual record in another case is refused by addContributor.
    const onBoard = board.find((n) => folded(n) === folded(nfc));
    if (onBoard !== undefined && !manual.some((n) => folded(n) === folded(nfc))) throw alreadyExists(onBoard, ' on the board');
    return;
  }
  const known = [...new Set([...board, ...manual])];
  if (known.some((n) => n.normalize('NFC') === nfc)) return;
  const same = spelledOtherwise(nfc, known);
  const like = same ?? known.find((n) => slip(folded(n), folded(nfc)));
  if (like === undefined) return;
  // Another case or accents is the same name to contributor add too: only a slip may be someone new.
  throw new LeaderboardError('INVALID_INPUT', `No contributor is named "${nfc}", but "${like}" is: it would be a second person.`,
    same !== undefined ? `Use "${like}".` : `Use "${like}", or \`leaderboard contributor add ${shellWord(nfc)} --score N\` to add a new contributor of that name.`);
}
