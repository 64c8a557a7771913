/** What a {@link LatestSaver} reports after each save it ran. */
export type SaveOutcome<T, R> =
  | { ok: true; value: T; result: R; settled: boolean }
  | { ok: false; value: T; error: unknown; settled: boolean };

/** Schedules saves; see {@link createLatestSaver}. */
export interface LatestSaver<T> {
  /** Asks for `value` to be saved `delayMs` after the last call. */
  schedule: (value: T) => void;
  /** Forgets a pending save and ignores the outcome of one under way. */
  cancel: () => void;
  /** Starts a pending save now rather than when its delay ends (one under way is followed by it, as ever). */
  flush: () => void;
  /** True while a save is pending or running. */
  busy: () => boolean;
}

/**
 * Debounces saves and always saves the latest value: each `schedule` restarts the delay; when it
 * ends the latest value is saved; a value scheduled while a save runs is saved after it (never two
 * at once). `settled` in the outcome is true when nothing newer is waiting.
 */
export function createLatestSaver<T, R>(
  save: (value: T) => Promise<R>,
  onOutcome: (outcome: SaveOutcome<T, R>) => void,
  delayMs = 100,
): LatestSaver<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: { value: T } | null = null;
  let running = false;
  let generation = 0;

  const run = async () => {
    timer = null;
    if (running || !pending) return;
    const { value } = pending;
    pending = null;
    running = true;
    const gen = generation;
    let outcome: SaveOutcome<T, R>;
    try {
      outcome = { ok: true, value, result: await save(value), settled: false };
    } catch (error) {
      outcome = { ok: false, value, error, settled: false };
    }
    running = false;
    if (gen !== generation) return;
    outcome.settled = pending === null;
    onOutcome(outcome);
    // Something changed while saving and its delay is already over: save it now.
    if (pending && timer === null) void run();
  };

  return {
    schedule(value) {
      pending = { value };
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => void run(), delayMs);
    },
    cancel() {
      generation += 1;
      pending = null;
      running = false;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    flush() {
      if (timer === null) return;
      clearTimeout(timer);
      void run();
    },
    busy: () => running || pending !== null,
  };
}
