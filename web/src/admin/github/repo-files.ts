import type { z } from 'zod';
import { AdminApiError } from '../api.js';
import { decodeBase64, encodeBase64 } from './base64.js';
import type { Context } from './context.js';
import { hasStatus } from './rest.js';

/** A file of the repository as read: its text and blob sha. */
export interface RepoFile {
  text: string;
  sha: string;
}

interface ContentFile {
  type: string;
  sha: string;
  content?: string;
  encoding?: string;
}

/**
 * `path` on `ref` (the default branch when omitted): its text and blob sha, or null when it does
 * not exist. GitHub answers 404 alike when the repository itself cannot be seen with the token (or
 * is gone), which is no missing file: then the repository's 404 is thrown, with how to fix it.
 */
export async function readFile(ctx: Context, token: string, path: string, ref?: string): Promise<RepoFile | null> {
  try {
    const { data } = await ctx.request<ContentFile | ContentFile[]>(token, 'GET /repos/{owner}/{repo}/contents/{path}', {
      params: { path }, query: { ref },
    });
    if (Array.isArray(data) || data.type !== 'file') throw new AdminApiError(`${path} in ${ctx.config.repository} is not a file.`, 500, 'BAD_FILE');
    if (data.encoding !== 'base64' || data.content === undefined) {
      throw new AdminApiError(`${path} in ${ctx.config.repository} is too large to be edited from the page.`, 500, 'BAD_FILE');
    }
    let text: string;
    try {
      text = decodeBase64(data.content);
    } catch {
      throw new AdminApiError(`${path} in ${ctx.config.repository} is not UTF-8 text.`, 500, 'BAD_FILE');
    }
    return { text, sha: data.sha };
  } catch (err) {
    if (!hasStatus(err, 404)) throw err;
  }
  // Throws (a 404 with the repository's hint, see rest.ts) when the repository is what is missing.
  await ctx.request(token, 'GET /repos/{owner}/{repo}');
  return null;
}

/** Commits `text` as `path` on `branch`, replacing the blob `sha` (null: a new file). Resolves to the new blob sha. */
export async function writeFile(ctx: Context, token: string, file: { path: string; branch: string; text: string; message: string; sha: string | null }): Promise<string> {
  const { data } = await ctx.request<{ content: { sha?: string } | null }>(token, 'PUT /repos/{owner}/{repo}/contents/{path}', {
    params: { path: file.path },
    body: { message: file.message, content: encodeBase64(file.text), branch: file.branch, ...(file.sha ? { sha: file.sha } : {}) },
  });
  const sha = data.content?.sha;
  if (!sha) throw new AdminApiError('GitHub did not say which version of the file it saved.', 500, 'BAD_RESPONSE');
  return sha;
}

/** Whether a failed write means the file changed since it was read: 409, or 422 "sha wasn't supplied" (it appeared meanwhile). */
export function isStaleWrite(err: unknown): boolean {
  if (hasStatus(err, 409)) return !isProtectedRefusal(err);
  return hasStatus(err, 422) && /\bsha\b/i.test(err.githubMessage);
}

/** What a write puts in a file, from what is there now (null: no file); `merged` when someone else's change was kept. */
export type Compose = (current: RepoFile | null) => { text: string; merged: boolean };

/**
 * Reads the file, composes its new text and writes it on `branch`; when GitHub says the file
 * changed meanwhile (a stale sha), reads and composes again, up to `attempts` times. `merged`:
 * another change was kept, by `compose` or by a retry. `unchanged`: the file already held the
 * composed text (an earlier try of the same change reached GitHub), so nothing was written.
 */
export async function writeWithRetries(ctx: Context, token: string, file: { path: string; branch: string; message: string }, compose: Compose, attempts: number): Promise<{ sha: string; text: string; merged: boolean; unchanged: boolean }> {
  let merged = false;
  for (let attempt = 1; ; attempt++) {
    const current = await readFile(ctx, token, file.path, file.branch);
    const next = compose(current);
    // An empty commit would only add noise to the pull request.
    if (current && next.text === current.text) return { sha: current.sha, text: current.text, merged: false, unchanged: true };
    merged ||= next.merged || attempt > 1;
    try {
      const sha = await writeFile(ctx, token, { ...file, text: next.text, sha: current?.sha ?? null });
      return { sha, text: next.text, merged, unchanged: false };
    } catch (err) {
      if (!isStaleWrite(err) || attempt >= attempts) throw err;
    }
  }
}

/**
 * Whether GitHub refused a write because the branch is protected (branch protection: 'Could not
 * update file: ... review is required', or a ruleset: 'Repository rule violations found ...
 * Changes must be made through a pull request').
 */
export function isProtectedRefusal(err: unknown): boolean {
  if (!hasStatus(err, 403, 409, 422)) return false;
  return /protected branch|could not update file|repository rule|rule violation|through a pull request|status checks? .*expected|approving review/i.test(err.githubMessage)
    || /protected-branches|repository-rules|rulesets/i.test(err.documentationUrl ?? '');
}

/** The first five of a check's problems, each as `path: message`. */
export const issuesText = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): string =>
  issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || '(top level)'}: ${i.message}`).join('; ');

/**
 * A JSON file read from the repository, checked against `schema`: its parsed text and value. An
 * error names the file, where it was read (`where`) and its first problems.
 */
export function parseRepoJson<T>(text: string, schema: z.ZodType<T>, path: string, where: string): { json: unknown; data: T } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new AdminApiError(`${path} on ${where} is not valid JSON (${(err as Error).message}).`, 500, 'INVALID_DATA_FILE');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new AdminApiError(`${path} on ${where} is not valid: ${issuesText(parsed.error.issues)}.`, 500, 'INVALID_DATA_FILE');
  }
  return { json, data: parsed.data };
}
