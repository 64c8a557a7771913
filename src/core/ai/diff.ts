import { StringDecoder } from 'node:string_decoder';
import { runGit } from '../git/run-git.js';

/** Most files whose diff is asked of git for one commit (the prompt shows fewer). */
const MAX_DIFF_FILES = 40;

/**
 * The patch of each of `paths` in commit `hash`, each cut to `perFileChars`, by path. git is
 * streamed and what is past a file's cap is dropped as it arrives, so a commit with a huge diff
 * costs no memory. Root commits diff against the empty tree; binary files show git's one line.
 */
export async function readFilePatches(repo: string, hash: string, paths: readonly string[], perFileChars: number): Promise<Map<string, string>> {
  const wanted = paths.slice(0, MAX_DIFF_FILES);
  const patches = new Map<string, string>();
  if (wanted.length === 0) return patches;
  let current: string | null = null;
  let pending = '';
  const decoder = new StringDecoder('utf8');
  const take = (line: string) => {
    if (line.startsWith('diff --git ')) {
      current = pathOfHeader(line, wanted);
      if (current !== null && !patches.has(current)) patches.set(current, '');
      return;
    }
    // The `index`, `---` and `+++` lines restate the header: the prompt does not need them.
    if (current === null || /^(index |--- |\+\+\+ |similarity index|dissimilarity index)/.test(line)) return;
    const sofar = patches.get(current) ?? '';
    if (sofar.length < perFileChars) patches.set(current, sofar + line.slice(0, perFileChars - sofar.length + 1) + '\n');
  };
  await runGit(repo, [
    'show', '--no-color', '--no-ext-diff', '--no-textconv', '--format=', '--patch', '--unified=2', '-M', hash, '--', ...wanted.map((p) => `:(literal)${p}`),
  ], {
    onStdout: (chunk) => {
      const lines = (pending + decoder.write(chunk)).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) take(line);
    },
  });
  pending += decoder.end();
  if (pending) take(pending);
  for (const [file, text] of patches) if (text.length > perFileChars) patches.set(file, text.slice(0, perFileChars));
  return patches;
}

// `diff --git a/<old> b/<new>`: paths may hold spaces, so the known paths are matched instead of split.
function pathOfHeader(line: string, wanted: readonly string[]): string | null {
  for (const p of wanted) if (line.endsWith(` b/${p}`)) return p;
  return null;
}
