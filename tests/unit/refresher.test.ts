import { describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/core/config.js';
import { MAX_INTERVAL_MS, parseInterval } from '../../src/server/refresher.js';

describe('parseInterval', () => {
  it.each([
    ['15m', 900_000], ['1h', 3_600_000], ['30s', 30_000], ['15', 900_000], ['1.5h', 5_400_000], ['1000ms', 1000], [' 2 m ', 120_000],
    ['1d', 86_400_000], ['24d', 2_073_600_000], ['5', 300_000],
  ])('reads %j as %d ms', (text, ms) => {
    expect(parseInterval(text)).toBe(ms);
  });

  it.each([['0s'], ['999ms'], ['-5m'], ['soon'], ['25d'], [''], ['1000h'], ['1w']])('refuses %j', (text) => {
    expect(parseInterval(text)).toBeNull();
  });

  it('accepts up to the longest wait a timer can do, and no more', () => {
    expect(parseInterval(`${MAX_INTERVAL_MS}ms`)).toBe(MAX_INTERVAL_MS);
    expect(parseInterval(`${MAX_INTERVAL_MS + 1}ms`)).toBeNull();
  });
});

describe('serve.refreshInterval in leaderboard.config.json', () => {
  it('is checked with the config, naming the field, not blamed on the --refresh-interval flag at serve time', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-interval-'));
    try {
      await writeFile(path.join(dir, 'leaderboard.config.json'), JSON.stringify({ serve: { refreshInterval: '15 minutes' } }));
      await expect(loadConfig(dir)).rejects.toThrow(/serve\.refreshInterval: must look like 30s, 15m, 1h or 1d/);
      await writeFile(path.join(dir, 'leaderboard.config.json'), JSON.stringify({ serve: { refreshInterval: '1h' } }));
      expect((await loadConfig(dir)).serve.refreshInterval).toBe('1h');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
