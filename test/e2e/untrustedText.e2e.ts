// Issue 7.1: text the extension does not control never becomes a clickable command in a notification. VS Code
// renders `[label](command:…)` in a message as a link that runs the command; a repository could place one, named
// like our real "Edit Front Matter" button, next to that button. The text must still read word for word.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { signInApproved } from './support/accounts';
import { apiGuideBody } from './support/docs';
import { useSessions } from './support/harness';
import { clickPublishButton } from './support/publishFlow';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { notification, notificationButton, notificationMessage, openFile, runCommand } from './support/workbench';

const FAKE_BUTTON = '[Edit Front Matter](command:workbench.action.openSettings?%5B%22x%22%5D)';
// neutralise() breaks the link syntax with this invisible character; the reader sees the same text.
const WORD_JOINER = /\u2060/g;

/** A file whose front matter names the whole target; values are JSON-quoted, so any text is valid YAML. */
function fileWithTarget(target: { spaceId: string; parentId: string; pageTitle: string }): string {
  const front = Object.entries({ ...target }).map(([key, value]) => `  ${key}: ${JSON.stringify(value)}`);
  return ['---', 'wiki:', ...front, '  overwrite: false', '---', apiGuideBody(target.pageTitle)].join('\n');
}

/** Publishes the open file and returns the error toast whose text matches. */
async function publishAndExpectError(page: Page, fileName: string, text: RegExp): Promise<Locator> {
  await openFile(page, fileName);
  await clickPublishButton(page);
  const toast = notification(page, text).filter({ has: page.locator('.codicon-error') });
  await toast.waitFor();
  return toast;
}

/** Every link the toast renders (anchors and VS Code's link widgets), as href or text. */
async function linksIn(toast: Locator): Promise<string[]> {
  return toast.locator('a[href], .monaco-link').evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('href') ?? element.textContent ?? ''),
  );
}

async function expectNoCommandLink(toast: Locator): Promise<void> {
  const links = await linksIn(toast);
  assert.deepEqual(links.filter((href) => /^\s*command:/i.test(href)), [], 'no command: link in the notification');
  assert.deepEqual(await toast.locator('.notification-list-item-message a').count(), 0, 'the message holds no link at all');
}

describe('Untrusted text in notifications', function () {
  const sessions = useSessions();

  it('a. a command link in the front matter shows as text in the refusal, next to the real button', async function () {
    const { page, sandbox } = await sessions.start({
      files: { 'hostile.md': fileWithTarget({ spaceId: 'DOCS', parentId: FAKE_BUTTON, pageTitle: 'Runbook' }) },
      beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }),
    });
    const toast = await publishAndExpectError(page, 'hostile.md', /must consist of digits only/);
    await expectNoCommandLink(toast);
    const message = (await notificationMessage(toast)).replace(WORD_JOINER, '');
    assert.ok(message.includes(`"${FAKE_BUTTON}"`), `the value reads word for word: ${message}`);
    // Our own follow-up is still a button, not a link.
    await notificationButton(toast, 'Edit Front Matter').waitFor();
    assert.deepEqual(sandbox.imports, [], 'refused before any request');
  });

  it('b. a command link in the service\'s body shows word for word as text', async function () {
    const { page, sandbox } = await sessions.start({
      // The sandbox echoes the space in its 404 body, so the body itself carries the link.
      files: { 'hostile-space.md': fileWithTarget({ spaceId: FAKE_BUTTON, parentId: '123456', pageTitle: 'Runbook' }) },
      beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }),
    });
    const toast = await publishAndExpectError(page, 'hostile-space.md', /does not exist or you do not have access/);
    await expectNoCommandLink(toast);
    const message = (await notificationMessage(toast)).replace(WORD_JOINER, '');
    assert.ok(message.includes(SANDBOX_BODIES.spaceMissing(FAKE_BUTTON)), `the body reads word for word: ${message}`);
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [404]);
  });
  it('c. a bidirectional control in a title shows as its code point, so it cannot reverse the rest of the message', async function () {
    const title = 'Runbook \u202Egnp.exe';
    const { page, sandbox } = await sessions.start({
      files: { 'bidi.md': fileWithTarget({ spaceId: 'DOCS', parentId: '123456', pageTitle: title }) },
      beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }),
    });
    await openFile(page, 'bidi.md');
    await clickPublishButton(page);
    const toast = notification(page, /Published "Runbook/);
    await toast.waitFor();
    const message = (await notificationMessage(toast)).replace(WORD_JOINER, '');
    assert.ok(message.includes('Published "Runbook <U+202E>gnp.exe" to DOCS'), message);
    assert.doesNotMatch(message, /\u202E/);
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [201]);
  });

  it('d. a bidirectional control in a page\'s title shows as its code point in Compare\'s diff tab', async function () {
    const title = 'Runbook \u202Egnp.exe';
    const { page } = await sessions.start({
      files: { 'bidi.md': fileWithTarget({ spaceId: 'DOCS', parentId: '123456', pageTitle: title }) },
      world: {},
      beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }),
    });
    await signInApproved(page);
    await openFile(page, 'bidi.md');
    await clickPublishButton(page);
    await notification(page, /Published "Runbook/).waitFor();
    await runCommand(page, 'Compare with Wiki Page');
    const tab = page.locator('.tabs-container .tab.active', { hasText: '(wiki) ↔ bidi.md' });
    await tab.waitFor();
    const label = ((await tab.innerText()) + (await tab.getAttribute('aria-label') ?? '')).replace(WORD_JOINER, '');
    assert.ok(label.includes('Runbook <U+202E>gnp.exe (wiki) ↔ bidi.md'), label);
    assert.doesNotMatch(label, /\u202E/);
  });
});
