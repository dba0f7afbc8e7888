// Scenarios 1, 2 and 8: the API token as a person meets it in the status bar and the Set API Token box.
import * as assert from 'node:assert/strict';
import { ONBOARDING_FILE } from './support/docs';
import { useSessions } from './support/harness';
import { clickPublishButton } from './support/publishFlow';
import {
  answerPrompt, notification, notificationButton, openFile, quickInput, quickInputBox, quickInputMessage, runCommand,
  tokenStatusItem, validationError, waitForPrompt,
} from './support/workbench';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

describe('API token', function () {
  const sessions = useSessions();

  it('1. without a token, the status bar invites to set one and Publish explains that a token is needed', async function () {
    const { page, sandbox } = await sessions.start({ files: { 'onboarding.md': ONBOARDING_FILE } });
    const item = tokenStatusItem(page);
    await item.filter({ hasText: 'Set wiki token' }).waitFor();
    assert.equal(await item.getAttribute('aria-label'), 'Wiki API token not set. Click to set one.');

    await openFile(page, 'onboarding.md');
    await clickPublishButton(page);
    const explanation = notification(page, /token/i).filter({ has: page.locator('.codicon-error') });
    await explanation.waitFor();
    await notificationButton(explanation, 'Set API Token').click();
    await waitForPrompt(page, /token/i);
    assert.equal(await quickInputBox(page).getAttribute('type'), 'password', 'the token input hides what is typed');
    assert.equal(sandbox.imports.length, 0, 'nothing was sent without a token');
  });

  it('2. Set API Token refuses a malformed token and then shows the time left of a valid one', async function () {
    const { page, sandbox } = await sessions.start({ files: { 'onboarding.md': ONBOARDING_FILE } });
    // Issued two days ago (minus an hour) for two weeks: 12 days and an hour remain, shown rounded as 12 days.
    const issued = sandbox.issueToken({ lifetime: '2w', issuedAt: Date.now() - 2 * DAY_MS + HOUR_MS });
    await tokenStatusItem(page).filter({ hasText: 'Set wiki token' }).waitFor();

    await runCommand(page, 'Wiki: Set API Token');
    await waitForPrompt(page, /token/i);
    assert.equal(await quickInputBox(page).getAttribute('type'), 'password');
    const prompt = (await quickInputMessage(page).innerText()).trim();
    await quickInputBox(page).fill('this-is-not-a-token');
    const refusal = await validationError(page);
    assert.ok(refusal.length > 0 && refusal !== prompt, 'a malformed token gets an inline message');
    // Enter on a refused value must keep the box open. Had it been accepted, the command would have closed the
    // box and shown the refusal as an error notification before the "saved" one below (the extension host
    // answers in order), so that toast's absence once "saved" shows proves the refusal held.
    await page.keyboard.press('Enter');
    await answerPrompt(page, issued.token);
    await quickInput(page).waitFor({ state: 'hidden' });
    await notification(page, /token saved/i).waitFor();
    assert.equal(await notification(page, refusal).count(), 0, 'Enter did not accept the malformed token');
    const item = tokenStatusItem(page);
    await item.filter({ hasText: 'Wiki token: 12 days' }).waitFor();
    assert.match((await item.getAttribute('aria-label')) ?? '', /^Wiki API token expires in 12 days\b/);
  });

  it('8. a token inside the warning window turns the item to a warning and shows one warning notification', async function () {
    const { page } = await sessions.start({
      files: { 'onboarding.md': ONBOARDING_FILE },
      // A week-long token issued five days ago: two days left, inside the default 3-day window.
      beforeStart: (sandbox) => ({ envToken: sandbox.issueToken({ lifetime: '1w', issuedAt: Date.now() - 5 * DAY_MS + HOUR_MS }).token }),
    });
    const item = tokenStatusItem(page);
    await item.filter({ hasText: 'Wiki token: 2 days' }).waitFor();
    // VS Code marks an item whose background is statusBarItem.warningBackground with the warning kind.
    await page.locator('#workbench\\.parts\\.statusbar .statusbar-item.warning-kind[id$="wikiPublisher.tokenStatus"]').waitFor();

    const warnings = notification(page, /expires/i).filter({ has: page.locator('.codicon-warning') });
    await warnings.first().waitFor();
    assert.equal(await warnings.count(), 1, 'exactly one warning notification');
  });
});
