// Issue 10 in the real VS Code: three Markdown files selected in the Explorer, published as one plan with one
// question, one confirmation and one summary.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useSessions } from './support/harness';
import { CREATE_ONLY, OVERWRITE_PROMPT, PARENT_PROMPT, chooseSpace } from './support/publishFlow';
import { answerPrompt, notification, pickItem, tokenStatusItem, waitForPrompt } from './support/workbench';

const FILES = {
  'guide/install.md': '# Install\n\nRun the installer.\n',
  'guide/configure.md': '# Configure\n\nSet the endpoint.\n',
  'guide/troubleshoot.md': '# Troubleshoot\n\nRead the log.\n',
  'guide/notes.txt': 'not Markdown',
};

function explorerRow(page: Page, name: string) {
  return page.locator('.explorer-folders-view .monaco-list-row').filter({ has: page.getByText(name, { exact: true }) }).first();
}

describe('Publishing several files from the Explorer', function () {
  const sessions = useSessions();

  it('three selected files: one question, a confirmation with the plan, three pages and one summary', async function () {
    const { page, sandbox } = await sessions.start({ files: FILES, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    // Menus list an extension's contributions once the extension host has started it; its status bar item says so.
    await tokenStatusItem(page).waitFor();
    await explorerRow(page, 'guide').click();
    await explorerRow(page, 'configure.md').click();
    await explorerRow(page, 'install.md').click({ modifiers: ['Control'] });
    await explorerRow(page, 'troubleshoot.md').click({ modifiers: ['Control'] });
    await page.locator('.explorer-folders-view .monaco-list-row.selected').nth(2).waitFor();
    await explorerRow(page, 'troubleshoot.md').click({ button: 'right' });
    // VS Code's context menu acts on the highlighted item with Enter (a synthetic click on it may not reach it).
    const publish = page.locator('.monaco-menu .action-item', { hasText: 'Publish to Wiki' }).first();
    await publish.hover();
    await page.keyboard.press('Enter');

    // Asked once for all three: the space, the parent and create-or-update; no title (each file gives its own).
    await chooseSpace(page, 'DOCS');
    await waitForPrompt(page, PARENT_PROMPT);
    await answerPrompt(page, '123456');
    await waitForPrompt(page, OVERWRITE_PROMPT);
    await pickItem(page, CREATE_ONLY);

    const confirm = page.locator('.monaco-dialog-box', { hasText: 'Publish 3 of 3 Markdown files' });
    await confirm.waitFor();
    assert.match(await confirm.innerText(), /3 new, 0 updates, 0 unchanged \(skipped\), 0 refused/);
    assert.equal(sandbox.imports.length, 0, 'nothing is sent before the confirmation');
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();

    await notification(page, '3 published.').waitFor();
    for (const title of ['Install', 'Configure', 'Troubleshoot']) {
      assert.ok(sandbox.findPageByTitle('DOCS', '123456', title), `the sandbox holds "${title}"`);
    }
    assert.equal(sandbox.imports.length, 3, 'each file sent once');
  });
});
