import type { Request, Response } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorHandler } from '../../src/server/http-errors.js';

function call(err: unknown, authorization = '') {
  const sent: { status?: number; body?: unknown } = {};
  const req = { method: 'PUT', path: '/api/manual-contributions', get: (h: string) => (h.toLowerCase() === 'authorization' ? authorization : undefined) } as unknown as Request;
  const res = { headersSent: false, status(s: number) { sent.status = s; return this; }, json(b: unknown) { sent.body = b; return this; } } as unknown as Response;
  errorHandler(err, req, res, () => {});
  return sent;
}

afterEach(() => vi.restoreAllMocks());

describe('the error middleware', () => {
  it('answers an unexpected error with a bare 500 and says what it was on the server\'s stderr, without the caller\'s token', () => {
    const printed: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => { printed.push(a.join(' ')); });
    const token = 'ghp_0123456789abcdefghijklmnopqrstuvwxyz';
    const sent = call(new RangeError(`Maximum call stack size exceeded near ${token}`), `Bearer ${token}`);
    expect(sent).toEqual({ status: 500, body: { error: { code: 'INTERNAL', message: 'Internal server error.' } } });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('Internal error answering PUT /api/manual-contributions: Maximum call stack size exceeded near [redacted]');
    expect(printed[0]).not.toContain(token);
  });
});
