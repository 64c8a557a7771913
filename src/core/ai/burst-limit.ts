/** Runs async tasks at most `high` at a time, admitting new ones in bursts. */
export interface BurstLimit {
  <T>(fn: () => Promise<T>): Promise<T>;
  /** Drops the tasks not started yet (their promises never settle). */
  clear(): void;
}

/**
 * Like p-limit, but once `high` tasks run, no new one starts until no more than `low` do; then
 * up to `high` start in the same turn of the event loop. Work the tasks begin with (reading
 * commits' patches) is then asked of git in batches instead of one process a commit.
 */
export function burstLimit(high: number, low: number): BurstLimit {
  let running = 0;
  let filling = true;
  let waiting: (() => void)[] = [];
  const pump = () => {
    if (running <= low) filling = true;
    while (filling && running < high && waiting.length > 0) {
      running++;
      waiting.shift()?.();
    }
    if (running >= high) filling = false;
  };
  const limit = <T>(fn: () => Promise<T>): Promise<T> => new Promise<T>((resolve, reject) => {
    waiting.push(() => {
      fn().then(resolve, reject).finally(() => {
        running--;
        pump();
      });
    });
    pump();
  });
  return Object.assign(limit, { clear: () => { waiting = []; } });
}
