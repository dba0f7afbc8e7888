// Issue 9 in the real VS Code: a wrong parent is no dead end (Change Target), warnings come before the prompts, and
// the status bar says when the wiki rejected the token.
import * as assert from 'node:assert/strict';
import type { Sandbox } from '../sandbox/server';
import { useSessions } from './support/harness';
import { CREATE_ONLY, OVERWRITE_PROMPT, PARENT_PROMPT, TITLE_PROMPT, chooseSpace, clickPublishButton } from './support/publishFlow';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import {
  answerPrompt, notification, notificationButton, openFile, pickItem, quickInput, quickInputBox, runCommand, tokenStatusItem, waitForCenterNotification,
  waitForPrompt,
} from './support/workbench';

const withToken = (sandbox: Sandbox): { envToken: string } => ({ envToken: sandbox.issueToken().token });

describe('The first hour', function () {
  const sessions = useSessions();

  it('a wrong parent page (404) offers Change Target, which asks again and publishes', async function () {
    const { page, sandbox } = await sessions.start({ files: { 'faq.md': '# FAQ\n\nQuestions.\n' }, beforeStart: withToken });
    await openFile(page, 'faq.md');
    await clickPublishButton(page);
    await chooseSpace(page, 'DOCS');
    await waitForPrompt(page, PARENT_PROMPT);
    await answerPrompt(page, '999999');
    await waitForPrompt(page, TITLE_PROMPT);
    await page.keyboard.press('Enter');
    await waitForPrompt(page, OVERWRITE_PROMPT);
    await pickItem(page, CREATE_ONLY);

    const notFound = notification(page, SANDBOX_BODIES.parentMissing('999999'));
    await notFound.waitFor();
    const buttons = await notFound.locator('.monaco-button').allInnerTexts();
    assert.equal(buttons[0], 'Change Target', `the obvious fix comes first (buttons: ${buttons.join(', ')})`);
    await notificationButton(notFound, 'Change Target').click();

    // The prompts again, from the space, with the earlier answers offered.
    await chooseSpace(page, 'DOCS');
    await waitForPrompt(page, PARENT_PROMPT);
    assert.equal(await quickInputBox(page).inputValue(), '999999', 'the wrong answer is offered for correction');
    await answerPrompt(page, '123456');
    await waitForPrompt(page, TITLE_PROMPT);
    await page.keyboard.press('Enter');
    await waitForPrompt(page, OVERWRITE_PROMPT);
    await pickItem(page, CREATE_ONLY);
    // Toasts that follow each other closely may be held back; every notification lands in the center.
    await waitForCenterNotification(page, SANDBOX_BODIES.created);
    assert.ok(sandbox.findPageByTitle('DOCS', '123456', 'FAQ'));
  });

  it('warns about local images before asking anything', async function () {
    const { page, sandbox } = await sessions.start({ files: { 'diagram.md': '# Diagram\n\n![architecture](img/arch.png)\n' }, beforeStart: withToken });
    await openFile(page, 'diagram.md');
    await clickPublishButton(page);
    const warning = notification(page, /local image/);
    await warning.or(quickInput(page).filter({ visible: true })).first().waitFor();
    assert.equal(await quickInput(page).isVisible(), false, 'no prompt before the warning');
    assert.match(await warning.innerText(), /img\/arch\.png/);
    await notificationButton(warning, 'Publish Anyway').click();
    await chooseSpace(page, 'DOCS');
    await waitForPrompt(page, PARENT_PROMPT);
    assert.equal(sandbox.imports.length, 0);
  });

  it('after a 401 the token item says the wiki rejected the token, until a new token is set; the publish then succeeds', async function () {
    let revokedLabel = '';
    const { page, sandbox } = await sessions.start({
      files: { 'a.md': '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: A\n---\n# A\n' },
      beforeStart: (wiki) => {
        const issued = wiki.issueToken({ label: 'soon-revoked' });
        revokedLabel = issued.label;
        return { envToken: issued.token };
      },
    });
    await tokenStatusItem(page).filter({ hasText: /Wiki token:/ }).waitFor();
    sandbox.revokeToken(revokedLabel);
    await openFile(page, 'a.md');
    await clickPublishButton(page);
    await notification(page, SANDBOX_BODIES.unknownToken).waitFor();
    await tokenStatusItem(page).filter({ hasText: 'Wiki token rejected' }).waitFor();
    const item = tokenStatusItem(page);
    assert.match((await item.getAttribute('class')) ?? '', /error-kind|has-background-color/, 'the error colour');

    await runCommand(page, 'Wiki: Set API Token');
    await waitForPrompt(page, /token/i);
    await answerPrompt(page, sandbox.issueToken({ label: 'replacement' }).token);
    await notification(page, /token saved/i).waitFor();
    await tokenStatusItem(page).filter({ hasText: 'Wiki token:', hasNotText: /rejected/ }).waitFor();
    await clickPublishButton(page);
    await waitForCenterNotification(page, SANDBOX_BODIES.created);
    assert.doesNotMatch(await tokenStatusItem(page).innerText(), /rejected/, 'the mark went with the old token');
    assert.equal(sandbox.imports.filter((request) => request.status < 300).length, 1, 'the new token published the page');
  });
});
