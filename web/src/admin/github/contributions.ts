import {
  contributorsMapSchema, emptyManualContributions, manualContributionsFileSchema,
} from '../../../../src/shared/manual-contributions.js';
import { AdminApiError, backupFileName } from '../api.js';
import type { BackupFile, ContributionsRead, ContributionsSaved } from '../backend.js';
import type { ContributorsMap } from '../contributions.js';
import { requireAdmin } from './access.js';
import { boardSource, commitBoardFile, sentence } from './board-file.js';
import type { Context } from './context.js';
import { EditConflict, mergeContributors } from '../merge.js';
import { issuesText, parseRepoJson, readFile } from './repo-files.js';

/** The top-level object of the manual contributions file text, checked. */
function parseFile(ctx: Context, text: string, where: string): { raw: Record<string, unknown>; contributors: ContributorsMap } {
  const { json, data } = parseRepoJson(text, manualContributionsFileSchema, ctx.config.files.manual, where);
  return { raw: json as Record<string, unknown>, contributors: data.contributors };
}

async function contributorsOn(ctx: Context, token: string, branch: string): Promise<{ contributors: ContributorsMap; version: string | null }> {
  const file = await readFile(ctx, token, ctx.config.files.manual, branch);
  return { contributors: file ? parseFile(ctx, file.text, branch).contributors : {}, version: file?.sha ?? null };
}

/** The manual contributions: of the pending branch while its pull request is open (with the published ones beside), else of the default branch. */
export async function manualContributions(ctx: Context, token: string): Promise<ContributionsRead> {
  await requireAdmin(ctx, token);
  const source = await boardSource(ctx, token);
  const read = await contributorsOn(ctx, token, source.branch);
  if (!source.pullRequest) return { ...read, pending: null };
  const published = await contributorsOn(ctx, token, source.defaultBranch);
  return { ...read, pending: { pullRequest: source.pullRequest, published: published.contributors } };
}

/**
 * Saves the panel's edit `next` of `read`: a commit '{change} (by {login})' (see commitBoardFile).
 * When the file changed since `read`, our change is merged onto it (mergeContributors) and the
 * notice says so. The file's other top-level keys are kept; 2-space JSON and a final newline, as
 * the local server writes it.
 */
export async function saveManualContributions(ctx: Context, token: string, next: ContributorsMap, read: ContributionsRead, change: string): Promise<ContributionsSaved> {
  if (Object.hasOwn(next, '__proto__')) {
    throw new AdminApiError('Invalid contributors: __proto__: Contributor name "__proto__" is reserved; choose another name.', 400, 'INVALID_INPUT');
  }
  const parsed = contributorsMapSchema.safeParse(next);
  if (!parsed.success) throw new AdminApiError(`Invalid contributors: ${issuesText(parsed.error.issues)}.`, 400, 'INVALID_INPUT');
  const ours = parsed.data;
  const { user } = await requireAdmin(ctx, token);
  let saved: ContributorsMap = ours;
  const result = await commitBoardFile(ctx, token, user, ctx.config.files.manual, change, (current) => {
    const file = current ? parseFile(ctx, current.text, 'the branch written') : { raw: emptyManualContributions() as Record<string, unknown>, contributors: {} };
    const merged = (current?.sha ?? null) !== read.version;
    try {
      saved = merged ? mergeContributors(read.contributors, ours, file.contributors) : ours;
    } catch (err) {
      // Answered as a stale save: the panel offers to reload the contributions.
      if (err instanceof EditConflict) throw new AdminApiError(err.message, 409, 'CONFLICT');
      throw err;
    }
    return { text: `${JSON.stringify({ ...file.raw, contributors: saved }, null, 2)}\n`, merged };
  });
  const count = Object.keys(saved).length;
  const who = `${count} contributor${count === 1 ? '' : 's'}`;
  const pr = result.pullRequest;
  const notices = [...result.notices];
  let pending: ContributionsRead['pending'] = null;
  if (pr) {
    try {
      pending = { pullRequest: pr, published: (await contributorsOn(ctx, token, result.defaultBranch)).contributors };
    } catch (err) {
      // Saved already: only the comparison with the board is missing.
      notices.push(`Reading the published contributions to compare failed: ${sentence(err)} Reopen the panel to see what is pending.`);
    }
  }
  return {
    contributors: saved,
    version: result.sha,
    pending,
    pullRequest: pr,
    ...(notices.length ? { notice: notices.join(' ') } : {}),
    message: pr
      ? `Saved the manual contributions of ${who} in pull request #${pr.number}; they appear on the board once it is merged.`
      : result.branch !== result.defaultBranch
        ? `Saved the manual contributions of ${who} on branch ${result.branch}; they appear on the board once a pull request of it is merged.`
        : `Saved the manual contributions of ${who} to ${result.defaultBranch}; they appear on the board after its next build.`,
  };
}

/** The backup: the manual contributions file of the pending branch (while its pull request is open) or the default branch, checked. */
export async function exportManualContributions(ctx: Context, token: string): Promise<BackupFile> {
  await requireAdmin(ctx, token);
  const source = await boardSource(ctx, token);
  const file = await readFile(ctx, token, ctx.config.files.manual, source.branch);
  const text = file?.text ?? `${JSON.stringify(emptyManualContributions(), null, 2)}\n`;
  let valid = false;
  try {
    valid = manualContributionsFileSchema.safeParse(JSON.parse(text)).success;
  } catch {
    valid = false;
  }
  if (!valid) throw new AdminApiError('Failed to export manual contributions', 500, 'INVALID_DATA_FILE');
  return {
    blob: new Blob([text], { type: 'application/json' }),
    fileName: backupFileName(null),
    ...(source.pullRequest ? { source: `the pending pull request #${source.pullRequest.number}` } : {}),
  };
}
