// Ties sessions to mocha's lifecycle: a test starts its session with start(); afterEach saves the failure
// artifacts when the test failed and stops everything the session started, whether it passed or not.
import { saveFailureArtifacts } from './artifacts';
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
