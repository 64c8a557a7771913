import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { checkManualEmail, checkManualName, shellWord, slipDistance } from '../../src/core/manual-names.js';

const BOARD = ['Alice', 'Bob', 'Carol', 'Alexandra Smith', 'Team 2025', '王小明', '김민수'];

/** The error a user sees for `add-contribution <typed>`, or null when the name is taken as it is. */
const refusal = (typed: string, manual: string[] = []): string | null => {
  try {
    checkManualName(typed, BOARD, manual, false);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('slipDistance', () => {
  it.each([
    ['Alice', 'Alcie', 1],
    ['Alice', 'Alic', 1],
    ['Bob', 'Bobb', 1],
    ['Alice', 'Alicx', 1],
    ['Alice', 'Aiecl', 3],
    ['ab', 'ba', 1],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
  ])('%s to %s: %i', (a, b, d) => {
    expect(slipDistance(a, b)).toBe(d);
    expect(slipDistance(b, a)).toBe(d);
  });
});

describe('checkManualName: a slip of one name on the board is refused', () => {
  it.each([
    ['Alcie', 'Alice'],
    ['Alic', 'Alice'],
    ['Alicee', 'Alice'],
    ['Alixe', 'Alice'],
    ['Bobb', 'Bob'],
    ['Bbo', 'Bob'],
    ['Caorl', 'Carol'],
    ['Alexnadra Smiht', 'Alexandra Smith'],
  ])('%s beside %s', (typed, like) => {
    expect(refusal(typed)).toBe(`No contributor is named "${typed}", but "${like}" is: it would be a second person.`);
  });

  it('says how to add a new contributor of that name', () => {
    try {
      checkManualName('Alcie', BOARD, [], false);
    } catch (err) {
      expect((err as { hint?: string }).hint).toBe('Use "Alice", or `leaderboard contributor add "Alcie" --score N` to add a new contributor of that name.');
      return;
    }
    throw new Error('expected a refusal');
  });

  it.each([
    ['a name on the board', 'Alice'],
    ['a name two letters off', 'Alyse'],
    ['a name of two letters', 'Bo'],
    ['three slips in a long name', 'Alxenadra Smiht'],
    ['a name apart only in its digits', 'Team 2026'],
    ['a short name one letter changed', 'Rob'],
    ['a short name one letter changed, in Han', '王小红'],
    ['a short name one syllable changed, in Hangul', '김민주'],
  ])('takes %s (%s)', (_what, typed) => {
    expect(refusal(typed)).toBeNull();
  });

  it('takes a slip once that person is in the manual file (added with contributor add)', () => {
    expect(refusal('Alcie', ['Alcie'])).toBeNull();
  });
});

describe('checkManualEmail', () => {
  const people: [string, string][] = [['Alice', 'alice@example.com'], ['Bob', 'bob@example.com']];
  const refused = (email: string, name: string, identities = {}): string | null => {
    try {
      checkManualEmail(email, name, people, { Dee: { email: 'dee@example.com' } }, identities);
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };

  it("refuses another person's address, wherever it is theirs", () => {
    expect(refused('alice@example.com', 'Bob')).toBe('Email "alice@example.com" is Alice\'s (on the board): Bob would show another person\'s address.');
    expect(refused('DEE@example.com', 'Bob')).toBe('Email "DEE@example.com" is Dee\'s (in manual-contributions.json): Bob would show another person\'s address.');
    expect(refused('ali@old.example', 'Bob', { Alice: ['ali@old.example'] })).toBe('Email "ali@old.example" is Alice\'s (identities in leaderboard.config.json): Bob would show another person\'s address.');
  });

  it("takes the person's own address, in any case, and one nobody has", () => {
    expect(refused('Alice@Example.COM', 'Alice')).toBeNull();
    expect(refused('ali@old.example', 'Alice', { Alice: ['ali@old.example'] })).toBeNull();
    expect(refused('carol@example.com', 'Carol')).toBeNull();
    expect(refused('', 'Bob')).toBeNull();
  });
});

describe('shellWord', () => {
  it('quotes a name for a command to paste, so that the shell gives it back as it is', () => {
    expect(shellWord('Alice')).toBe('"Alice"');
    for (const name of ['Alice', "O'Brien", '$HOME `x`', 'it\'s "$x" \\ !']) {
      expect(execFileSync('sh', ['-c', `printf %s ${shellWord(name)}`], { encoding: 'utf8' })).toBe(name);
    }
  });
});
