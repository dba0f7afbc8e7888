// How a command-line process ends (the CLI and the Action alike), once its run has settled and set process.exitCode.

/**
 * Exits as soon as nothing is left to do, instead of letting Node tear the process down piece by piece: a natural exit
 * frees V8's heap page by page (hundreds of munmap and madvise calls after a 10,000-file plan), which took about 20 ms
 * more than exiting (the tail after the 'exit' event, 8 runs each of the shipped CLI's tree dry run). 'beforeExit'
 * comes only when the event loop is empty, so every write to a pipe has been made (asynchronous on macOS and
 * Windows), every file closed and every request answered: nothing is cut short. The exit code is process.exitCode.
 */
export function exitWhenIdle(): void {
  process.once('beforeExit', () => process.exit());
}
