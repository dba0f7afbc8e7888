// Mocha root hooks (loaded through .mocharc.e2e.json "require"): prepare the run once before any test.
import { disposeRun, prepareRun } from './runSetup';
import { closeSharedBrowser } from './session';

const PREPARE_TIMEOUT_MS = 5 * 60_000;

export const mochaHooks = {
  beforeAll(this: Mocha.Context): void {
    this.timeout(PREPARE_TIMEOUT_MS);
    prepareRun();
  },
  async afterAll(): Promise<void> {
    await closeSharedBrowser();
    disposeRun();
  },
};
