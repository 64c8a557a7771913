import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLatestSaver, type SaveOutcome } from '../../../web/src/admin/latest-saver.js';

/** A save that resolves when the test says so. */
function controlledSave() {
  const calls: { value: string[]; resolve: (r: string) => void; reject: (e: Error) => void }[] = [];
  const save = (value: string[]) => new Promise<string>((resolve, reject) => calls.push({ value, resolve, reject }));
  return { calls, save };
}

describe('createLatestSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves 100 ms after the last change, once, with the latest list', async () => {
    const { calls, save } = controlledSave();
    const outcomes: SaveOutcome<string[], string>[] = [];
    const saver = createLatestSaver(save, (o) => outcomes.push(o), 100);
    saver.schedule(['a']);
    await vi.advanceTimersByTimeAsync(60);
    saver.schedule(['a', 'b']);
    await vi.advanceTimersByTimeAsync(99);
    expect(calls).toHaveLength(0);
    expect(saver.busy()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.value)).toEqual([['a', 'b']]);
    calls[0]?.resolve('saved');
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes).toEqual([{ ok: true, value: ['a', 'b'], result: 'saved', settled: true }]);
    expect(saver.busy()).toBe(false);
  });

  it('flush starts a pending save at once, and does nothing when none is pending', async () => {
    const { calls, save } = controlledSave();
    const saver = createLatestSaver(save, () => {}, 100);
    saver.flush();
    expect(calls).toHaveLength(0);
    saver.schedule(['a']);
    await vi.advanceTimersByTimeAsync(10);
    saver.flush();
    expect(calls.map((c) => c.value)).toEqual([['a']]);
    // Its timer is gone: the delay's end saves nothing more.
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toHaveLength(1);
  });

  it('never saves twice at once: a change during a save is saved after it, with the latest list', async () => {
    const { calls, save } = controlledSave();
    const outcomes: SaveOutcome<string[], string>[] = [];
    const saver = createLatestSaver(save, (o) => outcomes.push(o), 100);
    saver.schedule(['a']);
    await vi.advanceTimersByTimeAsync(100);
    saver.schedule(['a', 'b']);
    saver.schedule(['a', 'b', 'c']);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(1);
    calls[0]?.resolve('first');
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes[0]).toMatchObject({ ok: true, result: 'first', settled: false });
    expect(calls.map((c) => c.value)).toEqual([['a'], ['a', 'b', 'c']]);
    calls[1]?.resolve('second');
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes[1]).toMatchObject({ ok: true, value: ['a', 'b', 'c'], settled: true });
  });

  it('reports a failed save with its error', async () => {
    const { calls, save } = controlledSave();
    const outcomes: SaveOutcome<string[], string>[] = [];
    const saver = createLatestSaver(save, (o) => outcomes.push(o), 100);
    saver.schedule(['x']);
    await vi.advanceTimersByTimeAsync(100);
    calls[0]?.reject(new Error('GitHub said no'));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ ok: false, value: ['x'], settled: true });
    expect(outcomes[0]?.ok === false && (outcomes[0].error as Error).message).toBe('GitHub said no');
  });

  it('forgets pending work and ignores a running save after cancel', async () => {
    const { calls, save } = controlledSave();
    const onOutcome = vi.fn();
    const saver = createLatestSaver(save, onOutcome, 100);
    saver.schedule(['x']);
    await vi.advanceTimersByTimeAsync(100);
    saver.schedule(['y']);
    saver.cancel();
    calls[0]?.resolve('late');
    await vi.advanceTimersByTimeAsync(500);
    expect(onOutcome).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });
});
