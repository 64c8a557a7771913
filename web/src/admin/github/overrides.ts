import { z } from 'zod';
import type { MessageResponse, SetAiOverrideRequest, SetAiOverrideResponse } from '../../../../src/shared/admin-api.js';
import { aiOverrideInputSchema, aiOverrideSchema, newestPerCommit, type AiOverride } from '../../../../src/shared/ai-overrides.js';
import { AdminApiError } from '../api.js';
import type { AiOverridesRead, ChangeNotice } from '../backend.js';
import { actorName, requireAdmin } from './access.js';
import { boardSource, commitBoardFile, type BoardFileSaved } from './board-file.js';
import type { Context } from './context.js';
import { parseRepoJson, readFile } from './repo-files.js';
import { hasStatus } from './rest.js';

const overridesFileSchema = z.strictObject({ overrides: z.array(aiOverrideSchema) });
const HASH = /^[0-9a-f]{4,64}$/i;

function parseOverrides(ctx: Context, text: string | null, where: string): AiOverride[] {
  if (text === null || text.trim() === '') return [];
  // One per commit, as the server reads the file: a merge of two branches of it can list one twice.
  return newestPerCommit(parseRepoJson(text, overridesFileSchema, ctx.config.files.overrides, where).data.overrides);
}

/** ai-overrides.json's text as the local server writes it: newest first, 2-space JSON and a final newline. */
export function overridesFileText(overrides: readonly AiOverride[]): string {
  const sorted = [...overrides].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.hash.localeCompare(b.hash)));
  return `${JSON.stringify({ overrides: sorted }, null, 2)}\n`;
}

async function overridesOn(ctx: Context, token: string, branch: string): Promise<AiOverride[]> {
  const file = await readFile(ctx, token, ctx.config.files.overrides, branch);
  return parseOverrides(ctx, file?.text ?? null, branch);
}

/** The AI overrides (newest first): of the pending branch while its pull request is open (with the published ones), else of the default branch. */
export async function aiOverrides(ctx: Context, token: string): Promise<AiOverridesRead> {
  await requireAdmin(ctx, token);
  const source = await boardSource(ctx, token);
  const overrides = await overridesOn(ctx, token, source.branch);
  if (!source.pullRequest) return { overrides, pending: null };
  return { overrides, pending: { pullRequest: source.pullRequest, published: await overridesOn(ctx, token, source.defaultBranch) } };
}

/** The `:commit` checked: a 400 naming it when it cannot be a hash (the local server's wording). */
function commitParam(value: string): string {
  const commit = value.trim();
  if (!HASH.test(commit)) {
    throw new AdminApiError(`"${commit.slice(0, 80)}" is not a commit hash: give at least 4 hex digits, as shown on the page.`, 400, 'INVALID_INPUT');
  }
  return commit.toLowerCase();
}

/**
 * The full hash of a commit of the board: of its repository, else (a board of several) of one of
 * its other repositories on GitHub; 404 naming them when GitHub knows none (or several).
 */
async function resolveCommit(ctx: Context, token: string, commit: string): Promise<string> {
  const repositories = [ctx.config.repository, ...(ctx.config.boardRepositories ?? [])];
  for (const repository of repositories) {
    const [owner = '', repo = ''] = repository.split('/');
    try {
      const { data } = await ctx.request<{ sha: string }>(token, 'GET /repos/{owner}/{repo}/commits/{ref}', { params: { owner, repo, ref: commit } });
      return data.sha;
    } catch (err) {
      if (!hasStatus(err, 404, 409, 422)) throw err;
    }
  }
  throw new AdminApiError(`No commit ${commit} in ${repositories.join(', ')} (or the hash is ambiguous).`, 404, 'NOT_FOUND');
}

function effect(saved: BoardFileSaved): string {
  if (saved.pullRequest) return `it applies once pull request #${saved.pullRequest.number} is merged`;
  return saved.branch === saved.defaultBranch ? 'it applies from the next build of the board' : `it applies once a pull request of branch ${saved.branch} is merged`;
}

function notice(saved: BoardFileSaved): ChangeNotice {
  return { pullRequest: saved.pullRequest, ...(saved.notices.length ? { notice: saved.notices.join(' ') } : {}) };
}

/** Sets (or replaces) the override of one commit (full or short hash), by the signed-in admin. */
export async function setAiOverride(ctx: Context, token: string, commitValue: string, body: SetAiOverrideRequest): Promise<SetAiOverrideResponse & ChangeNotice> {
  const commit = commitParam(commitValue);
  const parsed = aiOverrideInputSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdminApiError(`Invalid request body: ${issue?.path.join('.') || '(top level)'}: ${issue?.message ?? 'invalid'}.`, 400, 'INVALID_INPUT');
  }
  const { user } = await requireAdmin(ctx, token);
  const hash = await resolveCommit(ctx, token, commit);
  const override: AiOverride = { hash, score: parsed.data.score, note: parsed.data.note, by: actorName(user), at: new Date().toISOString() };
  const saved = await commitBoardFile(ctx, token, user, ctx.config.files.overrides, `Override the AI score of commit ${hash.slice(0, 8)} to ${override.score}`, (current) => {
    const list = parseOverrides(ctx, current?.text ?? null, 'the branch written');
    return { text: overridesFileText([...list.filter((o) => o.hash !== hash), override]), merged: false };
  });
  return { message: `Set the AI score of commit ${hash.slice(0, 8)} to ${override.score}; ${effect(saved)}.`, override, ...notice(saved) };
}

/** Removes the override of one commit (a hash or its first digits, matched against the overrides). */
export async function removeAiOverride(ctx: Context, token: string, commitValue: string): Promise<MessageResponse & ChangeNotice> {
  const commit = commitParam(commitValue);
  const { user } = await requireAdmin(ctx, token);
  const source = await boardSource(ctx, token);
  const matches = (await overridesOn(ctx, token, source.branch)).filter((o) => o.hash.startsWith(commit));
  if (matches.length > 1) throw new AdminApiError(`${commit} matches ${matches.length} overridden commits.`, 400, 'INVALID_INPUT');
  const target = matches[0];
  if (!target) throw new AdminApiError(`Commit ${commit} has no AI score override.`, 404, 'NOT_FOUND');
  const saved = await commitBoardFile(ctx, token, user, ctx.config.files.overrides, `Remove the AI score override of commit ${target.hash.slice(0, 8)}`, (current) => {
    const list = parseOverrides(ctx, current?.text ?? null, 'the branch written');
    return { text: overridesFileText(list.filter((o) => o.hash !== target.hash)), merged: false };
  });
  return { message: `Removed the AI score override of commit ${target.hash.slice(0, 8)}; ${effect(saved)}.`, ...notice(saved) };
}
