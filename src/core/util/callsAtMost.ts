// Calls that arrive one by one while a run goes on (a page to identify each time one lands), with at most `limit` of
// them in flight: the rest wait their turn, in the order they came. mapBounded is for a list known at the start.

/** A function that runs each call it is given once fewer than `limit` of its calls are in flight. */
export function callsAtMost(limit: number): <R>(call: () => Promise<R>) => Promise<R> {
  const bound = Math.max(1, limit);
  const waiting: Array<() => void> = [];
  let running = 0;
  // A call ending hands its place to the first one waiting, which then runs without counting itself again.
  const next = (): void => {
    const wake = waiting.shift();
    if (wake) wake();
    else running--;
  };
  return async <R>(call: () => Promise<R>): Promise<R> => {
    if (running >= bound) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await call();
    } finally {
      next();
    }
  };
}
