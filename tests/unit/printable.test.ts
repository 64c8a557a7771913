import { expect, it } from 'vitest';
import { printable } from '../../src/cli/printable.js';

it('escapes what a terminal acts on, and keeps line ends, tabs and any other text', () => {
  expect(printable('Ctl\x07\x1b[31mRed\x08B\x9b2J\x7f')).toBe('Ctl\\x07\\x1b[31mRed\\x08B\\x9b2J\\x7f');
  // A lone carriage return moves the cursor back over what was printed; CRLF ends a line.
  expect(printable('done\rfake')).toBe('done\\x0dfake');
  expect(printable('line one\r\nline two\n\tindented')).toBe('line one\r\nline two\n\tindented');
  expect(printable('C:\\Users\\Zoë 👩‍💻 مرحبا')).toBe('C:\\Users\\Zoë 👩‍💻 مرحبا');
});
