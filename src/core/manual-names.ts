import leven from 'leven';
import { folded, trimSpaces } from '../shared/fold.js';
import { aliasRefusal, identityOwner } from '../shared/name-aliases.js';
import { LeaderboardError } from './errors.js';
import { readTextIfExists } from './store/files.js';


/**
 * A slip of the keyboard: one letter off in a name of five or more, two in one of ten or more.
 * Names apart only in their digits ("Team 2025", "Team 2026") are meant apart.
 */
const slip = (a: string, b: string): boolean => Math.min(a.length, b.length) >= 5 && a.replace(/\d/g, '0') !== b.replace(/\d/g, '0')
  && leven(a, b) <= (Math.min(a.length, b.length) >= 10 ? 2 : 1);

/** The names on the board as its index lists them ([] when there is none yet, or it cannot be read). */
export async function boardNames(indexFile: string): Promise<string[]> {
  try {
    const people = (JSON.parse((await readTextIfExists(indexFile)) ?? '{}') as { people?: unknown }).people;
    return Array.isArray(people) ? people.flatMap((p: unknown) => (Array.isArray(p) && typeof p[0] === 'string' ? [p[0]] : [])) : [];
  } catch {
    return [];
  }
}

/**
 * Refuses a manual contribution to a name that is not the board's or the manual file's but
 * looks like one of them ("alice" beside "Alice", "Alcie"): it made a second person, who then
 * showed in every period beside the first. `asNew` (contributor add): a person on the board
 * already is refused too, in any spelling; a slip may be someone else there.
 */
export function checkManualName(typed: string, board: readonly string[], manual: readonly string[], asNew: boolean, identities: Readonly<Record<string, readonly string[]>> = {}): void {
  const nfc = trimSpaces(typed.normalize('NFC'));
  const add = (name: string) => `Add to their score with \`leaderboard add-contribution "${name}" --score N\`.`;
  const canonical = identityOwner(nfc, identities);
  if (canonical !== null) {
    throw new LeaderboardError('INVALID_INPUT', aliasRefusal(nfc, canonical), `Use "${canonical}".`);
  }
  if (asNew) {
    // A manual record in another case is refused by addContributor with the page's words.
    const onBoard = board.find((n) => folded(n) === folded(nfc));
    if (onBoard !== undefined && !manual.some((n) => folded(n) === folded(nfc))) {
      throw new LeaderboardError('CONFLICT', `Contributor "${onBoard}" already exists on the board.`, add(onBoard));
    }
    return;
  }
  const known = [...new Set([...board, ...manual])];
  if (known.some((n) => n.normalize('NFC') === nfc)) return;
  const same = known.find((n) => folded(n) === folded(nfc));
  const like = same ?? known.find((n) => slip(folded(n), folded(nfc)));
  if (like === undefined) return;
  // Another case or accents is the same name to contributor add too: only a slip may be someone new.
  throw new LeaderboardError('INVALID_INPUT', `No contributor is named "${nfc}", but "${like}" is: it would be a second person.`,
    same !== undefined ? `Use "${like}".` : `Use "${like}", or \`leaderboard contributor add "${nfc}" --score N\` to add a new contributor of that name.`);
}
