import * as assert from 'node:assert/strict';
import { englishTokenMessages } from '../../src/core/messages/tokenMessages';
import { tokenExpiryState, type TokenExpiryState } from '../../src/core/apiToken/expiry';
import { tokenStatusView, TOOLTIP_COMMANDS } from '../../src/core/apiToken/statusView';
import { ManualClock } from '../fakes/manualClock';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './apiTokenTestJwt';

const now = new ManualClock().now(); // 2026-11-21 12:00:00 UTC
const stateWith = (remainingMs: number, lifetimeMs = 30 * DAY_MS): TokenExpiryState => {
  const exp = (now + remainingMs) / 1000;
  return tokenExpiryState({ claims: { exp, iat: exp - lifetimeMs / 1000 }, now, warningDays: 3 });
};

describe('tokenStatusView', () => {
  const cases: { name: string; state: TokenExpiryState; text: string; background: string; timeLeft: RegExp }[] = [
    { name: 'no token', state: { kind: 'none' }, text: '$(key) Set wiki token', background: 'none', timeLeft: /not set/ },
    { name: 'unreadable', state: { kind: 'unreadable' }, text: '$(key) Wiki token unreadable', background: 'error', timeLeft: /unreadable/ },
    { name: 'valid, days', state: stateWith(12 * DAY_MS + HOUR_MS), text: '$(key) Wiki token: 12 days', background: 'none', timeLeft: /12 days/ },
    { name: 'warning, hours', state: stateWith(5 * HOUR_MS), text: '$(key) Wiki token: 5 hours', background: 'warning', timeLeft: /5 hours/ },
    { name: 'warning, one minute', state: stateWith(MINUTE_MS), text: '$(key) Wiki token: 1 minute', background: 'warning', timeLeft: /1 minute/ },
    { name: 'expired', state: stateWith(-DAY_MS), text: '$(key) Wiki token expired', background: 'error', timeLeft: /expired/ },
  ];

  for (const { name, state, text, background, timeLeft } of cases) {
    it(`${name}: text, colour, label with "token" and the time left, click sets a token`, () => {
      const view = tokenStatusView(state, englishTokenMessages, { source: 'secretStorage' });
      assert.equal(view.text, text);
      assert.equal(view.background, background);
      assert.match(`${view.text} ${view.accessibilityLabel}`, /token/i);
      assert.match(view.accessibilityLabel, timeLeft);
      assert.equal(view.command, 'wikiPublisher.setApiToken');
    });
  }

  it('labels match the documented wording', () => {
    assert.equal(tokenStatusView({ kind: 'none' }, englishTokenMessages).accessibilityLabel, 'Wiki API token not set. Click to set one.');
    assert.match(tokenStatusView(stateWith(12 * DAY_MS + HOUR_MS), englishTokenMessages).accessibilityLabel, /^Wiki API token expires in 12 days/);
  });

  it('the tooltip gives the exact expiry time, where tokens are made, the source and the command links', () => {
    const tooltip = tokenStatusView(stateWith(12 * DAY_MS), englishTokenMessages, { source: 'secretStorage' }).tooltipMarkdown;
    assert.match(tooltip, /2026-12-03 12:00:00 UTC/);
    assert.match(tooltip, /settings, tab \*\*API\*\*/);
    assert.match(tooltip, /secret storage/);
    assert.ok(tooltip.includes('[Set API Token](command:wikiPublisher.setApiToken)'));
    assert.ok(tooltip.includes('[Show Log](command:wikiPublisher.showLog)'));
    assert.ok(!tooltip.includes('Export API'), 'no export section unless a session is given');
  });

  it('names the environment variable when the token comes from it', () => {
    const tooltip = tokenStatusView(stateWith(2 * DAY_MS), englishTokenMessages, { source: 'environment' }).tooltipMarkdown;
    assert.match(tooltip, /`WIKI_PUBLISHER_API_TOKEN` environment variable/);
  });

  it('the expired tooltip gives the time it expired', () => {
    assert.match(tokenStatusView(stateWith(-DAY_MS), englishTokenMessages).tooltipMarkdown, /Expired \*\*2026-11-20 12:00:00 UTC\*\*/);
  });

  it('shows a signed-out export session with a sign-in link', () => {
    const tooltip = tokenStatusView({ kind: 'none' }, englishTokenMessages, { exportSession: { signedIn: false } }).tooltipMarkdown;
    assert.match(tooltip, /\*\*Export API\*\*: not signed in/);
    assert.ok(tooltip.includes('[Sign in](command:wikiPublisher.signIn)'));
  });

  it('shows a signed-in export session with its inactivity expiry', () => {
    const exportSession = { signedIn: true, refreshExpiresAt: now + 89 * DAY_MS };
    const tooltip = tokenStatusView(stateWith(12 * DAY_MS), englishTokenMessages, { exportSession, now }).tooltipMarkdown;
    assert.match(tooltip, /signed in\. The sign-in expires from inactivity on 2027-02-18 12:00:00 UTC \(in 89 days\)/);
    assert.ok(!tooltip.includes('command:wikiPublisher.signIn'));
  });

  it('links only to commands the tooltip trusts', () => {
    const tooltip = tokenStatusView({ kind: 'none' }, englishTokenMessages, { exportSession: { signedIn: false } }).tooltipMarkdown;
    for (const [, command] of tooltip.matchAll(/\(command:([A-Za-z.]+)\)/g)) {
      assert.ok(TOOLTIP_COMMANDS.includes(command ?? ''), `${command} is trusted`);
    }
  });

  it('says the wiki rejected the token, in the error colour, with when and why, until cleared', () => {
    const rejection = { status: 401, at: now, said: 'Error: Unauthorized [x](command:evil) <b>' };
    const view = tokenStatusView(stateWith(12 * DAY_MS), englishTokenMessages, { source: 'secretStorage', rejection });
    assert.equal(view.text, '$(key) Wiki token rejected');
    assert.equal(view.background, 'error');
    assert.equal(view.command, 'wikiPublisher.setApiToken');
    assert.match(view.tooltipMarkdown, /HTTP 401/);
    assert.match(view.tooltipMarkdown, /2026-11-21 12:00:00 UTC/);
    assert.ok(!view.tooltipMarkdown.includes('](command:evil)'), 'the service\'s words cannot carry a command link');
    assert.match(tokenStatusView(stateWith(12 * DAY_MS), englishTokenMessages, { rejection: { ...rejection, status: 403 } }).tooltipMarkdown, /clock/);
    assert.equal(tokenStatusView({ kind: 'none' }, englishTokenMessages, { rejection }).text, '$(key) Set wiki token', 'no token: nothing to call rejected');
  });
});
