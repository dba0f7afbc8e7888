// A page tree the repository records (.wiki-pages.json) as CI or a teammate published it: a file of it, a folder of it,
// and a page whose latest version another account wrote.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { useSessions } from './support/harness';
import { clickPublishButton } from './support/publishFlow';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { TREE_FILES, signedInTreeSession, treePublishedOnce, publishedByCi, livePage } from './support/treeSessions';
import { centerNotification, explorerRow, notification, notificationButton, openFile, publishRecordedTree, quickInput, runCommand, UI_TIMEOUT_MS, waitForCenterNotification } from './support/workbench';

describe('A page tree the repository records', function () {
  const sessions = useSessions();

  it('a teammate\'s clone publishes one file of a recorded tree: the page .wiki-pages.json names, updated, no questions', async function () {
    const { page, sandbox, workspaceDir } = await sessions.start({ files: TREE_FILES, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    // The tree as CI published it earlier, with its own token (the same account): the repository records its pages.
    const { setup } = await publishedByCi(sandbox, workspaceDir, { setupText: 'First version.' });
    const count = sandbox.pages().length;

    // Down the Explorer to docs/guide/setup.md, as a person opens it.
    for (const folder of ['docs', 'guide']) await page.locator('.explorer-folders-view .monaco-list-row').filter({ has: page.getByText(folder, { exact: true }) }).first().click();
    await openFile(page, 'setup.md');
    await clickPublishButton(page);
    // Published on its own, its link to a file the repository records no page for stays, with a caution that names it
    // and why (that file has no page yet); the target is no question.
    const caution = notification(page, /1 link stays as written and will not work on the wiki: \.\.\/reference\/api\.md#tokens \(it has no page yet: a publish after it has one fills the link in\)/);
    await caution.or(quickInput(page).filter({ visible: true })).first().waitFor({ timeout: UI_TIMEOUT_MS });
    assert.equal(await quickInput(page).isVisible(), false, 'no prompt: the repository says which page it is');
    await notificationButton(caution, 'Publish Anyway').click();
    const updated = notification(page, SANDBOX_BODIES.updated).or(centerNotification(page, SANDBOX_BODIES.updated)).first();
    await updated.or(quickInput(page).filter({ visible: true })).first().waitFor({ timeout: UI_TIMEOUT_MS });
    assert.equal(await quickInput(page).isVisible(), false, 'no prompt: the repository says which page it is');
    assert.equal(sandbox.imports.at(-1)?.status, 200, 'updated, never "already exists"');
    assert.equal(sandbox.pages().length, count, 'no new page');
    assert.match(sandbox.pages().find((candidate) => candidate.id === setup.id)?.markdown ?? '', /Keep the token secret/);
  });

  it('a folder of a recorded tree published as a tree of its own: no questions, under its folder\'s page, its README refused with the fix, new pages recorded in the tree\'s .wiki-pages.json', async function () {
    const { page, sandbox, workspaceDir } = await signedInTreeSession(sessions);
    await treePublishedOnce(page);
    const guide = livePage(sandbox, 'Guide');
    const count = sandbox.pages().length;
    writeFileSync(path.join(workspaceDir, 'docs', 'guide', 'faq.md'), '# FAQ\n\nBack to [the guide](README.md).\n');

    if (!(await explorerRow(page, 'guide').isVisible())) await explorerRow(page, 'docs').click();
    await publishRecordedTree(page, 'guide');
    const confirm = page.locator('.monaco-dialog-box', { hasText: /as a tree\?/ });
    await confirm.or(quickInput(page).filter({ visible: true })).first().waitFor({ timeout: UI_TIMEOUT_MS });
    assert.equal(await quickInput(page).isVisible(), false, 'no questions: the tree\'s .wiki-pages.json records the folder\'s page');
    const said = await confirm.innerText();
    assert.match(said, new RegExp(`under page ${guide.id} in space DOCS`), said);
    assert.match(said, new RegExp(`docs/guide/README\\.md is the content of page ${guide.id}, its folder's page, which this tree hangs under \\(docs/\\.wiki-pages\\.json records the folder as part of the tree published from docs\\)`), said);
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();

    const summary = await waitForCenterNotification(page, /1 page ID was recorded in docs\/\.wiki-pages\.json/);
    assert.match(await summary.innerText(), /refused/);
    assert.equal(sandbox.pages().length, count + 1, 'only the new file\'s page is new: no second "Guide" below the first');
    const faq = livePage(sandbox, 'FAQ');
    assert.equal(faq.parentId, guide.id);
    // The page the folder's tree hangs under, as a link to the folder itself reaches it (its short address).
    assert.match(faq.markdown, new RegExp(`\\[the guide\\]\\(http://[^)]+/wiki/spaces/DOCS/pages/${guide.id}(?:/Guide)?\\)`), faq.markdown);
    const manifest = JSON.parse(readFileSync(path.join(workspaceDir, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> };
    assert.equal(manifest.pages['guide/faq.md']?.id, faq.id);
    assert.equal(existsSync(path.join(workspaceDir, 'docs', 'guide', '.wiki-pages.json')), false, 'no manifest of its own');
  });

  it('signed in, a page of a recorded tree that CI wrote without a publish notice (another account): the warning says this machine cannot tell an edit from a publish, not that it was edited since you published; Compare shows it, nothing is sent', async function () {
    const { page, sandbox, workspaceDir } = await signedInTreeSession(sessions);
    // CI published the tree with its own account (carol's token); the repository records the pages.
    const { setup } = await publishedByCi(sandbox, workspaceDir, { setupText: 'CI\'s version.', owner: 'carol' });
    const sentBefore = sandbox.imports.length;

    for (const folder of ['docs', 'guide']) await page.locator('.explorer-folders-view .monaco-list-row').filter({ has: page.getByText(folder, { exact: true }) }).first().click();
    await openFile(page, 'setup.md');
    await clickPublishButton(page);
    const caution = notification(page, /1 link stays as written/);
    const warning = page.locator('.monaco-dialog-box', { hasText: 'may have been changed on the wiki' });
    await caution.or(warning).first().waitFor({ timeout: UI_TIMEOUT_MS });
    if (await caution.isVisible()) await notificationButton(caution, 'Publish Anyway').click();
    await warning.waitFor({ timeout: UI_TIMEOUT_MS });
    const said = await warning.innerText();
    // The page carries no publish notice (CI's import made it by hand here) and this machine has no record of it: the
    // wiki cannot tell whose version it is, whoever made it (issue 82).
    assert.match(said, /"Setup" may have been changed on the wiki\./);
    assert.match(said, /carries no publish notice[^]*cannot tell an edit on the wiki from a publish of this file\./);
    assert.ok(!/since you published/.test(said), said);
    assert.equal(sandbox.imports.length, sentBefore, 'nothing sent before the writer decides');

    // Compare shows the page the guard read: the repository's record names it, so no prompt asks where it is.
    await warning.locator('.monaco-button', { hasText: /^Compare$/ }).click();
    const diff = page.locator('.editor-group-container.active .monaco-diff-editor');
    await diff.locator('.editor.original .view-lines', { hasText: 'CI\'s version.' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await diff.locator('.editor.modified .view-lines', { hasText: 'Keep the token secret.' }).waitFor();
    assert.equal(await quickInput(page).isVisible(), false, 'no prompt');

    // Compare with Wiki Page from the palette finds the same page through the repository's record.
    await runCommand(page, 'View: Close All Editors');
    await openFile(page, 'setup.md');
    await runCommand(page, 'Compare with Wiki Page');
    await diff.locator('.editor.original .view-lines', { hasText: 'CI\'s version.' }).waitFor({ timeout: UI_TIMEOUT_MS });
    assert.equal(await quickInput(page).isVisible(), false, 'no prompt');
    assert.equal(sandbox.imports.length, sentBefore, 'Compare sends nothing');
    assert.equal(sandbox.pages().find((candidate) => candidate.id === setup.id)?.markdown, 'CI\'s version.', 'CI\'s page as it was');
  });
});
