/**
 * Load run: thousands of GET /leaderboard-data.json (autocannon) against the built server while
 * a second process streams admin saves, with GitHub replaced by the local emulator.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { startGitHubEmulator } from '../support/github-emulator.js';
import { serve } from './page.js';

export interface LoadResult {
  requests: number;
  durationMs: number;
  throughput: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  saves: { ok: number; failed: number; statuses: Record<string, number> };
  rssBeforeMb: number;
  rssAfterMb: number;
}

const TOKEN = 'bench-admin-token';

/** Resident memory of a process, from /proc (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Connections of the load generator: on 2 cores, more mostly measures autocannon's own parsing. */
export const LOAD_CONNECTIONS = 4;
/** Admin saves per second from the second process: far above what people do, steady. */
export const SAVES_PER_SECOND = 20;

// The second process: saves at a steady pace until told to stop (stdin closes), then prints its counts.
const SAVER = `
const [url, token, perSecond] = process.argv.slice(1);
const gap = 1000 / Number(perSecond);
let stop = false, ok = 0, failed = 0; const statuses = {};
process.stdin.on('end', () => { stop = true; }); process.stdin.resume();
for (let i = 0; !stop; i++) {
  const started = Date.now();
  const body = JSON.stringify({ contributors: { ['Load ' + (i % 50)]: { contributions: [{ score: 1 + (i % 90), notes: 'load ' + i, start_date: null, end_date: null }] } } });
  try {
    const res = await fetch(url + 'api/update-manual-contributions', { method: 'POST', body, headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token } });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.ok) ok++; else failed++;
  } catch { failed++; }
  await new Promise((r) => setTimeout(r, Math.max(0, gap - (Date.now() - started))));
}
process.stdout.write(JSON.stringify({ ok, failed, statuses }));
`;

export async function measureLoad(fixture: string, work: string, amount = 3000): Promise<LoadResult> {
  const gh = await startGitHubEmulator();
  gh.addRepo({ owner: 'bench', name: 'repo', files: { 'admin-list.json': JSON.stringify({ admins: ['benchadmin'] }) } });
  gh.addUser({ login: 'benchadmin', token: TOKEN });
  const dataDir = path.join(work, 'load-data');
  await mkdir(dataDir, { recursive: true });
  await copyFile(fixture, path.join(dataDir, 'leaderboard-data.json'));
  const server = await serve(dataDir, ['--github-repo', 'bench/repo', '--github-api-url', gh.url]);
  try {
    // Warm up (first requests compile code paths), then measure memory from there.
    // Like a browser, which always accepts gzip.
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    await autocannon({ url: `${server.url}leaderboard-data.json`, connections: 4, amount: 200, headers });
    const rssBeforeMb = await rssMb(server.pid);
    const saver = spawn(process.execPath, ['--input-type=module', '-e', SAVER, server.url, TOKEN, String(SAVES_PER_SECOND)], { stdio: ['pipe', 'pipe', 'inherit'] });
    let saverOut = '';
    saver.stdout.on('data', (d: Buffer) => { saverOut += d.toString(); });
    const saverDone = new Promise<void>((resolve) => saver.once('exit', () => resolve()));
    const result = await autocannon({ url: `${server.url}leaderboard-data.json`, connections: LOAD_CONNECTIONS, amount, headers });
    saver.stdin.end();
    await saverDone;
    const rssAfterMb = await rssMb(server.pid);
    const saves = JSON.parse(saverOut || '{"ok":0,"failed":0,"statuses":{}}') as LoadResult['saves'];
    return {
      requests: result.requests.total,
      durationMs: result.duration * 1000,
      throughput: result.requests.average,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      saves,
      rssBeforeMb,
      rssAfterMb,
    };
  } finally {
    await server.stop();
    await gh.close();
  }
}
