/**
 * The ten repositories of the organisation bench (org.ts), cached under the bench root like the
 * other synthetic repositories. Repository k (0-based) has its own seed and 310 + 29k authors:
 * the generator names author i the same in every repository, so authors 0..309 (the busiest,
 * Zipf-ranked first) are common to all ten and each adds others, up to 571 in the union.
 * Generating one took 81-218 s on 2 busy cores (load 9-13), so by default only BENCH_ORG_DISTINCT=5
 * histories are generated and the other five derived from them with
 * `git fast-export | sed | git fast-import` (paths under src/ and tests/ renamed, so the commits
 * and files differ, the authors being those of the history they come from); BENCH_ORG_DISTINCT=10
 * generates all ten.
 */
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoParams, syntheticRepo } from './synthetic-repo.js';
import { BENCH_ROOT, fmtMs, git, run } from './util.js';

export const ORG_REPOS = 10;
/** BENCH_ORG_COMMITS overrides it (a quick try of the bench itself). */
export const ORG_COMMITS = Number(process.env.BENCH_ORG_COMMITS ?? 20_000);
const authorsOf = (k: number) => 310 + 29 * k;

export interface OrgRepos {
  paths: string[];
  built: boolean;
  buildMs: number;
  summary: string;
  authorsNote: string;
  notes: string[];
}

/** Repository `k` derived from `base`: its paths under src/ and tests/ renamed `src-dK/`, `tests-dK/` (src/generated/ kept). */
async function derive(base: string, k: number, log: (s: string) => void): Promise<{ dir: string; built: boolean }> {
  const dir = path.join(BENCH_ROOT, `org-derived-v2-${k}-from-${path.basename(base)}`);
  const done = path.join(dir, '.git', 'bench-complete');
  if (existsSync(done)) return { dir, built: false };
  log(`Deriving repository ${k + 1} from ${path.basename(base)} (fast-export | sed | fast-import)...`);
  const tmp = `${dir}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await git(BENCH_ROOT, ['init', '-q', '-b', 'main', tmp]);
  const d = `-d${k}`;
  const sed = [
    `s#^M \\([0-9]*\\) \\([^ ]*\\) \\(src\\|tests\\)/#M \\1 \\2 \\3${d}/#`,
    `s#^D \\(src\\|tests\\)/#D \\1${d}/#`,
    `s#^R \\(src\\|tests\\)/\\([^ ]*\\) \\(src\\|tests\\)/#R \\1${d}/\\2 \\3${d}/#`,
    // src/generated/ keeps its name: .gitattributes marks it generated.
    `/^[MDR] /s#src${d}/generated/#src/generated/#g`,
  ].map((e) => `-e '${e}'`).join(' ');
  await run('bash', ['-c', `set -o pipefail; git -C '${base}' fast-export --all | LC_ALL=C sed ${sed} | git -C '${tmp}' fast-import --quiet`]);
  await git(tmp, ['reset', '-q', '--hard', 'main']);
  await writeFile(path.join(tmp, '.git', 'bench-complete'), `${new Date().toISOString()}\n`);
  await rm(dir, { recursive: true, force: true });
  await rename(tmp, dir);
  return { dir, built: true };
}

export async function orgRepos(log: (s: string) => void): Promise<OrgRepos> {
  const distinct = Math.min(ORG_REPOS, Math.max(1, Number(process.env.BENCH_ORG_DISTINCT ?? 5)));
  const started = performance.now();
  const paths: string[] = [];
  const notes: string[] = [];
  let built = false;
  const base = repoParams();
  for (let k = 0; k < ORG_REPOS; k++) {
    if (k < distinct) {
      const t = performance.now();
      const r = await syntheticRepo({ ...base, commits: ORG_COMMITS, authors: authorsOf(k), seed: 7_001 + k }, log);
      if (r.built) notes.push(`repository ${k + 1}: generated in ${fmtMs(performance.now() - t)} (${authorsOf(k)} authors, seed ${7_001 + k})`);
      built ||= r.built;
      paths.push(r.path);
    } else {
      const t = performance.now();
      const r = await derive(paths[k % distinct]!, k, log);
      if (r.built) notes.push(`repository ${k + 1}: derived from repository ${(k % distinct) + 1} in ${fmtMs(performance.now() - t)}`);
      built ||= r.built;
      paths.push(r.dir);
    }
  }
  const summary = distinct === ORG_REPOS
    ? `${ORG_REPOS} generated histories (seeds 7001..${7_000 + ORG_REPOS})`
    : `${distinct} generated histories, ${ORG_REPOS - distinct} derived from them (paths renamed; BENCH_ORG_DISTINCT=${distinct})`;
  const authorsNote = distinct === ORG_REPOS
    ? `authors 0..309 in all ten, ${authorsOf(ORG_REPOS - 1)} in the union`
    : `authors 0..309 in all ten, derived repositories repeat their source's`;
  return { paths, built, buildMs: performance.now() - started, summary, authorsNote, notes };
}
