import { lstat, readFile, readlink } from 'node:fs/promises';
import { LeaderboardError } from './errors.js';
import { describeSystemError, isSystemError } from './system-error.js';
import { firstDuplicateKey } from './store/duplicate-keys.js';

const SAVE_AS_UTF8 = 'Save it as UTF-8 (in Notepad: Save as, Encoding "UTF-8"; in VS Code: "Save with Encoding", "UTF-8"), '
  + 'or convert it with `iconv -f UTF-16 -t UTF-8`.';

/**
 * The text of the config file `file`, or null when there is none. A broken symbolic link is an
 * error, not "no config": a link to a config kept elsewhere that moved rebuilt the board with the
 * defaults, silently.
 */
export async function readConfigText(file: string): Promise<string | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw unreadableConfig(err, file);
    const link = await lstat(file).then((s) => s.isSymbolicLink(), () => false);
    if (!link) return null;
    const target = await readlink(file).catch(() => '(unreadable)');
    throw new LeaderboardError('INVALID_CONFIG', `${file} is a symbolic link to ${target}, which does not exist.`,
      'Point the link at the configuration file, or remove it to use the defaults.');
  }
  return decodeConfig(bytes, file);
}

/**
 * A config file that exists but cannot be read, in words and with a hint, as the data files say
 * it: Node's `EISDIR: illegal operation on a directory, read` named neither the cause nor a way out.
 */
function unreadableConfig(err: unknown, file: string): LeaderboardError {
  if (!isSystemError(err)) return new LeaderboardError('INVALID_CONFIG', `Cannot read ${file}: ${(err as Error).message}`);
  const described = describeSystemError(Object.assign(err, { path: file, dest: undefined }));
  const hint = err.code === 'EISDIR'
    ? `The configuration is one file: move the folder ${file} away (or rename it), then run the command again; without a file the defaults apply.`
    : err.code === 'EACCES' || err.code === 'EPERM'
      ? `Let your user read it (chmod u+r ${file}), or run the command as a user who can.`
      : described.hint;
  return new LeaderboardError('INVALID_CONFIG', described.message, hint, { cause: err });
}

/**
 * `bytes` as UTF-8 text, past a byte order mark (Windows editors write one, and JSON.parse then
 * stopped at an invisible character). Other encodings are refused by name: UTF-16 read as UTF-8
 * gave a JSON error quoting garbage.
 */
export function decodeConfig(bytes: Buffer, file: string): string {
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)
    ? 'from its byte order mark'
    : bytes.includes(0) ? 'it holds NUL bytes, as UTF-16 does' : null;
  if (utf16) throw new LeaderboardError('INVALID_CONFIG', `${file} is not UTF-8 text: ${utf16.startsWith('from') ? `it is UTF-16 (${utf16})` : utf16}.`, SAVE_AS_UTF8);
  try {
    // fatal: a stray Latin-1 byte is refused rather than read as U+FFFD; the BOM is dropped.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new LeaderboardError('INVALID_CONFIG', `${file} is not UTF-8 text.`, SAVE_AS_UTF8.replace('UTF-16', 'LATIN1'));
  }
}

/**
 * The JSON of the config text, refusing a key given twice in one object: JSON.parse keeps the
 * last silently (an identity's first list of names, or the first analysisPeriodDays, was dropped).
 */
export function parseConfigJson(text: string, file: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new LeaderboardError('INVALID_CONFIG', `${file} is not valid JSON: ${(err as Error).message}`, 'Fix the JSON syntax or delete the file to use the defaults.');
  }
  const twice = firstDuplicateKey(text);
  if (twice) {
    const where = twice.path.length > 0 ? ` in ${twice.path.join('.')}` : '';
    throw new LeaderboardError('INVALID_CONFIG', `${file} lists "${twice.key}" twice${where} (lines ${twice.lines[0]} and ${twice.lines[1]}): only the last would be read, and the first lost.`,
      'Merge the two into one (keep the value you mean), then run the command again.');
  }
  return json;
}
