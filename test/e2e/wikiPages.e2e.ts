// Issue 15 in the real VS Code: the Wiki Pages view in the Explorer. Empty, it says what to do first, with the
// button; after a publish it lists the file as in sync; after a colleague's edit on the wiki and a Refresh it lists
// the file as changed on the wiki (who, which version), and the Explorer marks the file with the W badge. A save of a
// modified file moves it to "Modified here" at once.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { signInApproved } from './support/accounts';
import { keepScreen } from './support/artifacts';
import { colleaguePublishes, DOCS_HOME, targetedFile } from './support/docs';
import { useSessions } from './support/harness';
import type { Session, SessionOptions } from './support/session';
import { clickPublishButton } from './support/publishFlow';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { clearNotifications, notification, openFile, tokenStatusItem, UI_TIMEOUT_MS, waitUntil } from './support/workbench';
import { explorerBadge, openPagesView, pagesViewAction, pagesViewPane, pagesViewRow, pagesViewTooltip, pullFromRow } from './support/wikiPagesView';

const TITLE = 'Release notes';
const FILES = {
  'release-notes.md': targetedFile({ ...DOCS_HOME, pageTitle: TITLE }, `# ${TITLE}\n\nMy first draft.\n`),
  'draft.md': '# Draft\n\nNot for the wiki yet.\n',
};

function wikiPage(session: Session): { id: string; version: number } {
  const found = session.sandbox.findPageByTitle('DOCS', DOCS_HOME.parentId, TITLE);
  assert.ok(found, `the sandbox holds "${TITLE}"`);
  return found;
}

/** Waits until the Explorer shows `letter` on the file (VS Code applies decorations a moment after they change). */
async function waitForBadge(page: Page, fileName: string, letter: string): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  let seen = await explorerBadge(page, fileName);
  while (seen !== letter && Date.now() < deadline) {
    await page.waitForTimeout(200);
    seen = await explorerBadge(page, fileName);
  }
  assert.equal(seen, letter, `the Explorer's badge on ${fileName}`);
}

/** Signed in, release-notes.md published from its editor, the view open and listing it as in sync. */
async function publishedAndShown(start: (options: SessionOptions) => Promise<Session>, settings?: SessionOptions['settings']): Promise<Session> {
  const session = await start({ files: FILES, world: {}, ...(settings ? { settings } : {}), beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
  const { page } = session;
  await signInApproved(page);
  await openFile(page, 'release-notes.md');
  await clickPublishButton(page);
  await notification(page, SANDBOX_BODIES.created).waitFor();
  await clearNotifications(page);
  await openPagesView(page);
  await pagesViewRow(page, /In sync\s*1/).waitFor();
  return session;
}

/** After the publish's base was kept, a colleague adds a line on the wiki; Pull from the view's row brings it into the editor. */
async function pullColleagueLine(session: Session): Promise<{ published: { id: string; version: number }; editor: Locator }> {
  const { page } = session;
  await waitUntil(() => session.sandbox.exports.some((entry) => entry.status === 200), 'the base was exported after the publish');
  const published = wikiPage(session);
  session.sandbox.editPageOnWiki(published.id, `# ${TITLE}\n\nMy first draft.\n\nA colleague's line.\n`);
  await (await pagesViewAction(page, 'Refresh Wiki Pages View')).click();
  await pagesViewRow(page, /Changed on the wiki\s*1/).waitFor();
  const exported = session.sandbox.exports.length;
  await pullFromRow(pagesViewRow(page, 'release-notes.md'), () => session.sandbox.exports.length > exported);
  await notification(page, /Pulled the wiki's edit of "Release notes" \(version 2\)/).waitFor();
  const editor = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
  await editor.getByText('A colleague\'s line.').waitFor();
  return { published, editor };
}

describe('The Wiki Pages view', function () {
  const sessions = useSessions();

  it('says what to do first when nothing is published, with its buttons', async function () {
    const session = await sessions.start({ files: FILES, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page } = session;
    await tokenStatusItem(page).waitFor();
    const pane = await openPagesView(page);
    const welcome = pane.locator('.welcome-view-content');
    await welcome.getByText('No Markdown file of this workspace is published yet').waitFor();
    await welcome.locator('.monaco-button', { hasText: 'Publish to Wiki' }).waitFor();
    // Not signed in: the second welcome text offers the sign-in.
    await welcome.locator('.monaco-button', { hasText: 'Sign In to Export API' }).waitFor();
    assert.equal(session.sandbox.imports.length, 0);
  });

  it('lists a file as changed on the wiki after a colleague\'s edit there, and the Explorer marks it W', async function () {
    const session = await publishedAndShown(sessions.start.bind(sessions));
    const { page } = session;
    await pagesViewRow(page, /Not published\s*1/).waitFor();

    session.sandbox.editPageOnWiki(wikiPage(session).id, `# ${TITLE}\n\nA colleague's correction.\n`);
    await (await pagesViewAction(page, 'Refresh Wiki Pages View')).click();
    await pagesViewRow(page, /Changed on the wiki\s*1/).waitFor();
    const row = pagesViewRow(page, 'release-notes.md');
    await row.waitFor();
    assert.match(await row.innerText(), /"Release notes" · version 2 by wiki-editor, (just now|1 min ago)/);
    const tooltip = await pagesViewTooltip(page, 'release-notes.md', /On the wiki: version 2/);
    assert.match(tooltip, /Changed on the wiki since you published it/);
    assert.match(tooltip, /On the wiki: version 2 by wiki-editor, .*UTC/);
    assert.match(tooltip, /Published from here at .* UTC, version 1/);
    assert.match(tooltip, new RegExp(`/wiki/spaces/DOCS/pages/${wikiPage(session).id}/Release\\+notes`), 'the page\'s address');
    await waitForBadge(page, 'release-notes.md', 'W');
    assert.equal(await explorerBadge(page, 'draft.md'), '', 'a file outside any published tree gets no badge');
    assert.equal(session.sandbox.imports.length, 1, 'the view sends nothing');
  });

  it('a page a colleague moved under another page is changed on the wiki, says where it went, and the Explorer marks it W', async function () {
    const session = await publishedAndShown(sessions.start.bind(sessions));
    const { page, sandbox } = session;
    await colleaguePublishes(session, 'Archive', '# Archive\n');
    const archive = sandbox.findPageByTitle('DOCS', DOCS_HOME.parentId, 'Archive');
    assert.ok(archive);
    sandbox.movePageOnWiki(wikiPage(session).id, archive.id);
    await (await pagesViewAction(page, 'Refresh Wiki Pages View')).click();
    await pagesViewRow(page, /Changed on the wiki\s*1/).waitFor();
    assert.match(await pagesViewRow(page, 'release-notes.md').innerText(), new RegExp(`"Release notes" · moved under page ${archive.id}`));
    const tooltip = await pagesViewTooltip(page, 'release-notes.md', /Moved on the wiki/);
    assert.match(tooltip, new RegExp(`Moved on the wiki under page ${archive.id} since you published it\\. The service finds a page by title and parent, so publishing would make a second page`));
    await waitForBadge(page, 'release-notes.md', 'W');
  });

  it('moves a file to "Modified here" when it is saved, and back to in sync when it is published', async function () {
    const session = await publishedAndShown(sessions.start.bind(sessions));
    const { page } = session;

    await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nA second paragraph.\n');
    await page.keyboard.press('Control+S');
    await pagesViewRow(page, /Modified here\s*1/).waitFor();
    await waitForBadge(page, 'release-notes.md', 'M');

    // Publish All Modified runs the ordinary publish on it: an update of its own page, no question.
    await (await pagesViewAction(page, 'Publish All Modified Files')).click();
    await notification(page, SANDBOX_BODIES.updated).waitFor();
    assert.equal(wikiPage(session).version, 2);
    await pagesViewRow(page, /In sync\s*1/).waitFor();
    await waitForBadge(page, 'release-notes.md', '');
    assert.equal(await pagesViewPane(page).locator('.monaco-list-row', { hasText: /Modified here/ }).count(), 0);
  });

  it('Pull from the view brings a colleague\'s line into the editor, and Publish then updates the page with no warning', async function () {
    const session = await publishedAndShown(sessions.start.bind(sessions));
    const { page } = session;
    // The base is the page's export, made behind the publish's result (pullColleagueLine waits until it was asked for).
    const { published, editor } = await pullColleagueLine(session);
    // The web workbench saves after a delay by default (issue 83): Pull says so, the merge is on disk, and the tab is
    // not dirty. (The view then lists it as "Modified here" until it is published, where issue 83's scenario expects
    // "In sync": an open question, not checked here.)
    await notification(page, /into release-notes\.md\. Auto-save is on, so VS Code saves it: Undo, or the file's Timeline \(its local history\), brings back the text it had\./).waitFor();
    await waitUntil(() => readFileSync(path.join(session.workspaceDir, 'release-notes.md'), 'utf8').includes('A colleague\'s line.'), 'the merge is saved');
    await page.locator('.tabs-container .tab.active:not(.dirty)', { hasText: 'release-notes.md' }).waitFor();
    await keepScreen(page, 'pull-auto-save-on');
    // One edit: one Undo takes the whole pull back, and Redo brings it again.
    await editor.click();
    await page.keyboard.press('Control+Z');
    await editor.getByText('A colleague\'s line.').waitFor({ state: 'detached' });
    await editor.getByText('My first draft.').waitFor();
    await page.keyboard.press('Control+Shift+Z');
    await editor.getByText('A colleague\'s line.').waitFor();
    assert.equal(session.sandbox.imports.length, 1, 'Pull sends nothing to the import');
    await clearNotifications(page);

    await clickPublishButton(page);
    await notification(page, SANDBOX_BODIES.updated).waitFor();
    assert.equal(await page.locator('.monaco-dialog-box', { hasText: 'was changed on the wiki' }).count(), 0, 'no guard warning');
    assert.equal(wikiPage(session).version, 3);
    assert.match(session.sandbox.pages().find((candidate) => candidate.id === published.id)?.markdown ?? '', /My first draft\.[\s\S]*A colleague's line\./);
    await pagesViewRow(page, /In sync\s*1/).waitFor();
  });

  it('Pull, then Undo and save: the wiki\'s version is not counted as seen, and Publish still warns of the colleague\'s edit', async function () {
    const session = await publishedAndShown(sessions.start.bind(sessions), { 'files.autoSave': 'off' });
    const { page } = session;
    const onDisk = readFileSync(path.join(session.workspaceDir, 'release-notes.md'), 'utf8');
    const { published, editor } = await pullColleagueLine(session);
    // Auto-save off (issue 83): Pull asks to review and save, the tab is dirty, and the file on disk is as it was.
    await notification(page, /into release-notes\.md\. Review it and save; publishing then updates the page without a warning\./).waitFor();
    await page.locator('.tabs-container .tab.active.dirty', { hasText: 'release-notes.md' }).waitFor();
    assert.equal(readFileSync(path.join(session.workspaceDir, 'release-notes.md'), 'utf8'), onDisk, 'nothing saved');
    await keepScreen(page, 'pull-auto-save-off');
    // Unsaved, the merge is not the file's yet: the view still says the wiki changed it.
    await (await pagesViewAction(page, 'Refresh Wiki Pages View')).click();
    await pagesViewRow(page, /Changed on the wiki\s*1/).waitFor();
    assert.equal(await pagesViewPane(page).locator('.monaco-list-row', { hasText: /In sync/ }).count(), 0, 'not in sync while the merge is unsaved');

    await editor.click();
    await page.keyboard.press('Control+Z');
    await editor.getByText('A colleague\'s line.').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nThe writer\'s line.\n');
    await page.keyboard.press('Control+S');
    await clearNotifications(page);
    await clickPublishButton(page);
    await page.locator('.monaco-dialog-box', { hasText: 'was changed on the wiki' }).waitFor();
    assert.equal(session.sandbox.imports.length, 1, 'the guard held the publish back');
    assert.match(session.sandbox.pages().find((candidate) => candidate.id === published.id)?.markdown ?? '', /A colleague's line\./);
  });

  it('the edit guard\'s warning offers Pull: the colleague\'s line and the writer\'s both end up on the page', async function () {
    const session = await publishedAndShown(sessions.start.bind(sessions));
    const { page } = session;
    await waitUntil(() => session.sandbox.exports.some((entry) => entry.status === 200), 'the base was exported after the publish');
    const published = wikiPage(session);
    session.sandbox.editPageOnWiki(published.id, `# ${TITLE}\n\nA colleague's line.\n\nMy first draft.\n`);

    const editor = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nThe writer\'s line.\n');
    await clickPublishButton(page);
    const warning = page.locator('.monaco-dialog-box', { hasText: 'was changed on the wiki' });
    await warning.waitFor();
    await warning.locator('.monaco-button', { hasText: /^Pull$/ }).click();
    await notification(page, /Pulled the wiki's edit of "Release notes" \(version 2\)/).waitFor();
    await editor.getByText('A colleague\'s line.').waitFor();
    await editor.getByText('The writer\'s line.').waitFor();
    assert.equal(session.sandbox.imports.length, 1, 'the guard sent nothing, and Pull sends nothing');
    await clearNotifications(page);

    await clickPublishButton(page);
    await notification(page, SANDBOX_BODIES.updated).waitFor();
    assert.equal(await warning.count(), 0, 'no second warning');
    assert.match(session.sandbox.pages().find((candidate) => candidate.id === published.id)?.markdown ?? '', /A colleague's line\.[\s\S]*My first draft\.[\s\S]*The writer's line\./);
  });
});
