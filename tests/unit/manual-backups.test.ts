import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirPaths } from '../../src/core/store/data-dir.js';
import { backupManualFile, MANUAL_BACKUPS_KEPT } from '../../src/core/store/manual-backups.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir(): ReturnType<typeof dataDirPaths> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lb-backups-'));
  dirs.push(dir);
  return dataDirPaths(dir);
}

const backups = (paths: ReturnType<typeof dataDirPaths>) => readdirSync(path.join(paths.dir, 'manual-backups')).sort();

describe('manual-backups', () => {
  it('keeps the newest ten, the one just written among them', async () => {
    const paths = dataDir();
    for (let i = 0; i < 12; i++) {
      writeFileSync(paths.manual, `{"contributors":{"v${i}":5}}\n`);
      await backupManualFile(paths, new Date(Date.UTC(2026, 10, 1, 12, 0, i)));
    }
    const kept = backups(paths);
    expect(kept).toHaveLength(MANUAL_BACKUPS_KEPT);
    expect(readFileSync(path.join(paths.dir, 'manual-backups', kept[0] as string), 'utf8')).toContain('"v2"');
    expect(readFileSync(path.join(paths.dir, 'manual-backups', kept.at(-1) as string), 'utf8')).toContain('"v11"');
  });

  it('never deletes the backup just written when backups stamped later exist (a clock set ahead), and lets those go first', async () => {
    const paths = dataDir();
    const folder = path.join(paths.dir, 'manual-backups');
    mkdirSync(folder, { recursive: true });
    const ahead = Array.from({ length: 12 }, (_, i) => `manual-contributions-20${30 + i}0101T000000000Z.json`);
    for (const name of ahead) writeFileSync(path.join(folder, name), '{"contributors":{}}\n');
    writeFileSync(paths.manual, '{"contributors":{"Alice":7}}\n');
    const first = await backupManualFile(paths, new Date('2026-11-28T12:00:00Z'));
    expect(first).not.toBeNull();
    expect(readFileSync(first as string, 'utf8')).toBe('{"contributors":{"Alice":7}}\n');
    expect(backups(paths)).toHaveLength(MANUAL_BACKUPS_KEPT);

    writeFileSync(paths.manual, '{"contributors":{"Bob":3}}\n');
    const second = await backupManualFile(paths, new Date('2026-11-28T12:01:00Z'));
    const kept = backups(paths);
    // Both real versions stay; the backups stamped ahead make room, the earliest stamped first.
    expect(kept).toContain(path.basename(first as string));
    expect(kept).toContain(path.basename(second as string));
    expect(kept).toHaveLength(MANUAL_BACKUPS_KEPT);
    expect(kept.filter((n) => ahead.includes(n))).toEqual(ahead.slice(-8));
  });
});
