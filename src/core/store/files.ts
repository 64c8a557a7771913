import { readFile } from 'node:fs/promises';
import writeFileAtomicLib from 'write-file-atomic';
import type { z } from 'zod';
import { LeaderboardError, type ErrorCode } from '../errors.js';

/**
 * Writes a file atomically: a temp file beside it, fsynced, then renamed over it, so a reader
 * or a crash never sees half a file. Writes to one path are queued in call order.
 */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  await writeFileAtomicLib(file, data, { encoding: 'utf8', fsync: true });
}

/** Writes JSON atomically; `pretty` indents for files people edit by hand. */
export async function writeJsonAtomic(file: string, value: unknown, pretty = false): Promise<void> {
  await writeFileAtomic(file, `${pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value)}\n`);
}

/** Reads a file, or null when it does not exist. */
export async function readTextIfExists(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Reads and validates a JSON file; null when missing. A file that is not JSON or does not match
 * the schema is an error naming the file and the field, so nothing is silently trusted.
 */
export async function readJsonFile<S extends z.ZodType>(
  file: string,
  schema: S,
  code: ErrorCode = 'INVALID_INPUT',
): Promise<z.output<S> | null> {
  const text = await readTextIfExists(file);
  if (text === null) return null;
  return parseJsonText(text, file, schema, code);
}

/** Parses JSON text with a schema, naming `file` in any error. */
export function parseJsonText<S extends z.ZodType>(text: string, file: string, schema: S, code: ErrorCode = 'INVALID_INPUT'): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new LeaderboardError(code, `${file} is not valid JSON (${(err as Error).message}).`, 'Fix the file by hand or restore it from a backup.');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new LeaderboardError(code, `${file} is not valid: ${describeIssues(parsed.error)}.`, 'Fix the named field or restore the file from a backup.');
  }
  return parsed.data;
}

/** The issues of a zod error in words: `path: message; ...`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : '(top level)'}: ${i.message}`)
    .join('; ');
}
