import assert from 'node:assert/strict';
import { describeError, redact } from '../../src/core/log/redact';
import { MemoryLogger } from '../fakes/memoryLogger';
import { findSecrets } from '../support/secretScan';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjEsImlhdCI6MH0.c2lnbmF0dXJlLXBhcnQ';

describe('redaction', () => {
  const cases: string[] = [
    `Authorization: Bearer ${jwt}`,
    'authorization: Bearer opaque-token-value-123',
    '{"Authorization":"Bearer abcdefghijkl"}',
    `token expired: ${jwt}`,
    'refresh_token=r1-abcdefghijklmnop&client_secret=s3cr3t-value-xyz',
    '{"refresh_token":"r1-abcdefghijklmnop","access_token":"a-abcdefghijkl"}',
    'code_verifier: abcdefghijklmnopqrstuvwxyz',
    'clientSecret = hunter2hunter2',
  ];
  for (const text of cases) {
    it(`scrubs ${text.slice(0, 40)}...`, () => {
      const scrubbed = redact(text);
      assert.deepEqual(findSecrets([scrubbed]), [], scrubbed);
      assert.match(scrubbed, /\[redacted\]/);
    });
  }

  it('keeps ordinary text', () => {
    const text = 'Publish "Release notes" to space DOCS under parent 123456: created (HTTP 201) in 12 ms';
    assert.equal(redact(text), text);
  });

  it('redacts inside error messages', () => {
    assert.ok(!describeError(new Error(`bad token ${jwt}`)).includes(jwt));
  });

  it('the scanner itself finds what it is meant to find', () => {
    assert.equal(findSecrets([`raw ${jwt}`, 'Bearer abcdefghijk', 'refresh_token: abcdefghijk']).length, 3);
  });

  it('every MemoryLogger line is redacted', () => {
    const logger = new MemoryLogger();
    logger.error(`failed with Authorization: Bearer ${jwt}`);
    assert.deepEqual(findSecrets(logger.lines), []);
  });
});

describe('redaction of long input', () => {
  it('cuts very long text before scanning it, so a huge answer cannot stall the log', () => {
    const scrubbed = redact(`body ${'A'.repeat(200_000)} token=abcdefghijkl`);
    assert.ok(scrubbed.length < 9_000);
    assert.match(scrubbed, /\(\d+ more characters\)$/);
  });

  it('still finds a secret field after a long run of word characters', () => {
    assert.equal(redact(`${'A'.repeat(5_000)} access_token=abcdefghijkl`), `${'A'.repeat(5_000)} access_token=[redacted]`);
  });
});
