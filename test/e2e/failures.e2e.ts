// Scenarios 6 and 7: what a person sees when the wiki refuses or fails, and that retries publish once. The 401 of a
// revoked token and the 402 of a token made while the license was inactive take the 403's path through the editor
// (the body verbatim, Set API Token): their messages are checked in test/integration/importStatuses.test.ts.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DOCS_HOME, targetedFile } from './support/docs';
import { useSessions } from './support/harness';
import { clickPublishButton } from './support/publishFlow';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import {
  notification, notificationButton, notificationMessage, openFile, quickInputBox, tokenStatusItem, waitForPrompt,
} from './support/workbench';

const DAY_MS = 24 * 60 * 60 * 1000;
// overwrite is spelled out so these scenarios are about the failure, not about how a missing overwrite is read.
const TARGET = { ...DOCS_HOME, pageTitle: 'Runbook', overwrite: false };
const FILES = { 'runbook.md': targetedFile(TARGET) };

/** Publishes the open runbook with the title button and returns the error notification showing `body`. */
async function publishAndExpectError(page: Page, body: string): Promise<{ message: string; toast: ReturnType<typeof notification> }> {
  await openFile(page, 'runbook.md');
  await clickPublishButton(page);
  const toast = notification(page, body).filter({ has: page.locator('.codicon-error') });
  await toast.waitFor();
  return { message: await notificationMessage(toast), toast };
}

/** The documented action of 401/402/403: "Set API Token" opens the password input. */
async function expectSetTokenAction(page: Page, toast: ReturnType<typeof notification>): Promise<void> {
  await notificationButton(toast, 'Set API Token').click();
  await waitForPrompt(page, /token/i);
  assert.equal(await quickInputBox(page).getAttribute('type'), 'password');
}

describe('Publish failures', function () {
  const sessions = useSessions();

  it('6a. an expired token (403) shows the sandbox body, mentions clock skew and offers Set API Token', async function () {
    const { page, sandbox } = await sessions.start({
      files: FILES,
      // Set API Token refuses expired tokens, so this one comes through the headless environment variable.
      beforeStart: (wiki) => ({ envToken: wiki.issueToken({ lifetime: '1d', issuedAt: Date.now() - 2 * DAY_MS }).token }),
    });
    await tokenStatusItem(page).filter({ hasText: 'Wiki token expired' }).waitFor();
    const { message, toast } = await publishAndExpectError(page, SANDBOX_BODIES.expired);
    assert.match(message, /clock/i, 'the 403 text mentions clock skew');
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [403]);
    await expectSetTokenAction(page, toast);
  });

  it('6d. an unknown parent (404) shows the sandbox body and names the space and the parent once', async function () {
    const missingParent = { ...TARGET, parentId: '999999' };
    const { page, sandbox } = await sessions.start({
      files: { 'runbook.md': targetedFile(missingParent) },
      beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }),
    });
    const { message } = await publishAndExpectError(page, SANDBOX_BODIES.parentMissing('999999'));
    const explanation = message.slice(message.indexOf(SANDBOX_BODIES.parentMissing('999999')) + SANDBOX_BODIES.parentMissing('999999').length);
    // Not signed in, so no lookups: one sentence naming what was used, without restating the body.
    assert.equal(explanation.trim(), 'Sent to space "DOCS" under parent page 999999; the wiki answers the same when the API token\'s owner cannot see them.');
    assert.equal((message.match(/does not exist/g) ?? []).length, 1, `said once: ${message}`);
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [404]);
  });

  it('7. two 500s then success: the progress notification shows the retries and the page is published once', async function () {
    const { page, sandbox } = await sessions.start({
      files: FILES,
      beforeStart: (wiki) => {
        // Each answer takes a second, so every attempt's progress message stays on screen long enough to see.
        wiki.injectFaults({ failNext: 2, latencyMs: 1000 });
        return { envToken: wiki.issueToken().token };
      },
    });
    await openFile(page, 'runbook.md');
    await clickPublishButton(page);
    await notification(page, /Attempt 2 of 3/).waitFor();
    await notification(page, /Attempt 3 of 3/).waitFor();
    await notification(page, SANDBOX_BODIES.created).waitFor();
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [500, 500, 201]);
    const runbooks = sandbox.pages().filter((candidate) => candidate.title === 'Runbook');
    assert.equal(runbooks.length, 1, 'published once');
  });

  it('8. a 429 whose Retry-After outlasts the attempts: Retry waits out what the wiki asked, under a progress with Cancel, then publishes', async function () {
    const { page, sandbox } = await sessions.start({
      files: FILES,
      beforeStart: (wiki) => {
        wiki.injectFaults({ throttleNext: 3, retryAfterSeconds: 5 });
        return { envToken: wiki.issueToken().token };
      },
    });
    await openFile(page, 'runbook.md');
    await clickPublishButton(page);
    const throttled = notification(page, /The wiki is limiting requests \(HTTP 429, 3 attempts\)\. Try again in 5 s\./);
    await throttled.waitFor();
    await throttled.locator('.monaco-button', { hasText: /^Retry$/ }).click();
    const waiting = notification(page, 'The wiki asked to wait before the next publish');
    await waiting.waitFor();
    await waiting.locator('.monaco-button', { hasText: 'Cancel' }).waitFor();
    await notification(page, SANDBOX_BODIES.created).waitFor();
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [429, 429, 429, 201]);
    const [, , third, retried] = sandbox.imports.map((entry) => entry.at);
    assert.ok(retried !== undefined && third !== undefined && retried - third >= 4_500, `the Retry went ${String((retried ?? 0) - (third ?? 0))} ms after the 429 that asked for 5 s`);
  });
});
