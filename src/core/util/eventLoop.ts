// A turn of Node's event loop, for long synchronous work that other work waits on: every pending I/O callback (a
// socket that connected, a request to write, an answer to read) and timer runs before the promise resolves.

/** Resolves after the I/O callbacks and timers pending now have run (setImmediate). */
export function turnOfEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
