import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Git processes started while it is on, counted from GIT_TRACE (git 2.30+ writes `trace: built-in: git <command> ...`). */
export interface GitTrace {
  runs(command: string): number;
  stop(): void;
}

/** Sets GIT_TRACE to a fresh file: every git this process starts from now on writes there. */
export function traceGit(): GitTrace {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lb-git-trace-'));
  const file = path.join(dir, 'trace');
  process.env.GIT_TRACE = file;
  return {
    runs(command) {
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return 0;
      }
      return text.split('\n').filter((line) => line.includes(`built-in: git ${command} `) || line.endsWith(`built-in: git ${command}`)).length;
    },
    stop() {
      delete process.env.GIT_TRACE;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
