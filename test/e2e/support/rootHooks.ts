// Mocha root hooks (loaded through .mocharc.e2e.js "require"): prepare the run once before any test.
//
// The suite runs its files in two worker processes at once (.mocharc.e2e.js "parallel"), and in a worker these hooks
// run around every file: the packaged extension's template and the shared Chromium are then kept for the worker's
// next file (installing the .vsix and launching Chromium again cost several seconds a file) and go when the worker
// exits. Run serially (one file, --no-config), they go at the end of the run as before.
import { disposeRun, prepareRun } from './runSetup';
import { closeSharedBrowser } from './session';

const PREPARE_TIMEOUT_MS = 5 * 60_000;
const IN_WORKER = process.env.MOCHA_WORKER_ID !== undefined;

if (IN_WORKER) {
  // The template is a temporary folder; Playwright closes the browsers it launched when the process exits.
  process.once('exit', () => disposeRun());
}

export const mochaHooks = {
  beforeAll(this: Mocha.Context): void {
    this.timeout(PREPARE_TIMEOUT_MS);
    prepareRun();
  },
  async afterAll(): Promise<void> {
    if (IN_WORKER) return;
    await closeSharedBrowser();
    disposeRun();
  },
};
