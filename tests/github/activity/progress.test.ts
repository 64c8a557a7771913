import { describe, expect, it } from 'vitest';
import { terminalProgress } from '../../../src/cli/progress.js';

/** A fake terminal stream that keeps what was drawn. */
function tty() {
  const out: string[] = [];
  return { out, stream: { isTTY: true, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream };
}

describe('the progress line while reading GitHub', () => {
  it('shows pull requests read, requests left and a rate-limit wait', () => {
    const { out, stream } = tty();
    const p = terminalProgress(stream);
    p.update({ phase: 'github', done: 150, total: 0, github: { repository: 'acme/widgets', pulls: 150, requests: 3, remaining: 4997 } });
    p.update({ phase: 'github', done: 150, total: 0, github: { repository: 'acme/widgets', pulls: 150, requests: 3, remaining: 0, waitSeconds: 42 } });
    expect(out[0]).toContain('Reading acme/widgets on GitHub: 150 pull requests, 4,997 requests left');
    expect(out[1]).toContain('(rate limit: waiting 42s as GitHub asks)');
  });

  it('prints nothing off a terminal', () => {
    const out: string[] = [];
    const p = terminalProgress({ isTTY: false, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream);
    p.update({ phase: 'github', done: 1, total: 0, github: { repository: 'a/b', pulls: 1, requests: 1, remaining: 1 } });
    expect(out).toEqual([]);
  });
});
