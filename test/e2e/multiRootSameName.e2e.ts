// A multi-root workspace of two clones whose folders have the same name (x/site, y/site), each with docs/setup.md
// titled "Setup": the second root's docs published as a page tree under the same parent, Create only. Where the
// repository is not known, both files make the same publish notice: the confirmation says the page it meets cannot be
// told to be this repository's, and the first root's page keeps its text (src/core/run/wikiVerdict.ts takenAtPlace).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { signInApproved } from './support/accounts';
import { useSessions } from './support/harness';
import { answerFolderPrompts } from './support/publishFlow';
import { clearNotifications, pickItem, tokenStatusItem, waitForCenterNotification, waitForPrompt, waitForWorkbench } from './support/workbench';

/** Publishes the nth root's docs folder as a page tree, Create only; what the confirmation said. */
async function publishNthDocsAsTree(page: Page, nth: number): Promise<string> {
  const docsRows = page.locator('.explorer-folders-view .monaco-list-row').filter({ has: page.getByText('docs', { exact: true }) });
  await docsRows.nth(nth).click({ button: 'right' });
  await page.locator('.monaco-menu .action-item', { hasText: 'Publish to Wiki' }).first().hover();
  await page.keyboard.press('Enter');
  await waitForPrompt(page, /page tree or as flat pages/);
  await pickItem(page, 'As a page tree');
  await answerFolderPrompts(page);
  const confirm = page.locator('.monaco-dialog-box').first();
  await confirm.waitFor();
  const said = await confirm.innerText();
  await confirm.locator('.monaco-button', { hasText: /^Publish/ }).first().click();
  await waitForCenterNotification(page, /published|failed|refused|exists/i);
  await clearNotifications(page);
  return said;
}

describe('a multi-root workspace of two folders of one name', function () {
  const sessions = useSessions();

  it('the second root\'s tree, Create only, does not take the first root\'s "Setup" page: its confirmation says why', async function () {
    const files = {
      'x/site/docs/setup.md': '# Setup\n\nClone X text.\n',
      'y/site/docs/setup.md': '# Setup\n\nClone Y text.\n',
    };
    const session = await sessions.start({ files, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox, workspaceDir, codeServer } = session;
    const wsFile = path.join(workspaceDir, 'multi.code-workspace');
    fs.writeFileSync(wsFile, JSON.stringify({ folders: [{ path: 'x/site' }, { path: 'y/site' }] }));
    await page.goto(`${codeServer.origin}/?workspace=${wsFile}`);
    await waitForWorkbench(page);
    await tokenStatusItem(page).waitFor();
    await signInApproved(page);
    await clearNotifications(page);
    const docsRows = page.locator('.explorer-folders-view .monaco-list-row').filter({ has: page.getByText('docs', { exact: true }) });
    await docsRows.first().waitFor();
    if ((await docsRows.count()) < 2) {
      const roots = page.locator('.explorer-folders-view .monaco-list-row').filter({ has: page.getByText('site', { exact: true }) });
      await roots.nth(1).click();
    }
    await docsRows.nth(1).waitFor();
    await publishNthDocsAsTree(page, 0);
    const first = sandbox.pages().find((each) => each.title === 'Setup' && !each.deleted);
    assert.ok(first, 'the first root\'s tree made its page');
    const said = await publishNthDocsAsTree(page, 1);
    assert.doesNotMatch(said, /taken as this page/, said);
    assert.match(said, /cannot tell which repository published it/, said);
    const setup = sandbox.pages().filter((each) => each.title === 'Setup' && !each.deleted);
    assert.equal(setup.length, 1, 'one "Setup" page');
    assert.equal(setup[0]?.version, first.version, 'the first root\'s page keeps its version');
    assert.match(setup[0]?.markdown ?? '', /Clone X text\./);
  });
});
