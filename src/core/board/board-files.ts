import { createHash } from 'node:crypto';
import { CHUNK_ENTRIES, type BoardIndex, type IndexPeriod } from '../../shared/board-index.js';
import { PERIOD_TYPES, type WrittenLeaderboardData } from '../../shared/data-file.js';

/** One chunk file: its id (content hash) and text. */
export interface ChunkFile {
  id: string;
  text: string;
}

/**
 * Splits a data file into the index and its chunks (see src/shared/board-index.ts). Yields the
 * chunks one at a time (so they need not all be held at once) and returns the index. The index
 * gives every entry its email and total score, and the chunks hold each commit as the data
 * file's row under the same `commit_columns` (spelled out as objects, the chunks of a 20-year
 * history were 41 MB, three times the data file, and writing them was a fifth of a refresh).
 */
export function* splitBoard(data: WrittenLeaderboardData): Generator<ChunkFile, BoardIndex> {
  const emails = new Map(Object.entries(data.emails));
  const people: [string, string][] = [];
  const personIds = new Map<string, Map<string, number>>();
  const notes: string[] = [];
  const noteIds = new Map<string, number>();
  const person = (name: string, email: string): number => {
    let byEmail = personIds.get(name);
    if (!byEmail) personIds.set(name, (byEmail = new Map()));
    let id = byEmail.get(email);
    if (id === undefined) {
      byEmail.set(email, (id = people.length));
      people.push([name, email]);
    }
    return id;
  };
  const note = (text: string | undefined): number => {
    if (text === undefined || text === '') return -1;
    let id = noteIds.get(text);
    if (id === undefined) {
      noteIds.set(text, (id = notes.length));
      notes.push(text);
    }
    return id;
  };
  const defaults = JSON.stringify(data.commit_defaults);
  const columns = JSON.stringify(data.commit_columns);
  const periods = {} as BoardIndex['periods'];
  for (const type of PERIOD_TYPES) {
    const list: IndexPeriod[] = [];
    for (const [label, entries] of Object.entries(data.leaderboards[type])) {
      const rows: number[] = [];
      for (const e of entries) {
        const additional = e.additional_contribution_score ?? 0;
        rows.push(person(e.name, emails.get(e.name) ?? ''), e.total_commits, e.significant_commits ?? 0, e.commit_score,
          e.total_score ?? e.commit_score + additional, additional, note(e.additional_contribution_notes), e.co_authored_commits ?? 0, e.co_authored_significant ?? 0);
      }
      const chunks: string[] = [];
      for (let start = 0; start < entries.length; start += CHUNK_ENTRIES) {
        const part = entries.slice(start, start + CHUNK_ENTRIES);
        // The commits the part lists, once each, in the table's (newest first) order.
        const used = [...new Set(part.flatMap((e) => e.commits))].sort((a, b) => a - b);
        const local = new Map(used.map((t, i) => [t, i]));
        const commits = used.map((t) => JSON.stringify(data.commits[t]));
        const refs = part.map((e) => e.commits.map((t) => local.get(t) as number));
        const text = `{"commit_defaults":${defaults},"commit_columns":${columns},"commits":[${commits.join(',')}],"entries":${JSON.stringify(refs)}}\n`;
        const id = createHash('sha1').update(text).digest('hex').slice(0, 16);
        yield { id, text };
        chunks.push(id);
      }
      list.push({ label, rows, chunks });
    }
    periods[type] = list;
  }
  return {
    format: 1,
    last_updated: data.last_updated,
    total_commits_analyzed: data.total_commits_analyzed,
    analysis_period_days: data.analysis_period_days,
    metadata: data.metadata,
    people,
    notes,
    periods,
  };
}

/** The data file's JSON text (as JSON.stringify gives it) in pieces: a million commits do not fit one string. */
export function* dataFilePieces(data: WrittenLeaderboardData): Generator<string> {
  let first = true;
  for (const [key, value] of Object.entries(data) as [string, unknown][]) {
    if (value === undefined) continue;
    yield `${first ? '{' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (key === 'commits' && Array.isArray(value)) {
      yield* arrayPieces(value);
    } else if (key === 'leaderboards') {
      let firstType = true;
      for (const [type, periods] of Object.entries(value as Record<string, Record<string, unknown>>)) {
        yield `${firstType ? '{' : ','}${JSON.stringify(type)}:`;
        firstType = false;
        let firstLabel = true;
        for (const [label, entries] of Object.entries(periods)) {
          yield `${firstLabel ? '{' : ','}${JSON.stringify(label)}:${JSON.stringify(entries)}`;
          firstLabel = false;
        }
        yield firstLabel ? '{}' : '}';
      }
      yield firstType ? '{}' : '}';
    } else {
      yield JSON.stringify(value);
    }
  }
  yield first ? '{}\n' : '}\n';
}

function* arrayPieces(items: readonly unknown[]): Generator<string> {
  if (items.length === 0) {
    yield '[]';
    return;
  }
  const BATCH = 500;
  for (let i = 0; i < items.length; i += BATCH) {
    const part = items.slice(i, i + BATCH).map((x) => JSON.stringify(x)).join(',');
    yield `${i === 0 ? '[' : ','}${part}`;
  }
  yield ']';
}
