import { splitBoard } from '../../src/core/board/board-files.js';
import { parseBoardIndex } from '../../src/shared/board-index.js';
import type { WrittenLeaderboardData } from '../../src/shared/data-file.js';

/** The page's split of `data` in memory, through JSON as the page reads it: chunks by id, and the index. */
export function splitInMemory(data: WrittenLeaderboardData): { chunks: Map<string, unknown>; index: ReturnType<typeof parseBoardIndex> } {
  const chunks = new Map<string, unknown>();
  const split = splitBoard(data);
  let step = split.next();
  while (!step.done) {
    chunks.set(step.value.id, JSON.parse(step.value.bytes.toString('utf8')));
    step = split.next();
  }
  return { chunks, index: parseBoardIndex(JSON.parse(JSON.stringify(step.value))) };
}
