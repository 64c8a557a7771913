import { StringDecoder } from 'node:string_decoder';
import { runGit } from '../git/run-git.js';

/** Most files whose diff is asked of git for one commit (the prompt shows fewer). */
const MAX_DIFF_FILES = 40;
/** Commits read by one git process. */
const BATCH_COMMITS = 32;
/** Characters of pathspec given to one git process (far below any command-line limit). */
const BATCH_PATH_CHARS = 60_000;
// Starts lines of git's output that begin a commit: NUL can never start a diff line.
const COMMIT_MARK = '\0';

interface Request {
  hash: string;
  paths: Set<string>;
  resolve: (patches: Map<string, string>) => void;
  reject: (err: unknown) => void;
}

/**
 * Reads the patches of commits' files for AI prompts, many commits per git process: starting a
 * process costs milliseconds of blocked event loop in a big node process, which per commit cost
 * more than the git work itself. Requests made in the same turn of the event loop are batched.
 */
export class PatchReader {
  private queue: Request[] = [];
  private scheduled = false;

  constructor(private readonly repo: string, private readonly perFileChars: number) {}

  /**
   * The patch of each of `paths` (the first 40) in commit `hash`, each cut to the per-file limit,
   * by path; what is past a file's limit is dropped as git streams it, so a huge diff costs no
   * memory. Root commits diff against the empty tree; binary files show git's one line.
   */
  get(hash: string, paths: readonly string[]): Promise<Map<string, string>> {
    if (paths.length === 0) return Promise.resolve(new Map());
    return new Promise((resolve, reject) => {
      this.queue.push({ hash, paths: new Set(paths.slice(0, MAX_DIFF_FILES)), resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.drain());
      }
    });
  }

  private drain(): void {
    this.scheduled = false;
    while (this.queue.length > 0) {
      const batch: Request[] = [];
      let chars = 0;
      while (batch.length < BATCH_COMMITS && this.queue.length > 0) {
        const next = this.queue[0]!;
        const size = [...next.paths].reduce((n, p) => n + p.length + 12, 0);
        if (batch.length > 0 && chars + size > BATCH_PATH_CHARS) break;
        chars += size;
        batch.push(this.queue.shift()!);
      }
      this.read(batch).then(
        (found) => batch.forEach((r) => r.resolve(found.get(r.hash) ?? new Map())),
        (err: unknown) => batch.forEach((r) => r.reject(err)),
      );
    }
  }

  private async read(batch: Request[]): Promise<Map<string, Map<string, string>>> {
    const wanted = new Map(batch.map((r) => [r.hash, r.paths]));
    const batchPaths = new Set(batch.flatMap((r) => [...r.paths]));
    const allPaths = [...batchPaths];
    const found = new Map<string, Map<string, string>>();
    let commit: Set<string> | undefined;
    let patches: Map<string, string> | undefined;
    let file: string | null = null;
    const take = (line: string) => {
      if (line.startsWith(COMMIT_MARK)) {
        const hash = line.slice(1).trim();
        commit = wanted.get(hash);
        patches = new Map();
        found.set(hash, patches);
        file = null;
        return;
      }
      if (!commit || !patches) return;
      if (line.startsWith('diff --git ')) {
        // Matched against every path the batch asked for (git lists them all for each commit):
        // one this commit did not ask for may be the longest that ends the header.
        file = pathOfHeader(line, batchPaths);
        if (file !== null && !commit.has(file)) file = null;
        if (file !== null && !patches.has(file)) patches.set(file, '');
        return;
      }
      // The `index`, `---` and `+++` lines restate the header: the prompt does not need them.
      if (file === null || /^(index |--- |\+\+\+ |similarity index|dissimilarity index)/.test(line)) return;
      const sofar = patches.get(file) ?? '';
      if (sofar.length < this.perFileChars) patches.set(file, sofar + line.slice(0, this.perFileChars - sofar.length + 1) + '\n');
    };
    let pending = '';
    const decoder = new StringDecoder('utf8');
    await runGit(this.repo, [
      'log', '--no-walk=unsorted', '--format=%x00%H', '--no-color', '--no-ext-diff', '--no-textconv', '--patch', '--unified=2', '-M',
      ...batch.map((r) => r.hash), '--', ...allPaths.map((p) => `:(literal)${p}`),
    ], {
      onStdout: (chunk) => {
        const lines = (pending + decoder.write(chunk)).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) take(line);
      },
    });
    pending += decoder.end();
    if (pending) take(pending);
    for (const map of found.values()) for (const [f, text] of map) if (text.length > this.perFileChars) map.set(f, text.slice(0, this.perFileChars));
    return found;
  }
}

// `diff --git a/<old> b/<new>`: paths may hold spaces, so the known paths are matched instead of
// split. The longest that ends the header: `x.ts` also ends `b/a b/x.ts`, and took its patch.
function pathOfHeader(line: string, wanted: ReadonlySet<string>): string | null {
  let found: string | null = null;
  for (const p of wanted) if ((found === null || p.length > found.length) && line.endsWith(` ${quoteLikeGit(`b/${p}`)}`)) found = p;
  return found;
}

// The escapes of git's quote_c_style; other control characters and DEL are written in octal.
const C_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\x07': '\\a', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\v': '\\v', '\f': '\\f', '\r': '\\r' };

// What git quotes in a name: `"`, `\`, control characters and DEL (never non-ASCII: core.quotePath=false).
// eslint-disable-next-line no-control-regex
const QUOTED_CHARS = /["\\\x00-\x1f\x7f]/g;

// A name as git writes it in a diff header: as it is, or in double quotes with C escapes. Matched
// unquoted, such files' patches were never found and their diffs were left out of the prompt.
function quoteLikeGit(name: string): string {
  const escaped = name.replace(QUOTED_CHARS, (c) => C_ESCAPES[c] ?? `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
  return escaped === name ? name : `"${escaped}"`;
}
