import * as assert from 'node:assert/strict';
import { englishTokenMessages } from '../../src/core/messages/tokenMessages';
import { formatRemaining, msUntilNextChange, tokenExpiryState, type TokenExpiryState } from '../../src/core/apiToken/expiry';
import { ManualClock } from '../fakes/manualClock';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from './apiTokenTestJwt';

/** Claims for a token issued `lifetimeMs` before its expiry, which is `remainingMs` from `now`. */
function claimsFor(now: number, remainingMs: number, lifetimeMs: number): { exp: number; iat: number } {
  const exp = (now + remainingMs) / 1000;
  return { exp, iat: exp - lifetimeMs / 1000 };
}

describe('tokenExpiryState', () => {
  const now = new ManualClock().now();

  it('is none without a token and unreadable when the claims do not decode', () => {
    assert.deepEqual(tokenExpiryState({ claims: undefined, now, warningDays: 3 }), { kind: 'none' });
    assert.deepEqual(tokenExpiryState({ claims: 'unreadable', now, warningDays: 3 }), { kind: 'unreadable' });
  });

  const cases: { name: string; remaining: number; lifetime: number; warningDays: number; kind: TokenExpiryState['kind'] }[] = [
    { name: 'plenty left of a 30-day token', remaining: 12 * DAY_MS, lifetime: 30 * DAY_MS, warningDays: 3, kind: 'valid' },
    // 30-day token: a fifth is 6 days, which beats 3 warning days.
    { name: 'exactly a fifth of the lifetime left', remaining: 6 * DAY_MS, lifetime: 30 * DAY_MS, warningDays: 3, kind: 'valid' },
    { name: 'just under a fifth of the lifetime left', remaining: 6 * DAY_MS - 1, lifetime: 30 * DAY_MS, warningDays: 3, kind: 'warning' },
    // 1-week token: a fifth is 1.4 days, so the 3 warning days decide.
    { name: 'exactly the warning days left', remaining: 3 * DAY_MS, lifetime: 7 * DAY_MS, warningDays: 3, kind: 'valid' },
    { name: 'just under the warning days left', remaining: 3 * DAY_MS - 1, lifetime: 7 * DAY_MS, warningDays: 3, kind: 'warning' },
    { name: 'a larger warningDays setting', remaining: 5 * DAY_MS, lifetime: 14 * DAY_MS, warningDays: 7, kind: 'warning' },
    { name: 'warningDays 0 leaves only the fifth rule', remaining: 3 * DAY_MS, lifetime: 14 * DAY_MS, warningDays: 0, kind: 'valid' },
    { name: 'warningDays 0, under a fifth', remaining: 2 * DAY_MS, lifetime: 30 * DAY_MS, warningDays: 0, kind: 'warning' },
    { name: 'an invalid warningDays falls back to 3', remaining: 2 * DAY_MS, lifetime: 7 * DAY_MS, warningDays: Number.NaN, kind: 'warning' },
    { name: 'a 1-day token warns from the start with 3 warning days', remaining: DAY_MS, lifetime: DAY_MS, warningDays: 3, kind: 'warning' },
    { name: 'one millisecond left', remaining: 1, lifetime: DAY_MS, warningDays: 3, kind: 'warning' },
    { name: 'exactly at expiry', remaining: 0, lifetime: DAY_MS, warningDays: 3, kind: 'expired' },
    { name: 'after expiry', remaining: -HOUR_MS, lifetime: DAY_MS, warningDays: 3, kind: 'expired' },
  ];

  for (const { name, remaining, lifetime, warningDays, kind } of cases) {
    it(`${name} -> ${kind}`, () => {
      const state = tokenExpiryState({ claims: claimsFor(now, remaining, lifetime), now, warningDays });
      assert.equal(state.kind, kind);
      if (state.kind === 'valid' || state.kind === 'warning') {
        assert.equal(state.remainingMs, remaining);
        assert.equal(state.lifetimeMs, lifetime);
        assert.equal(state.expiresAt, now + remaining);
      }
      if (state.kind === 'expired') assert.equal(state.expiresAt, now + remaining);
    });
  }

  it('changes from valid to warning to expired as the clock moves', () => {
    const clock = new ManualClock();
    const claims = claimsFor(clock.now(), 7 * DAY_MS, 14 * DAY_MS);
    const kindNow = (): string => tokenExpiryState({ claims, now: clock.now(), warningDays: 3 }).kind;
    assert.equal(kindNow(), 'valid');
    clock.advance(4 * DAY_MS + 1);
    assert.equal(kindNow(), 'warning');
    clock.advance(3 * DAY_MS);
    assert.equal(kindNow(), 'expired');
  });
});

describe('formatRemaining', () => {
  const cases: [number, string][] = [
    // A 30-day token read seconds or minutes after it was made is a 30-day token.
    [30 * DAY_MS - 5 * SECOND_MS, '30 days'],
    [30 * DAY_MS - 11 * HOUR_MS, '30 days'],
    [30 * DAY_MS - 12 * HOUR_MS, '30 days'],
    [30 * DAY_MS - 12 * HOUR_MS - 1, '29 days'],
    [12 * DAY_MS + 11 * HOUR_MS, '12 days'],
    [12 * DAY_MS + 12 * HOUR_MS, '13 days'],
    [2 * DAY_MS, '2 days'],
    [DAY_MS + 12 * HOUR_MS - 1, '1 day'],
    [DAY_MS + 12 * HOUR_MS, '2 days'],
    [DAY_MS, '1 day'],
    // One day is reached once the hours round to 24.
    [DAY_MS - 30 * MINUTE_MS, '1 day'],
    [DAY_MS - 30 * MINUTE_MS - 1, '23 hours'],
    [5 * HOUR_MS + 29 * MINUTE_MS, '5 hours'],
    [5 * HOUR_MS + 30 * MINUTE_MS, '6 hours'],
    [HOUR_MS, '1 hour'],
    [HOUR_MS - 30 * SECOND_MS, '1 hour'],
    [HOUR_MS - 30 * SECOND_MS - 1, '59 minutes'],
    [14 * MINUTE_MS + 29 * SECOND_MS, '14 minutes'],
    [14 * MINUTE_MS + 30 * SECOND_MS, '15 minutes'],
    [MINUTE_MS, '1 minute'],
    [MINUTE_MS - 500, '1 minute'],
    [MINUTE_MS - 501, 'less than a minute'],
    [0, 'less than a minute'],
  ];
  for (const [ms, text] of cases) {
    it(`${ms} ms -> "${text}"`, () => assert.equal(formatRemaining(ms, englishTokenMessages), text));
  }
});

describe('msUntilNextChange', () => {
  const now = new ManualClock().now();
  const stateAt = (at: number, remaining: number, lifetime: number, warningDays = 3): TokenExpiryState =>
    tokenExpiryState({ claims: claimsFor(now, remaining, lifetime), now: at, warningDays });

  it('is undefined when time alone changes nothing', () => {
    for (const state of [{ kind: 'none' }, { kind: 'unreadable' }, { kind: 'expired', expiresAt: now - 1 }] as const) {
      assert.equal(msUntilNextChange(state, now), undefined);
    }
  });

  const cases: { name: string; remaining: number; lifetime: number; expected: number }[] = [
    { name: 'the day count drops', remaining: 12 * DAY_MS + 5 * HOUR_MS, lifetime: 30 * DAY_MS, expected: 17 * HOUR_MS + 1 },
    { name: 'a 30-day token just stored shows 30 days for half a day', remaining: 30 * DAY_MS - 5 * SECOND_MS, lifetime: 30 * DAY_MS, expected: 12 * HOUR_MS - 5 * SECOND_MS + 1 },
    // 31-day token: the warning starts 6 days 4.8 hours before expiry, 12 minutes from now.
    { name: 'the warning threshold comes first', remaining: 6 * DAY_MS + 5 * HOUR_MS, lifetime: 31 * DAY_MS, expected: 12 * MINUTE_MS + 1 },
    { name: 'exactly on a day boundary', remaining: 10 * DAY_MS, lifetime: 30 * DAY_MS, expected: 12 * HOUR_MS + 1 },
    { name: 'from "1 day" to "23 hours"', remaining: DAY_MS + 30 * MINUTE_MS, lifetime: DAY_MS * 2, expected: HOUR_MS + 1 },
    { name: 'the hour count drops', remaining: 5 * HOUR_MS + 20 * MINUTE_MS, lifetime: DAY_MS, expected: 50 * MINUTE_MS + 1 },
    { name: 'the minute count drops', remaining: 14 * MINUTE_MS + 10 * SECOND_MS, lifetime: DAY_MS, expected: 40 * SECOND_MS + 1 },
    { name: 'from "1 minute" to "less than a minute"', remaining: MINUTE_MS + 10 * SECOND_MS, lifetime: DAY_MS, expected: 10 * SECOND_MS + 500 + 1 },
    { name: 'under a minute, expiry is next', remaining: 40 * SECOND_MS, lifetime: DAY_MS, expected: 40 * SECOND_MS },
  ];

  for (const { name, remaining, lifetime, expected } of cases) {
    it(name, () => assert.equal(msUntilNextChange(stateAt(now, remaining, lifetime), now), expected));
  }

  it('lands exactly where the indicator changes, never before', () => {
    const claims = claimsFor(now, 8 * DAY_MS + 3 * HOUR_MS + 7 * MINUTE_MS, 30 * DAY_MS);
    const look = (at: number): string => {
      const state = tokenExpiryState({ claims, now: at, warningDays: 3 });
      return state.kind === 'valid' || state.kind === 'warning' ? `${state.kind} ${formatRemaining(state.remainingMs, englishTokenMessages)}` : state.kind;
    };
    const clock = new ManualClock(now);
    const seen: string[] = [look(clock.now())];
    for (let step = 0; step < 200; step++) {
      const delay = msUntilNextChange(tokenExpiryState({ claims, now: clock.now(), warningDays: 3 }), clock.now());
      if (delay === undefined) break;
      const before = look(clock.now());
      assert.equal(look(clock.now() + delay - 1), before, 'nothing changes before the computed moment');
      clock.advance(delay);
      assert.notEqual(look(clock.now()), before, 'something changes at the computed moment');
      seen.push(look(clock.now()));
    }
    assert.deepEqual(seen.slice(0, 5), ['valid 8 days', 'valid 7 days', 'valid 6 days', 'warning 6 days', 'warning 5 days']);
    assert.equal(seen.at(-1), 'expired');
  });
});
