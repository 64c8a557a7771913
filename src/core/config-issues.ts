import leven from 'leven';
import { z } from 'zod';
import { LeaderboardError } from './errors.js';

/** One problem of the config file: where (`ai.baseUrl`, or `(top level)`) and what. */
export interface ConfigIssue {
  path: PropertyKey[];
  message: string;
}

// Last words of a key that name a secret: `apiKey`, `api_key`, `accessToken`, `password`. Only the
// last word, so `maxTokens` or `tokenLimit` are unknown keys like any other.
const SECRET_WORDS = new Set(['key', 'apikey', 'token', 'secret', 'password', 'passwd', 'passphrase', 'credential', 'credentials', 'auth', 'authorization', 'bearer']);

/** Whether an unknown key names a secret (see SECRET_WORDS). */
export function namesSecret(key: string): boolean {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const last = words.at(-1);
  return last !== undefined && SECRET_WORDS.has(last);
}

/** The keys the object of `schema` at `path` knows, through defaults, optionals, arrays and records. */
function knownKeysAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  let at: z.core.$ZodType | undefined = schema;
  for (let i = 0; ; i++) {
    while (at instanceof z.ZodOptional || at instanceof z.ZodDefault || at instanceof z.ZodPrefault) at = at.unwrap();
    if (i === path.length) break;
    if (at instanceof z.ZodObject) at = (at.shape as Record<string, z.core.$ZodType | undefined>)[String(path[i])];
    else if (at instanceof z.ZodArray) at = at.element;
    else if (at instanceof z.ZodRecord) at = at.valueType;
    else return [];
  }
  return at instanceof z.ZodObject ? Object.keys(at.shape) : [];
}

/** The known key `key` is most likely a misspelling of (another case, a letter or two off), if any. */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const plain = (k: string) => k.toLowerCase().replace(/[^a-z0-9]/g, '');
  let best: { key: string; distance: number } | undefined;
  for (const k of known) {
    const distance = leven(plain(key), plain(k));
    // One edit for a key of up to three letters, two up to eight, three beyond: a typo, not another word.
    const allowed = k.length <= 3 ? 1 : k.length <= 8 ? 2 : 3;
    if (distance <= allowed && (!best || distance < best.distance)) best = { key: k, distance };
  }
  return best?.key;
}

/**
 * The issues of a config that does not match `schema`, in words. An unknown key is named on its
 * own with the known key it is likely a typo of ("identites": did you mean "identities"?), zod
 * saying only "Unrecognized key". An unknown key that names a secret is an error of its own.
 */
export function configIssues(error: z.ZodError, schema: z.core.$ZodType, file: string): ConfigIssue[] {
  return error.issues.flatMap((issue): ConfigIssue[] => {
    if (issue.code !== 'unrecognized_keys') return [{ path: issue.path, message: issue.message }];
    return issue.keys.map((key) => {
      if (namesSecret(key)) throw secretInConfig(file, [...issue.path, key]);
      const near = closestKey(key, knownKeysAt(schema, issue.path));
      return { path: issue.path, message: `unknown key "${key}"${near === undefined ? '' : `: did you mean "${near}"?`}` };
    });
  });
}

/** The error for a secret in the config file (never echoing its value), with where it goes instead. */
function secretInConfig(file: string, path: PropertyKey[]): LeaderboardError {
  const where = `${file}: ${path.map(String).join('.')}`;
  const committed = 'does not belong in the configuration file (it is committed with the repository)';
  if (path[0] === 'ai') return new LeaderboardError('INVALID_CONFIG', `${where}: an API key ${committed}.`, 'Remove it and set OPENAI_API_KEY or ANTHROPIC_API_KEY in the environment instead.');
  if (path[0] === 'github') return new LeaderboardError('INVALID_CONFIG', `${where}: a token ${committed}.`, 'Remove it and set GITHUB_TOKEN (or GH_TOKEN) in the environment instead, or sign in with `gh auth login`.');
  // A repository's token, a password: none is read from this file.
  return new LeaderboardError('INVALID_CONFIG', `${where}: a secret ${committed}, and none is read from it.`,
    'Remove it: GitHub tokens go in GITHUB_TOKEN, AI keys in OPENAI_API_KEY or ANTHROPIC_API_KEY, and a private repository\'s access in git\'s own credentials.');
}
