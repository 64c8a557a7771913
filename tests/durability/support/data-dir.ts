/** Helpers of the durability tests: a refreshed data directory, and checks that its files are whole. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { manualContributionsFileSchema } from '../../../src/shared/manual-contributions.js';
import { boardChunkSchema, parseBoardIndex, PERIOD_TYPES } from '../../../src/shared/board-index.js';
import { parseLeaderboardData } from '../../../src/shared/data-file.js';
import { statusFileSchema } from '../../../src/shared/status-file.js';
import { dataFiles } from '../../cli/helpers.js';

export const SAVE_LOOP = path.resolve('tests/durability/support/save-loop.mjs');

/** Asserts that every file of the data directory that exists parses (and matches its schema). */
export function expectAllFilesParse(dataDir: string): { contributors: Record<string, unknown> } {
  const f = dataFiles(dataDir);
  const json = (file: string): unknown => {
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`${path.basename(file)} does not parse: ${(err as Error).message}`);
    }
  };
  const manual = existsSync(f.manual) ? manualContributionsFileSchema.parse(json(f.manual)) : { contributors: {} };
  if (existsSync(f.data)) parseLeaderboardData(json(f.data));
  if (existsSync(f.status)) statusFileSchema.parse(json(f.status));
  for (const file of [f.state, f.cache]) if (existsSync(file)) expect(json(file)).toBeTypeOf('object');
  // The page's index names only chunks that are on disk and whole.
  const index = path.join(dataDir, 'leaderboard-index.json');
  if (existsSync(index)) {
    const parsed = parseBoardIndex(json(index));
    for (const type of PERIOD_TYPES) {
      for (const p of parsed.periods[type]) for (const id of p.chunks) boardChunkSchema.parse(json(path.join(dataDir, 'leaderboard-chunks', `${id}.json`)));
    }
  }
  return manual;
}
