import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { FastImport } from './fast-import.js';
import { HistoryGenerator, type CommitSpec, type Person } from './gen-history.js';
import { commitMessage, line, mulberry32, pick, type Style } from './gen-text.js';
import type { RepoParams } from './synthetic-repo.js';
import { git, isolatedEnv } from './util.js';

const DAY = 86_400;
const TEXT = /\.(ts|tsx|js|md|json|yml|css|html|py|go|rs)$/;
const LOCK = /(lock\.json|\.lock|go\.sum)$/;

/**
 * Appends `count` commits to `main` of a clone without replaying the generator, which holds the
 * whole history in memory to know each file (3.5 GB, and more than a quarter of an hour, for the
 * million-commit shape): each commit, by one of the generator's authors, appends a few generated
 * lines to one to three of HEAD's text files. For the incremental refresh it measures, new
 * commits of known people touching existing files are what matters, not the generator's next
 * ones.
 */
export async function appendCommitsQuick(clone: string, p: RepoParams, count: number): Promise<void> {
  const rng = mulberry32(p.seed + 1);
  // The constructor alone makes the authors (no history is generated); they are private to it.
  const authors = (new HistoryGenerator(p.seed, p.authors, p.end - p.spanDays * DAY, p.end, p.commits) as unknown as { authors: Person[] }).authors;
  const files = (await git(clone, ['ls-files', '-z'])).stdout.split('\0').filter((f) => TEXT.test(f) && !LOCK.test(f));
  if (files.length === 0) throw new Error(`${clone} has no text files to change`);
  const picked = Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(rng() * 3) }, () => pick(rng, files)));
  const contents = await readBlobs(clone, [...new Set(picked.flat())]);
  const fi = new FastImport(clone);
  const now = Math.floor(Date.now() / 1000);
  for (let i = 0; i < count; i++) {
    const style: Style = 'code';
    const ops: CommitSpec['ops'] = [...new Set(picked[i])].map((path) => {
      const lines = (contents.get(path) ?? '').split('\n');
      if (lines.at(-1) === '') lines.pop();
      for (let k = 1 + Math.floor(rng() * 12); k > 0; k--) lines.push(line(rng, style));
      contents.set(path, `${lines.join('\n')}\n`);
      return { t: 'M', path, file: { lines, style } };
    });
    const scope = (picked[i]?.[0] ?? 'core').split('/')[1] ?? 'core';
    fi.commit({ mark: i + 1, branch: 'refs/heads/main', author: pick(rng, authors), time: now - (count - i) * 60, message: commitMessage(rng, scope), ...(i > 0 ? { from: i } : {}), ops }, i === 0 ? 'refs/heads/main^0' : undefined);
    await fi.flush();
  }
  await fi.finish();
  await git(clone, ['reset', '-q', '--hard', 'main']);
}

/** The text of each of `paths` at HEAD, through one `git cat-file --batch`. */
async function readBlobs(repo: string, paths: string[]): Promise<Map<string, string>> {
  const child = spawn('git', ['cat-file', '--batch'], { cwd: repo, env: isolatedEnv() });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => chunks.push(b));
  child.stdin.end(paths.map((path) => `HEAD:${path}\n`).join(''));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`git cat-file --batch exited with ${code}`);
  const out = Buffer.concat(chunks);
  const texts = new Map<string, string>();
  let at = 0;
  for (const path of paths) {
    const header = out.toString('utf8', at, out.indexOf(10, at));
    at += Buffer.byteLength(header) + 1;
    const size = Number(header.split(' ')[2]);
    if (!Number.isInteger(size)) throw new Error(`git cat-file could not read HEAD:${path}: ${header}`);
    texts.set(path, out.toString('utf8', at, at + size));
    at += size + 1;
  }
  return texts;
}
