import path from 'node:path';
import { z } from 'zod';
import { coAuthorModeSchema, revertModeSchema } from '../shared/credit.js';
import { adminChangesSchema } from '../shared/site-admin.js';
import { configIssues } from './config-issues.js';
import { parseConfigJson, readConfigText } from './config-text.js';
import { LeaderboardError } from './errors.js';
import { parseInterval } from './interval.js';

export const CONFIG_FILE_NAME = 'leaderboard.config.json';

/**
 * `<repo>/leaderboard.config.json`. Every field is optional; the defaults are given here.
 * Precedence: defaults < this file < environment < command-line flags.
 */
/** A repository of an organisation board: exactly one of `path` and `url`. */
export const repositorySchema = z.strictObject({
  /** A local clone, relative to the config file. */
  path: z.string().min(1).optional(),
  /** Any URL git clones (`https://`, `ssh://`, `git@host:org/name.git`, `file://`). */
  url: z.string().min(1).optional(),
  /** Shown on the page and recorded on each commit. Letters, digits, `.`, `_` and `-`. */
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, ".", "_" or "-"').optional(),
}).refine((r) => (r.path === undefined) !== (r.url === undefined), { message: 'give exactly one of "path" and "url"' });

/**
 * An http(s) URL, `example` in its message. z.url() took `localhost:11434` (scheme "localhost"),
 * `file:///etc` and `ftp://x`, which failed later with a message naming neither file nor field.
 */
const httpUrl = (example: string) => z.string().trim().refine((v) => /^https?:\/\/[^/?#]/i.test(v) && URL.canParse(v), `must be an http(s) URL, like ${example}`)
  // Trimmed, as z.url() kept them: "…/v1 " sent requests to /v1%20/chat/completions.
  .refine((url) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url), 'must not hold a user name or password (a published site would show them): a token or key goes in the environment, never in the URL');

/** Not empty once trimmed (kept as written): an empty primary admin made the denial "Contact  for access." */
const nonBlank = () => z.string().refine((v) => v.trim() !== '', 'must not be empty');

/**
 * A pattern of `exclusions.paths`. `!docs/keep.md` (gitignore's re-include) was read as "every
 * path but docs/keep.md", leaving out nearly every file; `/` alone left out every file too.
 */
const excludedPath = z.string().min(1)
  .refine((p) => !p.startsWith('!'), { error: (issue) => `starts with "!": a pattern cannot bring a path back; ${JSON.stringify(issue.input)} would leave out every other path; list only what to leave out, like "docs" or "*.snap"` })
  .refine((p) => /[^./]/.test(p), 'names no file or folder (only "/" and "."): give a name or glob, like "docs" or "*.snap"');

/** How identities compares an alias: emails and logins in any case, names composed (NFC). */
const aliasKey = (alias: string): string => (alias.includes('@') ? alias.trim().toLowerCase() : alias.normalize('NFC'));

/**
 * Each alias names one person, and no person is another's alias: either way one of the two
 * entries was silently dropped (the last one listed won), splitting or moving someone's commits.
 */
function oneOwnerPerAlias(identities: Record<string, string[]>, ctx: z.RefinementCtx): void {
  const owner = new Map<string, string>();
  for (const [canonical, aliases] of Object.entries(identities)) {
    for (const alias of aliases) {
      const key = aliasKey(alias);
      const other = owner.get(key);
      if (other !== undefined && other !== canonical) ctx.addIssue({ code: 'custom', path: [canonical], message: `"${alias}" is listed for both "${other}" and "${canonical}": list it under one of them` });
      owner.set(key, canonical);
    }
  }
  for (const canonical of Object.keys(identities)) {
    const other = owner.get(aliasKey(canonical));
    if (other !== undefined && other !== canonical) ctx.addIssue({ code: 'custom', path: [canonical], message: `"${canonical}" is also listed as another name of "${other}": list its names under "${other}" instead` });
  }
}

export const configFileSchema = z.strictObject({
  /** Days of history analysed, counted back from now. Default 365. */
  analysisPeriodDays: z.number().int().positive().max(36500).default(365),
  /** Commits listed per contributor entry in the data file. Default 20 (the page shows 20). */
  commitsPerEntry: z.number().int().min(1).max(1000).default(20),
  /** What is left out of line and file counts. All on by default. */
  exclusions: z.strictObject({
    /** Lock files (package-lock.json, yarn.lock, Cargo.lock, go.sum, ...). Default true. */
    lockFiles: z.boolean().default(true),
    /** Paths marked `linguist-generated` in .gitattributes. Default true. */
    generated: z.boolean().default(true),
    /** `vendor/`, `node_modules/` and paths marked `linguist-vendored`. Default true. */
    vendored: z.boolean().default(true),
    /** Minified files (`*.min.js`, `*.min.css`, ...). Default true. */
    minified: z.boolean().default(true),
    /**
     * Extra files and folders to leave out, read as .gitignore lines: `docs` or `docs/` (a folder of
     * that name at any depth, and all under it), `/docs` or `docs/generated` (from the root),
     * `*.snap` (names at any depth), `docs/api/*.md` (paths from the root). Not `!` patterns. Default [].
     */
    paths: z.array(excludedPath).default([]),
  }).prefault({}),
  /** Bots are left out of the rankings. */
  bots: z.strictObject({
    /** Leave bots out. Default true. */
    exclude: z.boolean().default(true),
    /** Extra names or emails (case-insensitive substrings) that mark a bot. Default []. */
    patterns: z.array(z.string().min(1)).default([]),
  }).prefault({}),
  /** Who a commit is credited to (see the README's "Fairness"); recorded in the data file's metadata. */
  credit: z.strictObject({
    /**
     * `Co-authored-by:` trailers: `author` (the commit counts for its author only), `share` (it
     * counts for each person and its score is split equally, to two decimals) or `full` (each
     * gets the whole score). Default `author`.
     */
    coAuthors: coAuthorModeSchema.default('author'),
    /**
     * `cancel`: a revert and the commit it reverts (within the analysed history) both score 0,
     * unless the revert is itself reverted; `score`: every commit is scored on its own. Default `cancel`.
     */
    reverts: revertModeSchema.default('cancel'),
  }).prefault({}),
  /**
   * The repositories of an organisation board, in place of the one the config file is in. Each
   * is a local clone (`path`, relative to this file) or a URL git can clone (`url`; cloned into
   * `<data-dir>/repos/<name>.git` as a bare mirror and fetched at each refresh), with an optional
   * `name` (default: the last part of the path or URL, without `.git`). Default: absent, the board
   * is the repository this file is in.
   */
  repositories: z.array(repositorySchema).min(1).optional(),
  /**
   * Other names and emails of one person: `{ "Canonical Name": ["alias name", "alias@example.com"] }`.
   * Commits by any alias count for the canonical name, in every repository. Default {}.
   */
  identities: z.record(z.string().min(1), z.array(z.string().min(1))).superRefine(oneOwnerPerAlias).default({}),
  /** `leaderboard serve` settings; flags override them. */
  serve: z.strictObject({
    /** Port to listen on; 0 picks a free one. Default 4173. */
    port: z.number().int().min(0).max(65535).default(4173),
    /** Address to bind: an IP address without an IPv6 zone (no browser opens one; `serve` refuses it), or a host name. Default 127.0.0.1. */
    host: z.string().min(1).default('127.0.0.1'),
    /** How often to refresh while serving, e.g. `15m`, `1h`. Default `15m`. */
    refreshInterval: z.string().refine((v) => parseInterval(v) !== null, 'must look like 30s, 15m, 1h or 1d (from 1s to 24 days; a bare number is minutes)').default('15m'),
  }).prefault({}),
  /** GitHub repository used for admin sign-in and the admin list (admin features). */
  github: z.strictObject({
    /** `owner/name`; default parsed from the `origin` remote. */
    repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'must look like owner/name').optional(),
    /** REST API base URL. Default https://api.github.com (GraphQL is then https://api.github.com/graphql; on GitHub Enterprise https://HOST/api/v3 and https://HOST/api/graphql). */
    apiUrl: httpUrl('https://github.example.com/api/v3').optional(),
    /**
     * Read code review and issue reports from GitHub into the board (needs a token in GITHUB_TOKEN
     * or GH_TOKEN, or a signed-in `gh`). Default true; without a token the board is commits only.
     */
    activity: z.boolean().default(true),
    /** Points of GitHub activity, per person, pull request and period. */
    points: z.strictObject({
      /** A review that approved the pull request. Default 15. */
      approved: z.number().min(0).max(1000).default(15),
      /** A review that requested changes. Default 15. */
      changesRequested: z.number().min(0).max(1000).default(15),
      /** A comment review with a body or at least one comment. Default 5. */
      commented: z.number().min(0).max(1000).default(5),
      /** An issue the person opened that was closed as completed, in the period it was opened. Default 0 (off). */
      issueCompleted: z.number().min(0).max(1000).default(0),
    }).prefault({}),
  }).prefault({}),
  /** The AI part of the score (25 of 100 points). API keys are never read from this file. */
  ai: z.strictObject({
    /** `openai` (also any OpenAI-compatible server), `anthropic`, or `none` (the local estimate). Default `none`. */
    provider: z.enum(['openai', 'anthropic', 'none']).default('none'),
    /** Model name; default `gpt-4.1-mini` (openai) or `claude-haiku-4-5` (anthropic). */
    model: z.string().min(1).optional(),
    /** API base URL, e.g. `http://localhost:11434/v1` for Ollama. */
    baseUrl: httpUrl('http://localhost:11434/v1').optional(),
    /** Requests in flight at once. Default 4. */
    concurrency: z.number().int().min(1).max(64).default(4),
    /** Seconds before one request is abandoned (then retried). Default 60. */
    timeoutSeconds: z.number().positive().max(600).default(60),
  }).prefault({}),
  /** The site `leaderboard build` writes. */
  publish: z.strictObject({
    /**
     * Give the published page an Admin button that works through GitHub (the repository of
     * `github.repo`, else GITHUB_REPOSITORY, else the `origin` remote). Default true.
     */
    admin: z.boolean().default(true),
    /**
     * How the published page saves manual contributions, contributors and AI score overrides:
     * `pull-request` (default) commits them on the `leaderboard-contributions` branch and opens one
     * pull request; `commit` commits them to the default branch (a protected branch falls back
     * to the pull request).
     */
    adminChanges: adminChangesSchema.default('pull-request'),
  }).prefault({}),
  /** The primary admins: they are always admins and cannot be removed. */
  primaryAdmins: z.strictObject({
    /** The email of a primary admin. Default: none. */
    email: nonBlank().optional(),
    /** The GitHub login of a primary admin. Default: none. */
    login: nonBlank().optional(),
  }).prefault({}),
});

export type LeaderboardConfig = z.infer<typeof configFileSchema>;

/** The defaults, as if the config file were `{}`. */
export function defaultConfig(): LeaderboardConfig {
  return configFileSchema.parse({});
}

/**
 * Reads `<repo>/leaderboard.config.json` if it exists, validated. A missing file gives the
 * defaults; a malformed one (not UTF-8, not JSON, a key given twice, a broken symbolic link, an
 * unknown or invalid field) is an INVALID_CONFIG error naming the file and the field.
 */
export async function loadConfig(repo: string): Promise<LeaderboardConfig> {
  const file = path.join(repo, CONFIG_FILE_NAME);
  const text = await readConfigText(file);
  if (text === null) return defaultConfig();
  const parsed = configFileSchema.safeParse(parseConfigJson(text, file));
  if (!parsed.success) {
    const issues = configIssues(parsed.error, configFileSchema, file).map((i) => `${i.path.map(String).join('.') || '(top level)'}: ${i.message}`).join('; ');
    throw new LeaderboardError('INVALID_CONFIG', `${file} is not a valid configuration: ${issues}`, 'See "Configuration" in the README for every field and its default.');
  }
  return parsed.data;
}
