/**
 * A queue that runs the functions given to it one after another, each after the previous one
 * settled: saves from this server wait for each other here instead of polling the data-dir lock.
 */
export function serialQueue(): <T>(fn: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const result = queue.then(fn, fn);
    queue = result.catch(() => undefined);
    return result;
  };
}
