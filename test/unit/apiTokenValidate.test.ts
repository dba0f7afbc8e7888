import * as assert from 'node:assert/strict';
import { englishTokenMessages } from '../../src/core/messages/tokenMessages';
import { decodeApiTokenClaims, validateApiToken, type ApiTokenProblem } from '../../src/core/apiToken/validate';
import { ManualClock } from '../fakes/manualClock';
import { base64url, DAY_MS, makeJwt, tokenTimes } from './apiTokenTestJwt';

describe('validateApiToken', () => {
  const clock = new ManualClock();
  const now = clock.now();
  const good = makeJwt({ sub: 'u1', ...tokenTimes(now, DAY_MS, 13 * DAY_MS) });
  const expiredToken = makeJwt(tokenTimes(now, 14 * DAY_MS, -DAY_MS));
  const header = base64url('{"alg":"HS256"}');

  const refusals: { name: string; raw: string; problem: ApiTokenProblem }[] = [
    { name: 'empty input', raw: '', problem: 'empty' },
    { name: 'whitespace only', raw: ' \n\t ', problem: 'empty' },
    { name: 'a two-part string', raw: good.split('.').slice(0, 2).join('.'), problem: 'notJwt' },
    { name: 'four parts', raw: `${good}.extra`, problem: 'notJwt' },
    { name: 'an empty signature', raw: `${good.split('.').slice(0, 2).join('.')}.`, problem: 'notJwt' },
    { name: 'characters outside base64url', raw: good.replace('.', '.+/'), problem: 'notJwt' },
    { name: 'a non-JSON payload', raw: `${header}.${base64url('not json at all')}.sig`, problem: 'notJwt' },
    { name: 'a JSON payload that is not an object', raw: `${header}.${base64url('42')}.sig`, problem: 'notJwt' },
    { name: 'a JSON null payload', raw: `${header}.${base64url('null')}.sig`, problem: 'notJwt' },
    { name: 'a payload of impossible base64 length', raw: `${header}.abcde.sig`, problem: 'notJwt' },
    { name: 'a missing exp', raw: makeJwt({ iat: 1 }), problem: 'missingClaims' },
    { name: 'a missing iat', raw: makeJwt({ exp: now / 1000 + 3600 }), problem: 'missingClaims' },
    { name: 'a string exp', raw: makeJwt({ iat: 1, exp: String(now / 1000 + 3600) }), problem: 'missingClaims' },
    { name: 'an expired token', raw: expiredToken, problem: 'expired' },
    { name: 'a token expiring exactly now', raw: makeJwt({ iat: now / 1000 - 60, exp: now / 1000 }), problem: 'expired' },
  ];

  for (const { name, raw, problem } of refusals) {
    it(`refuses ${name} as ${problem}, without echoing the token`, () => {
      const result = validateApiToken(raw, now, englishTokenMessages);
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.equal(result.problem, problem);
      assert.ok(result.message.length > 20, 'a sentence a person can act on');
      for (const part of raw.split('.').filter((piece) => piece.trim().length >= 4)) {
        assert.ok(!result.message.includes(part.trim()), `message must not contain "${part}"`);
      }
    });
  }

  it('says "This is not an API token" for shapes that are not tokens', () => {
    const result = validateApiToken('hello world', now, englishTokenMessages);
    assert.ok(!result.ok && result.message.startsWith('This is not an API token:'));
  });

  it('says when an expired token expired and where new ones are made', () => {
    const result = validateApiToken(expiredToken, now, englishTokenMessages);
    assert.ok(!result.ok);
    assert.match(result.message, /expired on 2026-11-20 12:00:00 UTC/);
    assert.match(result.message, /settings, tab "API"/);
  });

  it('accepts a valid token and returns its claims', () => {
    const result = validateApiToken(good, now, englishTokenMessages);
    assert.deepEqual(result, { ok: true, token: good, claims: tokenTimes(now, DAY_MS, 13 * DAY_MS) });
  });

  it('trims a pasted token with a trailing newline and surrounding spaces', () => {
    const result = validateApiToken(`  ${good}\r\n`, now, englishTokenMessages);
    assert.ok(result.ok);
    assert.equal(result.token, good);
  });

  it('accepts a token that expires one second from now', () => {
    const token = makeJwt({ iat: now / 1000 - 60, exp: now / 1000 + 1 });
    assert.equal(validateApiToken(token, now, englishTokenMessages).ok, true);
  });
});

describe('decodeApiTokenClaims', () => {
  const now = new ManualClock().now();

  it('reads exp and iat without judging expiry', () => {
    const times = tokenTimes(now, 30 * DAY_MS, -DAY_MS);
    assert.deepEqual(decodeApiTokenClaims(makeJwt(times)), times);
  });

  it('returns undefined for anything that does not decode or lacks the claims', () => {
    for (const raw of ['', 'a.b', 'x.y.z', makeJwt({ exp: 'soon', iat: 1 })]) {
      assert.equal(decodeApiTokenClaims(raw), undefined);
    }
  });
});
