// Ties sessions to mocha's lifecycle: a test starts its session with start(); afterEach saves the failure
// artifacts when the test failed and stops everything the session started, whether it passed or not.
import { failureDigest, saveFailureArtifacts } from './artifacts';
import { startSession, type Session, type SessionOptions } from './session';

export interface SessionHarness {
  start(options: SessionOptions): Promise<Session>;
}

export function useSessions(): SessionHarness {
  let current: Session | undefined;
  afterEach(async function () {
    this.timeout(60_000);
    const session = current;
    current = undefined;
    if (!session) return;
    try {
      if (this.currentTest?.state !== 'passed') {
        const dir = await saveFailureArtifacts(session, this.currentTest?.fullTitle() ?? 'unknown test');
        if (dir) console.log(`      [e2e] failure artifacts in ${dir}`);
        for (const line of await failureDigest(session)) console.log(`      [e2e]   ${line}`);
        // Mocha's spec reporter is silent about a retried attempt; say it, so a flaky test shows in the log.
        // (currentRetry is public in mocha, protected only in its type declarations.)
        const test = this.currentTest as (Mocha.Test & { currentRetry(): number }) | undefined;
        if (test && test.currentRetry() < test.retries()) console.log(`      [e2e] attempt ${test.currentRetry() + 1} failed; trying once more in a new session`);
      }
    } finally {
      await session.stop();
    }
  });
  return {
    async start(options) {
      if (current) throw new Error('A session is already running in this test.');
      current = await startSession(options);
      return current;
    },
  };
}
