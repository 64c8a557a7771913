// Whether `serve` refreshes before serving: a data file too old, or a last refresh that failed.
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isStale } from '../../src/server/refresher.js';

let dir = '';
afterEach(async () => { if (dir) await rm(dir, { recursive: true, force: true }); });

describe('isStale', () => {
  it('is stale without a data file, with an old one, and after a failed refresh', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lb-stale-'));
    const data = path.join(dir, 'leaderboard-data.json');
    const status = path.join(dir, 'last-update.json');
    const hour = 3_600_000;
    expect(await isStale(dir, hour)).toBe(true);
    await writeFile(data, '{}');
    expect(await isStale(dir, hour)).toBe(false);
    // The page showed a failure fixed since (a config typo) until the next tick, 15 minutes on.
    await writeFile(status, JSON.stringify({ success: false, timestamp: new Date().toISOString(), error: 'leaderboard.config.json: Unrecognized key' }));
    expect(await isStale(dir, hour)).toBe(true);
    await writeFile(status, JSON.stringify({ success: true, timestamp: new Date().toISOString(), latestCommit: 'a'.repeat(40) }));
    expect(await isStale(dir, hour)).toBe(false);
    const old = new Date(Date.now() - 2 * hour);
    await utimes(data, old, old);
    expect(await isStale(dir, hour)).toBe(true);
  });
});
