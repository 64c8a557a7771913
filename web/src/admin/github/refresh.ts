import type { RefreshOutcome, RefreshProgress } from '../backend.js';
import { requireAdmin } from './access.js';
import type { Context } from './context.js';
import { GitHubApiError, hasStatus } from './rest.js';
import { ensureCanWrite } from './scopes.js';

interface WorkflowRun {
  id: number;
  status: string | null;
  conclusion: string | null;
  html_url: string;
  head_sha: string;
  created_at: string;
}

/** How long a run may take to show up in the workflow's list after a dispatch answered 204 (polls). */
const FIND_ATTEMPTS = 20;
/** Consecutive failed polls (network, 5xx, rate limit) tolerated before giving up. */
const POLL_FAILURES = 12;
/** How long the page follows a run before leaving it to GitHub's own page (a run waiting for an approval may never end). */
const FOLLOW_MS = 30 * 60_000;
/** Clock difference allowed between the browser and GitHub when matching a run to the dispatch. */
const CLOCK_SKEW_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a failed poll is worth trying again: nothing reached, GitHub overloaded or rate-limiting. */
const transient = (err: unknown) => err instanceof GitHubApiError && (err.status === 0 || err.status === 429 || err.status >= 500 || (err.status === 403 && /rate limit/i.test(err.githubMessage)));

/**
 * Pull & Refresh on a published site: dispatches the board's workflow on the default branch and
 * follows its run, calling `onProgress` each time its status changes, until it completes.
 */
export async function pullAndRefresh(ctx: Context, token: string, onProgress: (progress: RefreshProgress) => void, signal?: AbortSignal): Promise<RefreshOutcome> {
  await requireAdmin(ctx, token);
  const { defaultBranch } = await ensureCanWrite(ctx, token, ['actions']);
  const workflow = ctx.config.workflow;
  const dispatchedAt = Date.now();
  const dispatch = (body: Record<string, unknown>) => ctx.request<{ workflow_run_id: number; html_url: string } | undefined>(token, 'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
    params: { workflow_id: workflow }, body,
  });
  let res: Awaited<ReturnType<typeof dispatch>>;
  try {
    try {
      res = await dispatch({ ref: defaultBranch, return_run_details: true });
    } catch (err) {
      // GitHub Enterprise Server refuses the newer key (422 '"return_run_details" is not a permitted
      // key.'): dispatch without it and find the run in the workflow's list.
      if (!(err instanceof GitHubApiError && err.status === 422 && /return_run_details|permitted key/.test(err.githubMessage))) throw err;
      res = await dispatch({ ref: defaultBranch });
    }
  } catch (err) {
    // The repository was read a moment ago, so a 404 here is the workflow file GitHub does not know.
    if (!hasStatus(err, 404)) throw err;
    throw new GitHubApiError(
      `${ctx.config.repository} has no workflow .github/workflows/${workflow} on ${defaultBranch} (GitHub answered 404), so the board cannot be rebuilt from here. Run \`leaderboard init github-actions\` in a clone of the repository, then commit and push .github/workflows/${workflow} to ${defaultBranch}.`,
      404, err.githubMessage, err.documentationUrl,
    );
  }
  let runId = res.status === 200 && res.data ? res.data.workflow_run_id : null;
  let url: string | null = res.status === 200 && res.data ? res.data.html_url : null;
  // 204 (a server without run details): the newest dispatched run of the workflow since then.
  for (let attempt = 1; runId === null; attempt++) {
    if (attempt > FIND_ATTEMPTS) return { success: false, error: 'the workflow was started but its run could not be found', url: null };
    await sleep(ctx.pollMs);
    try {
      const { data } = await ctx.request<{ workflow_runs: WorkflowRun[] }>(token, 'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs', {
        params: { workflow_id: workflow }, query: { event: 'workflow_dispatch', branch: defaultBranch, per_page: 10 },
      });
      const run = data.workflow_runs
        .filter((r) => Date.parse(r.created_at) >= dispatchedAt - CLOCK_SKEW_MS)
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id)[0];
      if (run) {
        runId = run.id;
        url = run.html_url;
      }
    } catch (err) {
      if (!transient(err)) throw err;
    }
  }

  let last: string | null = null;
  let failures = 0;
  for (;;) {
    // The panel closed or its admin logged out: stop asking GitHub with their token.
    if (signal?.aborted) return { success: false, error: 'no longer followed', url };
    if (Date.now() - dispatchedAt > FOLLOW_MS) {
      return { success: false, error: `the workflow run has not finished after ${FOLLOW_MS / 60_000} minutes; follow it on GitHub`, url };
    }
    let run: WorkflowRun;
    try {
      ({ data: run } = await ctx.request<WorkflowRun>(token, 'GET /repos/{owner}/{repo}/actions/runs/{run_id}', { params: { run_id: runId } }));
      failures = 0;
    } catch (err) {
      if (!transient(err) || ++failures > POLL_FAILURES) throw err;
      await sleep(ctx.pollMs);
      continue;
    }
    url = run.html_url;
    const status = run.status ?? 'queued';
    if (status !== last) {
      last = status;
      onProgress({ status, url });
    }
    if (status === 'completed') {
      return run.conclusion === 'success'
        ? { success: true, latestCommit: run.head_sha, url }
        : { success: false, error: `the workflow run ended: ${run.conclusion ?? 'without a conclusion'}`, latestCommit: run.head_sha, url };
    }
    await sleep(ctx.pollMs);
  }
}
