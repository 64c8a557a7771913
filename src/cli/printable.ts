/**
 * A control character a terminal acts on: C0 but tab and newline, DEL, and C1 (ESC's eight-bit
 * forms); a carriage return only alone, not in the CRLF line ends of a file or of git's stderr.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)/g;

/**
 * Text as a terminal should show it: control characters as `\x1b`-style escapes. Names, subjects
 * and notes come from a git history anyone whose commit was merged writes to: an ESC sequence in
 * an author's name recoloured, retitled or wrote to the clipboard (OSC 52) of the terminal of the
 * maintainer whose error message named them.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * Makes console.log, console.error and console.warn print their text printable, once for the
 * CLI: every message goes through them (the progress line, which draws with escapes of its own,
 * writes to the stream itself).
 */
export function printOnlyPrintable(): void {
  for (const level of ['log', 'error', 'warn'] as const) {
    const print = console[level].bind(console);
    console[level] = (...args: unknown[]) => print(...args.map((a) => (typeof a === 'string' ? printable(a) : a)));
  }
}
