// Issue 7, part 5: an authorization code is single-use, so its exchange is sent once and never retried (a lost
// answer may mean the code is already spent); and invalid_grant during sign-in speaks of the sign-in, not of a
// refresh token the user never saw.
import assert from 'node:assert/strict';
import { MemoryLogger } from '../fakes/memoryLogger';
import { ManualClock } from '../fakes/manualClock';
import { ExportAuthError, signIn, type SignInOptions } from '../../src/core/oauth';
import { startIdp, type Idp } from '../sandbox/idp';
import { linesLeakingSecrets, playBrowser } from '../sandbox/oauthTestKit';

describe('the authorization-code exchange', () => {
  let idp: Idp;
  let clock: ManualClock;
  let logger: MemoryLogger;

  beforeEach(async () => {
    clock = new ManualClock();
    idp = await startIdp({ now: () => clock.now(), autoApprove: true });
    logger = new MemoryLogger();
  });
  afterEach(async () => {
    assert.deepEqual(linesLeakingSecrets(logger.lines, [idp.clientSecret]), []);
    await idp.close();
  });

  /** A sign-in whose browser approves at once; `afterApproval` runs once the code reached the callback. */
  function signInOnce(afterApproval: () => void = () => undefined): Promise<unknown> {
    const options: SignInOptions = {
      authUrl: idp.authUrl,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      redirectPort: 0,
      openBrowser: async (url) => {
        await playBrowser(url);
        afterApproval();
        return true;
      },
      saveSession: async () => undefined,
      clock,
      logger,
      waitTimeoutMs: 10_000,
    };
    return signIn(options);
  }

  async function failure(attempt: Promise<unknown>): Promise<ExportAuthError> {
    const error = await attempt.then(
      () => assert.fail('the sign-in should have failed'),
      (reason: unknown) => reason,
    );
    assert.ok(error instanceof ExportAuthError, String(error));
    return error;
  }

  for (const kind of ['500', '503', 'reset'] as const) {
    it(`is sent once after a ${kind}: the code is not presented again, and the message says to sign in again`, async () => {
      idp.faults.inject({ kind }, 1);
      const error = await failure(signInOnce());
      assert.equal(idp.stats.codeRequests, 1, 'one code request, no retry');
      assert.match(error.message, /only once/);
      assert.match(error.message, /sign in again/i);
    });
  }

  it('is sent once after a 429 too, whatever Retry-After says', async () => {
    idp.faults.inject({ kind: '429', retryAfterSeconds: 1 }, 1);
    const error = await failure(signInOnce());
    assert.equal(error.kind, 'rateLimited');
    assert.equal(idp.stats.codeRequests, 1);
  });

  it('reports invalid_grant as a refused sign-in code, not as a refresh token', async () => {
    // The code expires before the exchange, as when the browser step took longer than the provider allows.
    const error = await failure(signInOnce(() => clock.advance(11 * 60_000)));
    assert.equal(error.kind, 'invalidGrant');
    assert.match(error.message, /sign-in code/);
    assert.match(error.message, /Sign in again/);
    assert.doesNotMatch(error.message, /refresh token/i);
    assert.equal(idp.stats.codeRequests, 1);
  });
});
