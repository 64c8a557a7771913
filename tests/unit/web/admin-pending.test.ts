import { describe, expect, it } from 'vitest';
import { contributorPendingNote, pendingDeletions, publishedRecord } from '../../../web/src/admin/pending.js';

const record = (score: number) => ({ contributions: [{ score, notes: 'talk', start_date: null, end_date: null }] });

describe('pending notes for contributors named like the properties every object has', () => {
  it('a new "constructor" or "toString" is not published yet, not a crash', () => {
    const published = { Grace: record(20) };
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__']) {
      expect(publishedRecord(published, name)).toBeUndefined();
      expect(contributorPendingNote(record(5), publishedRecord(published, name))).toBe('Pending: not published yet');
    }
  });

  it('a published "constructor" the pending file no longer has is a pending deletion', () => {
    expect(pendingDeletions({ Grace: record(20) }, { Grace: record(20), constructor: record(5) } as never)).toEqual([{ name: 'constructor', total: 5 }]);
    expect(pendingDeletions({}, { toString: record(3) } as never)).toEqual([{ name: 'toString', total: 3 }]);
  });
});
