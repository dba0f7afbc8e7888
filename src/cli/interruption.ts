// Ctrl+C and SIGTERM (a CI runner cancelling the job) for the command line and the GitHub Action alike.
import { setMaxListeners } from 'node:events';
import { EXIT_INTERRUPTED, EXIT_TERMINATED } from './exitCodes';
import type { Output } from './output';

/** The first Ctrl+C (or SIGTERM) stops new files and aborts requests in flight; a second one exits at once. */
export function interruption(output: Output): { interrupt: AbortSignal; interruptExitCode(): number | undefined } {
  const controller = new AbortController();
  // Every request of the run listens to it while it is out or waits to retry (up to 16 at once, and the page lookups
  // beside them): more than Node's default of 10 is the design, not a leak, and its warning would reach the job's log.
  setMaxListeners(100, controller.signal);
  let exitCode: number | undefined;
  // A CI runner that cancels a job sends SIGTERM: no one there can press Ctrl+C, so its line names the signal.
  const onSignal = (code: number, again: string) => (): void => {
    if (exitCode !== undefined) process.exit(exitCode);
    exitCode = code;
    output.problem(`Interrupted: no new file starts and requests in flight are aborted. ${again}`);
    controller.abort();
  };
  process.on('SIGINT', onSignal(EXIT_INTERRUPTED, 'Press Ctrl+C again to quit at once.'));
  process.on('SIGTERM', onSignal(EXIT_TERMINATED, '(SIGTERM: a second one quits at once.)'));
  return { interrupt: controller.signal, interruptExitCode: () => exitCode };
}
