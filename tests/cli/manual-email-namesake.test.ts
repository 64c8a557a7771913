/**
 * --email with an address a namesake shares (`Hank` and `Hank Hill` committing as one address):
 * the board shows each with it, so it is theirs.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesOf, cli, dataFiles, readJson, tempResources } from './helpers.js';

const { newRepo } = tempResources();

describe('--email with an address a namesake shares', () => {
  it('accepts the address the person already has on the board; another person\'s is still refused', async () => {
    const own = await newRepo();
    await own.commit({ files: { 'a.ts': 'a\n' }, author: { name: 'Hank', email: 'hank@x.io' }, date: '2025-01-08T10:00:00Z' });
    await own.commit({ files: { 'b.ts': 'b\n' }, author: { name: 'Hank Hill', email: 'hank@x.io' }, date: '2025-01-09T10:00:00Z' });
    await own.commit({ files: { 'c.ts': 'c\n' }, author: { name: 'Ivy', email: 'ivy@x.io' }, date: '2025-01-10T10:00:00Z' });
    expect(cli(own.dir, ['refresh', '--all']).code).toBe(0);
    for (const name of ['Hank', 'Hank Hill']) {
      const r = cli(own.dir, ['add-contribution', name, '--score', '5', '--email', 'Hank@X.io']);
      expect(r.stderr, name).toBe('');
      expect(r.code, name).toBe(0);
    }
    const manualFile = dataFiles(path.join(own.dir, '.leaderboard')).manual;
    expect(readJson<{ contributors: Record<string, { email?: string }> }>(manualFile).contributors.Hank?.email).toBe('Hank@X.io');
    const before = bytesOf(manualFile);
    const refused = cli(own.dir, ['add-contribution', 'Ivy', '--score', '5', '--email', 'hank@x.io']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Error: Email "hank@x.io" is Hank\'s (on the board): Ivy would show another person\'s address.');
    expect(bytesOf(manualFile)).toBe(before);
  });
});
