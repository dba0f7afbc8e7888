// A page tree published again after colleagues changed its pages on the wiki (edited, deleted, moved, unreadable):
// what the confirmation says, what Overwrite does, and Pull on a file of the tree.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { useSessions } from './support/harness';
import { compareFromConfirmation, publishNewTree } from './support/publishFlow';
import { TREE_FILES, signedInTreeSession, treePublishedOnce, reviseAndRepublish, livePage } from './support/treeSessions';
import { clearNotifications, notification, publishRecordedTree, waitForCenterNotification, waitUntil } from './support/workbench';
import { pullChangedPage } from './support/wikiPagesView';
import { extensionLog } from './support/artifacts';

describe('Republishing a page tree after changes on the wiki', function () {
  const sessions = useSessions();

  it('republishing the tree after a colleague\'s edit: Compare from the confirmation, then back to it, and the edit stays', async function () {
    const session = await signedInTreeSession(sessions);
    const { page, sandbox } = session;
    await publishNewTree(page);
    await page.locator('.monaco-dialog-box', { hasText: 'Publish 5 pages as a tree?' }).locator('.monaco-button', { hasText: /^Publish$/ }).click();
    // The summary as a toast, or in the center when VS Code held the toast back among others.
    const summary = notification(page, /5 published\./);
    await summary.waitFor({ timeout: 20_000 }).catch(async () => {
      await waitForCenterNotification(page, /5 published\./);
    });
    await clearNotifications(page);

    // A colleague edits "Setup" on the wiki; the writer changes setup.md and api.md.
    const setup = sandbox.pages().find((candidate) => candidate.title === 'Setup' && !candidate.deleted);
    assert.ok(setup);
    sandbox.editPageOnWiki(setup.id, '# Setup\n\nA colleague\'s fix.\n');
    // Only API updates: the generated Reference page lists the same children as before, so it is not sent again.
    const confirm = await reviseAndRepublish(session, ['guide/setup.md', 'reference/api.md'], 'Publish 1 page as a tree?');
    assert.match(await confirm.innerText(), /Edited on the wiki since you last published it: "Setup", version \d+ by wiki-editor/);
    await compareFromConfirmation(page, confirm, { title: 'Setup', fileName: 'setup.md', wikiLine: 'A colleague\'s fix.', fileLine: 'Revised.' }, () => sandbox.imports.length);
    await confirm.locator('.monaco-button', { hasText: 'Publish, Leave Out Edited' }).click();
    await waitForCenterNotification(page, /1 published, 1 left out \(edited on the wiki\)/);
    assert.match(sandbox.pages().find((candidate) => candidate.id === setup.id)?.markdown ?? '', /A colleague's fix/, 'the colleague\'s edit stays');
    assert.match(sandbox.pages().find((candidate) => candidate.title === 'API' && !candidate.deleted)?.markdown ?? '', /Revised/);
  });

  it('republishing the tree after a colleague deleted a page whose file did not change: the confirmation says it is made anew, and links reach it', async function () {
    const session = await signedInTreeSession(sessions);
    const { page, sandbox, workspaceDir } = session;
    await publishNewTree(page);
    await page.locator('.monaco-dialog-box', { hasText: 'Publish 5 pages as a tree?' }).locator('.monaco-button', { hasText: /^Publish$/ }).click();
    await waitForCenterNotification(page, /5 published\./);
    await clearNotifications(page);

    const api = livePage(sandbox, 'API');
    sandbox.deletePage(api.id);
    const confirm = await reviseAndRepublish(session, [], 'as a tree?');
    assert.match(await confirm.innerText(), /API \(new: its page was not found on the wiki \(deleted, or hidden from your sign-in\)\)/);
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();
    // API made anew; Setup and the generated Reference page sent again so their links reach it.
    // Each of them once, as the confirmation said: not counted as pages sent twice.
    await waitForCenterNotification(page, /3 published, 2 skipped \(unchanged\)\. 2 of the pages published did not change: they were sent so their links reach a page made anew/);
    const fresh = livePage(sandbox, 'API');
    assert.notEqual(fresh.id, api.id, 'made anew');
    assert.equal(fresh.parentId, livePage(sandbox, 'Reference').id);
    const manifest = JSON.parse(readFileSync(path.join(workspaceDir, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> };
    assert.equal(manifest.pages['reference/api.md']?.id, fresh.id, 'the repository records the new page');
    assert.match(livePage(sandbox, 'Setup').markdown, new RegExp(`/pages/${fresh.id}/API#Tokens`), 'Setup\'s link reaches it');
  });

  it('pages .wiki-pages.json records are refused with the line that records them when the wiki cannot be read, and when a colleague moved a folder\'s page (with every page below it): nothing is sent (issue 81)', async function () {
    const session = await signedInTreeSession(sessions);
    const { page, sandbox } = session;
    await treePublishedOnce(page);
    await clearNotifications(page);
    const importsBefore = sandbox.imports.length;
    const revise = (file: string): void => {
      const at = path.join(session.workspaceDir, 'docs', file);
      writeFileSync(at, `${readFileSync(at, 'utf8')}\nRevised.\n`);
    };

    // A colleague edits Setup; then the wiki's page routes fail (500) while the writer publishes a change to it.
    const setupId = livePage(sandbox, 'Setup').id;
    sandbox.editPageOnWiki(setupId, '# Setup\n\nA colleague\'s line.\n');
    sandbox.setPageLookupFault('error');
    revise('guide/setup.md');
    await publishRecordedTree(page, 'docs');
    // A recorded page is never used unchecked: the publish stops before anything is sent, saying which record and why.
    // Said once for the file, first words first (the notification shows one line until it is opened): the wiki failed.
    const unread = await (await waitForCenterNotification(page, /The wiki could not be read to check the pages docs\/\.wiki-pages\.json records/)).innerText();
    assert.equal(unread.split('The wiki could not be read').length - 1, 1, unread);
    assert.match(unread, /HTTP 500/);
    assert.ok(unread.includes('guide/setup.md'), unread);
    assert.equal(await page.locator('.monaco-dialog-box', { hasText: 'Send Unchecked Pages Too' }).count(), 0, 'no button sends a recorded page unchecked');
    assert.equal(sandbox.imports.length, importsBefore, 'nothing is sent');
    assert.match(livePage(sandbox, 'Setup').markdown, /A colleague's line/);
    await clearNotifications(page);

    // The wiki answers again; a colleague has moved "Guide" (with Setup below it) under "Reference".
    sandbox.setPageLookupFault(undefined);
    const guide = livePage(sandbox, 'Guide');
    const reference = livePage(sandbox, 'Reference');
    sandbox.movePageOnWiki(guide.id, reference.id);
    revise('guide/README.md');
    await publishRecordedTree(page, 'docs');
    // Nothing can be sent, so no question: the reasons, each with the record's line, and the fix.
    const moved = await (await waitForCenterNotification(page, /whose entry is refused/)).innerText();
    assert.ok(moved.includes(`records page ${guide.id} for "guide/", but that page is under "Reference" (page ${reference.id}) on the wiki`), moved);
    assert.ok(moved.includes('records a page for "guide/setup.md" below "guide/", whose entry is refused'), moved);
    assert.equal(sandbox.imports.length, importsBefore, 'nothing is sent');
    assert.deepEqual(sandbox.pages().filter((candidate) => candidate.title === 'Guide' && !candidate.deleted).map((each) => each.id), [guide.id], 'no second Guide page');
    assert.equal(livePage(sandbox, 'Guide').parentId, reference.id, 'the moved page stays where the colleague put it');
  });

  it('a page a colleague moved elsewhere on the wiki is refused with the line of .wiki-pages.json that records it, and nothing is sent to it or makes a second page (issue 81)', async function () {
    const session = await signedInTreeSession(sessions);
    const { page, sandbox } = session;
    await treePublishedOnce(page);

    // A colleague moves "Setup" under "Reference" (its version stays); the writer changes setup.md and api.md.
    const setup = livePage(sandbox, 'Setup');
    const reference = livePage(sandbox, 'Reference');
    const api = livePage(sandbox, 'API');
    sandbox.movePageOnWiki(setup.id, reference.id);
    const confirm = await reviseAndRepublish(session, ['guide/setup.md', 'reference/api.md'], 'Publish 1 page as a tree?');
    const said = await confirm.innerText();
    // The repository's record is checked on the wiki before it is used: the page is not where the tree's shape says.
    assert.ok(said.includes(`records page ${setup.id} for "guide/setup.md", but that page is under "Reference" (page ${reference.id}) on the wiki, not under "Guide"`), said);
    assert.match(said, /Setup \(refused\)/);
    assert.match(said, /API \(update\)/);
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();
    await waitUntil(() => livePage(sandbox, 'API').version === api.version + 1, 'API updated');
    const setups = sandbox.pages().filter((candidate) => candidate.title === 'Setup' && !candidate.deleted);
    assert.deepEqual(setups.map((each) => each.id), [setup.id], 'no second Setup page');
    assert.doesNotMatch(setups[0]?.markdown ?? '', /Revised/, 'the moved page is as the colleague left it');
  });

  it('Pull on a file of the tree brings a colleague\'s edit of a line with a link into it, the link as the file writes it', async function () {
    // The line also links to the published folder itself, which went out as its top index's page.
    const session = await signedInTreeSession(sessions, {}, {
      ...TREE_FILES, 'docs/guide/setup.md': TREE_FILES['docs/guide/setup.md'].replace('with a token.', 'with a token, from [the docs](../).'),
    });
    const { page, sandbox } = session;
    await treePublishedOnce(page);
    const setup = sandbox.pages().find((candidate) => candidate.title === 'Setup' && !candidate.deleted);
    assert.ok(setup);
    // Pull's base is the page as its last pass left it, kept behind the result: wait until the log says it was kept.
    await waitUntil(() => extensionLog(session).includes(`Kept page ${setup.id} version ${setup.version} as the base for Pull`), 'the base of Setup was kept');

    // On the wiki, Setup's link is a page address; a colleague edits the very line that holds it.
    assert.match(setup.markdown, /\/wiki\/spaces\/DOCS\/pages\//);
    assert.match(setup.markdown, /from \[the docs\]\([^)]*\/wiki\/spaces\/DOCS\/pages\/\d+\/Overview\)/, 'the link to the folder went out as its index\'s page');
    sandbox.editPageOnWiki(setup.id, setup.markdown.replace('with a token,', 'with a token (one per job),'));
    await pullChangedPage(page, 'setup.md', sandbox.exports, setup.id);
    // The web workbench saves after a delay by default, and Pull says so (issue 83).
    await notification(page, /Pulled the wiki's edit of "Setup" \(version \d+\) into docs\/guide\/setup\.md\. Auto-save is on, so VS Code saves it/).waitFor();
    // The file opens, merged: the colleague's words, and the links to the other file and to the folder as the file
    // writes them. The editor wraps the long line, so the line is read from the file auto-save wrote.
    const editor = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
    await editor.getByText('with a token (one per job)').waitFor();
    const file = path.join(session.workspaceDir, 'docs', 'guide', 'setup.md');
    await waitUntil(() => readFileSync(file, 'utf8').includes('(one per job)'), 'auto-save wrote the merge');
    const merged = readFileSync(file, 'utf8');
    assert.ok(merged.includes('Call [the API](../reference/api.md#tokens) with a token (one per job), from [the docs](../).'), merged);
    assert.doesNotMatch(merged, /\/wiki\/spaces\//, 'the wiki\'s page address did not come into the file');
    assert.equal(await editor.getByText('/wiki/spaces/').count(), 0, 'nor into the editor');
  });
});
