import * as assert from 'node:assert/strict';
import { englishTokenMessages } from '../../src/core/messages/tokenMessages';
import { tokenExpiryState } from '../../src/core/apiToken/expiry';
import { apiTokenFingerprint, noticeDue, rememberNotice } from '../../src/core/apiToken/expiryNotices';
import { ManualClock } from '../fakes/manualClock';
import { DAY_MS, HOUR_MS, makeJwt, tokenTimes } from './apiTokenTestJwt';

describe('expiry notices', () => {
  const token = makeJwt(tokenTimes(new ManualClock().now(), 0, 14 * DAY_MS));
  const fingerprint = apiTokenFingerprint(token);

  /** Walks a 14-day token hour by hour to past its expiry, remembering what was shown. */
  function noticesOverLifetime(clock: ManualClock, claims: { exp: number; iat: number }): string[] {
    const shown = new Set<string>();
    const kinds: string[] = [];
    for (let hour = 0; hour <= 16 * 24; hour++) {
      const notice = noticeDue(tokenExpiryState({ claims, now: clock.now(), warningDays: 3 }), fingerprint, shown, englishTokenMessages);
      if (notice) {
        shown.add(notice.key);
        kinds.push(notice.kind);
      }
      clock.advance(HOUR_MS);
    }
    return kinds;
  }

  it('shows one warning and one expiry notice over a token\'s life', () => {
    const clock = new ManualClock();
    assert.deepEqual(noticesOverLifetime(clock, tokenTimes(clock.now(), 0, 14 * DAY_MS)), ['warning', 'expired']);
  });

  it('still warns once about a token first seen inside its warning window', () => {
    const clock = new ManualClock();
    assert.deepEqual(noticesOverLifetime(clock, tokenTimes(clock.now(), 13 * DAY_MS, DAY_MS)), ['warning', 'expired']);
  });

  it('gives only the expiry notice for a token first seen expired', () => {
    const clock = new ManualClock();
    assert.deepEqual(noticesOverLifetime(clock, tokenTimes(clock.now(), 15 * DAY_MS, -DAY_MS)), ['expired']);
  });

  it('says nothing for no token, an unreadable one or a valid one', () => {
    const now = new ManualClock().now();
    const valid = tokenExpiryState({ claims: tokenTimes(now, 0, 14 * DAY_MS), now, warningDays: 3 });
    for (const state of [{ kind: 'none' }, { kind: 'unreadable' }, valid] as const) {
      assert.equal(noticeDue(state, fingerprint, new Set(), englishTokenMessages), undefined);
    }
  });

  it('messages say when and where to make a new token; keys hold no token', () => {
    const now = new ManualClock().now();
    const warning = noticeDue(tokenExpiryState({ claims: tokenTimes(now, 0, 2 * DAY_MS), now, warningDays: 3 }), fingerprint, new Set(), englishTokenMessages);
    assert.ok(warning);
    assert.match(warning.message, /expires in 2 days \(2026-11-23 12:00:00 UTC\)/);
    assert.match(warning.message, /settings, tab "API"/);
    for (const part of token.split('.')) assert.ok(!warning.key.includes(part) && !warning.message.includes(part));
  });

  it('a new token gets its own notices', () => {
    const now = new ManualClock().now();
    const state = tokenExpiryState({ claims: tokenTimes(now, 0, DAY_MS), now, warningDays: 3 });
    const first = noticeDue(state, fingerprint, new Set(), englishTokenMessages);
    assert.ok(first);
    assert.ok(noticeDue(state, apiTokenFingerprint(`${token}x`), new Set([first.key]), englishTokenMessages));
  });

  it('fingerprints are short, stable, whitespace-insensitive and not the token', () => {
    assert.match(fingerprint, /^[0-9a-f]{16}$/);
    assert.equal(apiTokenFingerprint(`${token}\n`), fingerprint);
    assert.ok(!token.includes(fingerprint));
  });

  it('rememberNotice keeps the newest keys only, without duplicates', () => {
    const keys = Array.from({ length: 25 }, (_, index) => `k${index}`);
    const remembered = rememberNotice(keys, 'k3');
    assert.equal(remembered.length, 20);
    assert.equal(remembered.at(-1), 'k3');
    assert.equal(new Set(remembered).size, 20);
  });
});
