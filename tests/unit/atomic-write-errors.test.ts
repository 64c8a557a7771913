// A write that fails through its file handle (a full disk) names the file it was writing: the
// handle's error names none, and the message said only "the disk is full".
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      if (String(args[0]).endsWith('.tmp')) {
        handle.writeFile = () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' }));
      }
      return handle;
    },
  };
});

describe('an atomic write the disk refuses', () => {
  it('fails naming the file, and leaves no temp file', async () => {
    const { writeFileAtomic } = await import('../../src/core/store/files.js');
    const { describeSystemError } = await import('../../src/core/system-error.js');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lb-enospc-'));
    const file = path.join(dir, 'manual-contributions.json');
    const err = await writeFileAtomic(file, '{}').then(() => null, (e: unknown) => e);
    expect(err).toMatchObject({ code: 'ENOSPC', path: file });
    expect(describeSystemError(err as Parameters<typeof describeSystemError>[0]).message).toContain(file);
    expect(await readdir(dir)).toEqual([]);
  });
});
