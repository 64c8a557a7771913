import { HEURISTIC_AI_SOURCE } from '../../shared/ai-part.js';
import type { AiScore, AiScoreInput, AiScorer } from '../types.js';

/** What a changed file is, judged from its path alone. */
export type FileKind = 'source' | 'test' | 'docs' | 'config' | 'other';

const TEST_DIRS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'testing', 'e2e']);
const DOC_DIRS = new Set(['doc', 'docs', 'documentation']);
const DOC_EXTS = new Set(['md', 'mdx', 'rst', 'txt', 'adoc', 'asciidoc']);
const DOC_NAMES = /^(readme|changelog|license|licence|contributing|authors|notice|copying)\b/i;
const SOURCE_EXTS = new Set([
  'ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs', 'vue', 'svelte', 'py', 'pyx', 'pyi', 'go', 'rs',
  'java', 'kt', 'kts', 'scala', 'groovy', 'c', 'h', 'cc', 'cpp', 'cxx', 'hpp', 'hh', 'cu', 'cuh', 'cs', 'fs',
  'rb', 'php', 'swift', 'm', 'mm', 'sh', 'bash', 'zsh', 'ps1', 'sql', 'lua', 'r', 'jl', 'zig', 'ex', 'exs',
  'erl', 'hs', 'ml', 'clj', 'dart', 'nim', 'pl', 'proto', 'css', 'scss', 'less', 'html',
]);
const CONFIG_EXTS = new Set(['json', 'jsonc', 'yaml', 'yml', 'toml', 'ini', 'cfg', 'conf', 'xml', 'lock', 'env', 'properties', 'gradle', 'cmake']);
const CONFIG_NAMES = /^(dockerfile|makefile|cmakelists\.txt|jenkinsfile|procfile|\..+)$/i;
const TEST_FILE = /(?:[._-](?:test|spec)\.[^.]+$)|(?:^test_[^/]*\.py$)/i;

/** Classifies a path as source, test, docs, config or other (tests win over the rest). */
export function classifyPath(path: string): FileKind {
  const segments = path.toLowerCase().split('/');
  const base = segments[segments.length - 1] ?? '';
  const dirs = segments.slice(0, -1);
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1) : '';
  if (dirs.some((d) => TEST_DIRS.has(d)) || TEST_FILE.test(base)) return 'test';
  if (dirs.some((d) => DOC_DIRS.has(d)) || DOC_EXTS.has(ext) || DOC_NAMES.test(base)) return 'docs';
  if (dirs[0] === '.github' || CONFIG_NAMES.test(base) || CONFIG_EXTS.has(ext)) return 'config';
  if (SOURCE_EXTS.has(ext)) return 'source';
  return 'other';
}

const BUILDING_WORDS = /\b(?:add(?:s|ed|ing)?|implement\w*|introduc\w*|support\w*|optimi[sz]\w*|rewrit\w*|rewrote|redesign\w*|migrat\w*|new)\b/i;
const TRIVIAL_WORDS = /\b(?:typos?|whitespace|formatting|lint\w*|bump\w*|wip)\b/i;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A deterministic local estimate of a commit's impact, 0-25, from its own numstat. Only the
 * counted files (after exclusions) are looked at; excluded files and their lines never add.
 *
 * ```
 * ai = 0 when no file is counted (an empty commit, or every file excluded); otherwise
 * ai = clamp(size + kind + breadth + wording, 0, 25), where
 *   size    = min(10, floor(log2(1 + lines)))       lines = insertions + deletions counted;
 *                                                  one point per doubling, 10 from 1023 lines
 *   kind    = 6 if any source file + 2 if any test file;
 *             1 when there are only docs, config or other files
 *   breadth = min(3, topLevelDirs - 1)              distinct first path segments; files at
 *                                                  the repository root form one group
 *   wording = +4 if the subject has a building word (add, implement, introduce, support,
 *             optimize/optimise, rewrite, redesign, migrate, new), -2 if it has a trivial
 *             word (typo, whitespace, formatting, lint, bump, wip); both may apply
 * ```
 *
 * Paths are classified by {@link classifyPath}: test directories and `*.test.*`, `*_test.*`,
 * `*.spec.*`, `test_*.py` files are tests; `docs/`, Markdown/reST/text files and README,
 * CHANGELOG, LICENSE are docs; `.github/`, dotfiles, Dockerfile, Makefile and JSON/YAML/TOML/INI
 * files are config; common programming-language extensions are source. The maximum
 * (10 + 8 + 3 + 4) is exactly 25; the result is always a whole number.
 */
export class HeuristicAiScorer implements AiScorer {
  readonly id = HEURISTIC_AI_SOURCE;

  /** Scores one commit with the formula above; `reason` summarises the inputs. */
  score(input: AiScoreInput): AiScore {
    const { counted, excluded, commit } = input;
    const excludedNote = excluded.length > 0 ? `; ${plural(excluded.length, 'excluded file')}` : '';
    if (counted.length === 0) {
      const why = excluded.length > 0 ? 'every changed file is excluded' : 'no files changed';
      return { score: 0, source: HEURISTIC_AI_SOURCE, reason: why };
    }
    const lines = counted.reduce((sum, f) => sum + f.insertions + f.deletions, 0);
    const kinds = new Set(counted.map((f) => classifyPath(f.path)));
    const groups = new Set(counted.map((f) => (f.path.includes('/') ? f.path.slice(0, f.path.indexOf('/')) : '')));

    const size = Math.min(10, Math.floor(Math.log2(1 + lines)));
    const codeKind = (kinds.has('source') ? 6 : 0) + (kinds.has('test') ? 2 : 0);
    const kind = codeKind > 0 ? codeKind : 1;
    const breadth = Math.min(3, groups.size - 1);
    const building = BUILDING_WORDS.test(commit.subject);
    const trivial = TRIVIAL_WORDS.test(commit.subject);
    const wording = (building ? 4 : 0) - (trivial ? 2 : 0);
    const score = Math.max(0, Math.min(25, size + kind + breadth + wording));

    const kindList = (['source', 'test', 'docs', 'config', 'other'] as const).filter((k) => kinds.has(k)).join(', ');
    const wordNote = building ? '; building wording' : '';
    const trivialNote = trivial ? '; trivial wording' : '';
    const reason = `${plural(lines, 'line')} in ${plural(counted.length, 'file')} (${kindList}) across ${plural(groups.size, 'top-level dir')}${wordNote}${trivialNote}${excludedNote}`;
    return { score, source: HEURISTIC_AI_SOURCE, reason };
  }
}
