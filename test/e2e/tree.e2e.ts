// Issue 14 in the real VS Code: a docs folder published from the Explorer as a page tree, signed in for page IDs;
// the confirmation shows the tree; the folder's .wiki-pages.json records the pages; and a rewritten link on the
// sandbox's page view opens the linked page at its heading.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { signInApproved } from './support/accounts';
import { useSessions } from './support/harness';
import { clickPublishButton, compareFromConfirmation, publishNewTree } from './support/publishFlow';
import { centerNotification, clearNotifications, explorerRow, notification, notificationButton, openFile, publishFolderAs, publishRecordedTree, quickInput, runCommand, tokenStatusItem, UI_TIMEOUT_MS, waitForCenterNotification, waitUntil } from './support/workbench';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { pullChangedPage } from './support/wikiPagesView';
import type { Locator, Page } from 'playwright-core';
import type { Session } from './support/session';

const FILES = {
  'docs/index.md': '# Overview\n\nStart with the [setup](guide/setup.md). Terms: [the licence](LICENSE.txt).\n',
  'docs/guide/README.md': '# Guide\n\nAll about it.\n',
  'docs/guide/setup.md': '# Setup\n\nCall [the API](../reference/api.md#tokens) with a token.\n\nKeep the token secret.\n',
  'docs/reference/api.md': '# API\n\n## Tokens\n\nUse one per job.\n',
};

// The same files in a git repository, the overview linking from the repository root as GitHub resolves it, and to
// a file that is not there.
const IN_REPOSITORY = {
  ...FILES,
  '.git/HEAD': 'ref: refs/heads/main\n',
  'docs/index.md': `${FILES['docs/index.md']}\nTokens: [from the top](/docs/reference/api.md#tokens). Old: [notes](guide/old-notes.md).\n\n<p><a href="guide/setup.md">Setup</a></p>\n`,
};

describe('Publishing a folder as a page tree', function () {
  const sessions = useSessions();
  /** The FILES workspace with an import token, signed in to the export API (page IDs need it), no toasts left. */
  const signedInSession = async (settings: Record<string, unknown> = {}, files: Record<string, string> = FILES): Promise<Session> => {
    const session = await sessions.start({ files, world: {}, settings, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    await tokenStatusItem(session.page).waitFor();
    await signInApproved(session.page);
    await clearNotifications(session.page);
    return session;
  };

  it('publishes a small tree from the Explorer, records its pages, and a rewritten link opens the page at its heading', async function () {
    const { page, sandbox, workspaceDir } = await signedInSession({}, IN_REPOSITORY);

    await publishNewTree(page);

    const confirm = page.locator('.monaco-dialog-box', { hasText: 'Publish 5 pages as a tree?' });
    await confirm.waitFor();
    const text = await confirm.innerText();
    assert.match(text, /As a page tree under page 123456 in space DOCS/);
    // Each page under its folder's page, indented a level deeper (the dialog keeps no-break spaces).
    assert.match(text, /^\u00a0{4}Guide \(new\)$/m);
    assert.match(text, /^\u00a0{8}Setup \(new\)$/m);
    assert.match(text, /Reference \(new, lists its children\)/);
    assert.match(text, /Overview: 2 links stay as written and will not work on the wiki: LICENSE\.txt \(not a Markdown file\), guide\/old-notes\.md \(no such file\)/, 'the links that will not work, before sending');
    assert.match(text, /Overview: 1 HTML link to a local file \(guide\/setup\.md\) is sent as written and will point nowhere on the wiki: write it as a Markdown link instead/, 'an HTML link too');
    assert.equal(sandbox.imports.length, 0, 'nothing is sent before the confirmation');
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();

    await waitForCenterNotification(page, /5 published\..*sent again so their links reach pages created in this run/);
    const byTitle = (title: string) => livePage(sandbox, title);
    assert.equal(byTitle('Setup').parentId, byTitle('Guide').id, 'the subfolder is a page, its files its children');
    assert.equal(byTitle('Overview').parentId, '123456');
    // A link from the repository root reaches its page too (the confirmation named only the licence and the missing file above).
    assert.match(byTitle('Overview').markdown, new RegExp(`\\[from the top\\]\\([^)]*/wiki/spaces/DOCS/pages/${byTitle('API').id}/API#Tokens\\)`));
    const manifest = JSON.parse(readFileSync(path.join(workspaceDir, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> };
    assert.equal(manifest.pages['guide/setup.md']?.id, byTitle('Setup').id, 'page identity is written into the repository');

    // The reader's view: the Setup page on the wiki, its link to the API page's "Tokens" heading.
    const reader = await page.context().newPage();
    try {
      await reader.goto(sandbox.pageViewUrl(byTitle('Setup').id));
      await reader.getByRole('link', { name: 'the API' }).click();
      await reader.waitForURL(new RegExp(`/wiki/spaces/DOCS/pages/${byTitle('API').id}/[^#]*#Tokens$`));
      await reader.locator('h2#Tokens').waitFor();
    } finally {
      await reader.close();
    }
  });

  it('with wikiPublisher.recordPageIds off, the tree lands but no .wiki-pages.json is written, and the summary says the IDs were not recorded', async function () {
    // A user setting of this session only: its user-data folder goes with the session, so no later test sees it.
    const { page, sandbox, workspaceDir } = await signedInSession({ 'wikiPublisher.recordPageIds': false });
    await publishNewTree(page);
    await page.locator('.monaco-dialog-box', { hasText: 'Publish 5 pages as a tree?' }).locator('.monaco-button', { hasText: /^Publish$/ }).click();

    const summary = await waitForCenterNotification(page, /5 published\./);
    const said = await summary.innerText();
    assert.match(said, /5 page IDs were not recorded in docs\/\.wiki-pages\.json \(wikiPublisher\.recordPageIds is off\)/, 'the file, as the workspace names it');
    assert.doesNotMatch(said, /were recorded in/, 'nothing claims to be recorded');
    const byTitle = (title: string) => livePage(sandbox, title);
    assert.equal(byTitle('Overview').parentId, '123456');
    assert.equal(byTitle('Setup').parentId, byTitle('Guide').id);
    assert.equal(byTitle('API').parentId, byTitle('Reference').id);
    assert.equal(existsSync(path.join(workspaceDir, 'docs', '.wiki-pages.json')), false, 'no manifest written into the repository');
    assert.deepEqual(readdirSync(path.join(workspaceDir, 'docs')).filter((name) => name.startsWith('.wiki-pages')), [], 'not even a temporary one left behind');
  });

  it('republishing the tree after a colleague\'s edit: Compare from the confirmation, then back to it, and the edit stays', async function () {
    const session = await signedInSession();
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

  it('a page of a new tree\'s title under the chosen page, last written by you and recorded nowhere, is said to be taken over before sending', async function () {
    let token = '';
    const session = await sessions.start({ files: FILES, world: {}, beforeStart: (wiki) => ({ envToken: (token = wiki.issueToken().token) }) });
    const { page, sandbox } = session;
    await tokenStatusItem(page).waitFor();
    await signInApproved(page);
    await clearNotifications(page);
    // Another folder of yours (or a run that stopped before recording it) made "Overview" under the same page.
    const seeded = await fetch(sandbox.importEndpoint, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ spaceId: 'DOCS', parentId: '123456', pageTitle: 'Overview', content: '# Overview\n\nFrom another folder.\n' }),
    });
    assert.ok(seeded.ok, `seeded: ${seeded.status}`);
    const before = livePage(sandbox, 'Overview');
    await publishNewTree(page);
    const confirm = page.locator('.monaco-dialog-box', { hasText: 'as a tree?' });
    await confirm.waitFor();
    assert.match(await confirm.innerText(), /Overview \(update of a page of this title that the repository does not record, last written by you: taken as this page\)/);
    assert.match(await confirm.innerText(), /Guide \(new/, 'a page nothing holds the place of is new');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    assert.equal(livePage(sandbox, 'Overview').version, before.version, 'nothing sent');
  });

  it('republishing the tree after a colleague deleted a page whose file did not change: the confirmation says it is made anew, and links reach it', async function () {
    const session = await signedInSession();
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
    await waitForCenterNotification(page, /3 published, 2 skipped \(unchanged\)\. 2 pages were sent again so their links reach pages created in this run/);
    const fresh = livePage(sandbox, 'API');
    assert.notEqual(fresh.id, api.id, 'made anew');
    assert.equal(fresh.parentId, livePage(sandbox, 'Reference').id);
    const manifest = JSON.parse(readFileSync(path.join(workspaceDir, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> };
    assert.equal(manifest.pages['reference/api.md']?.id, fresh.id, 'the repository records the new page');
    assert.match(livePage(sandbox, 'Setup').markdown, new RegExp(`/pages/${fresh.id}/API#Tokens`), 'Setup\'s link reaches it');
  });

  it('a file whose front matter names its own page is listed after the tree, where it goes; a colleague\'s edit of it is left out', async function () {
    const notes = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Release notes\n---\n# Release notes\n\nSee [the setup](guide/setup.md).\n';
    const session = await signedInSession({}, { ...FILES, 'docs/notes.md': notes });
    const { page, sandbox } = session;
    await publishNewTree(page);
    const confirm = page.locator('.monaco-dialog-box', { hasText: 'Publish 6 pages as a tree?' });
    await confirm.waitFor();
    const text = await confirm.innerText();
    assert.match(text, /Then, where their front matter says:\s+Release notes \(new\)/);
    assert.ok(text.indexOf('Release notes (new)') > text.indexOf('Reference (new'), `listed after the tree's pages:\n${text}`);
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();
    await waitForCenterNotification(page, /6 published\./);
    const byTitle = (title: string) => livePage(sandbox, title);
    assert.equal(byTitle('Release notes').parentId, '123456');
    assert.match(byTitle('Release notes').markdown, new RegExp(`\\(http://[^)]+/wiki/spaces/DOCS/pages/${byTitle('Setup').id}/Setup\\)`), 'its link reaches the tree\'s page');
    await clearNotifications(page);

    // A colleague edits the notes on the wiki; the writer changes them and api.md.
    sandbox.editPageOnWiki(byTitle('Release notes').id, '# Release notes\n\nA colleague\'s line.\n');
    const again = await reviseAndRepublish(session, ['notes.md', 'reference/api.md'], 'Publish 1 page as a tree?');
    const said = await again.innerText();
    assert.match(said, /Release notes \(edited on the wiki: left out\)/);
    assert.match(said, /Edited on the wiki since you last published it: "Release notes", version \d+ by wiki-editor/);
    await again.locator('.monaco-button', { hasText: 'Publish, Leave Out Edited' }).click();
    await waitForCenterNotification(page, /1 published, 1 left out \(edited on the wiki\)/);
    assert.match(byTitle('Release notes').markdown, /A colleague's line/, 'the colleague\'s edit stays');
  });

  it('a folder whose README holds only its title: the confirmation says its page lists its children, and the page does', async function () {
    const { page, sandbox } = await signedInSession({}, { ...FILES, 'docs/guide/README.md': '---\ntitle: The guide\n---\n' });
    await publishNewTree(page);
    const confirm = page.locator('.monaco-dialog-box', { hasText: 'Publish 5 pages as a tree?' });
    await confirm.waitFor();
    const said = await confirm.innerText();
    assert.match(said, /The guide \(new, lists its children\)/, said);
    assert.match(said, /The guide: docs\/guide\/README\.md has no text beyond a title, so this folder page lists its children instead\./, said);
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();
    await waitForCenterNotification(page, /5 published\./);
    const guide = livePage(sandbox, 'The guide');
    assert.match(guide.markdown, new RegExp(`\\[Setup\\]\\(http://[^)]+/wiki/spaces/DOCS/pages/${livePage(sandbox, 'Setup').id}/Setup\\)`), guide.markdown);
  });

  it('pages the wiki cannot be read to check for edits are held, said so, and sent only when the writer chooses Send Unchecked Pages Too', async function () {
    const session = await signedInSession();
    const { page, sandbox } = session;
    await treePublishedOnce(page);
    const importsBefore = sandbox.imports.length;

    // A colleague edits Setup; then the wiki's page routes fail (500) while the writer publishes a change to it.
    sandbox.editPageOnWiki(livePage(sandbox, 'Setup').id, '# Setup\n\nA colleague\'s line.\n');
    sandbox.setPageLookupFault('error');
    const confirm = await reviseAndRepublish(session, ['guide/setup.md'], 'No page to send could be checked for edits: the wiki could not be read. Send them unchecked?');
    const said = await confirm.innerText();
    assert.match(said, /Setup \(.*could not be read.*\)/, said);
    assert.ok(await confirm.locator('.monaco-button', { hasText: 'Send Unchecked Pages Too' }).isVisible(), 'the button says what it does');
    assert.equal(await confirm.locator('.monaco-button', { hasText: 'Overwrite Edited Pages Too' }).count(), 0, 'no page is known to be edited');
    assert.equal(sandbox.imports.length, importsBefore, 'nothing is sent before the writer decides');
    await confirm.locator('.monaco-button', { hasText: 'Cancel' }).click();
    assert.match(livePage(sandbox, 'Setup').markdown, /A colleague's line/);

    // The writer's explicit choice: sent without the check.
    await publishRecordedTree(page, 'docs');
    const again = page.locator('.monaco-dialog-box', { hasText: 'Send them unchecked?' });
    await again.waitFor();
    await again.locator('.monaco-button', { hasText: 'Send Unchecked Pages Too' }).click();
    await waitForCenterNotification(page, /1 published/);
    assert.match(livePage(sandbox, 'Setup').markdown, /Revised\./);
  });

  it('a page a colleague moved elsewhere on the wiki is said where it is and left out; Overwrite makes a new page in the tree and leaves the moved one', async function () {
    const session = await signedInSession();
    const { page, sandbox } = session;
    await treePublishedOnce(page);

    // A colleague moves "Setup" under "Reference" (its version stays); the writer changes setup.md and api.md.
    const setup = livePage(sandbox, 'Setup');
    const reference = livePage(sandbox, 'Reference');
    sandbox.movePageOnWiki(setup.id, reference.id);
    const confirm = await reviseAndRepublish(session, ['guide/setup.md', 'reference/api.md'], 'Publish 1 page as a tree?');
    const said = await confirm.innerText();
    assert.match(said, /Setup \(somewhere else on the wiki: left out\)/);
    assert.ok(said.includes(`"Setup" is under "Reference" (page ${reference.id}) on the wiki now, not where this publish puts it. Overwriting publishes a new page in the tree and leaves that one where it is.`), said);
    await confirm.locator('.monaco-button', { hasText: 'Overwrite Edited Pages Too' }).click();
    // Setup anew, API, and Overview again so that its link reaches the new Setup page.
    await waitForCenterNotification(page, /3 published, 2 skipped \(unchanged\)\. 1 page was sent again so its links reach pages created in this run\./);
    const setups = sandbox.pages().filter((candidate) => candidate.title === 'Setup' && !candidate.deleted);
    assert.deepEqual(setups.map((each) => each.parentId).sort(), [livePage(sandbox, 'Guide').id, reference.id].sort(), 'a new page in the tree; the moved one stays');
    const fresh = setups.find((each) => each.id !== setup.id);
    assert.match(livePage(sandbox, 'Overview').markdown, new RegExp(`/wiki/spaces/DOCS/pages/${fresh?.id}/Setup\\)`), 'the tree\'s link reaches the new page');
    assert.doesNotMatch(sandbox.pages().find((candidate) => candidate.id === setup.id)?.markdown ?? '', /Revised/, 'the moved page is as the colleague left it');
  });

  it('a folder page a colleague moved, overwritten: the confirmation says the page below goes with it, and the summary counts the pages left behind', async function () {
    const session = await signedInSession();
    const { page, sandbox } = session;
    await treePublishedOnce(page);

    // A colleague moves "Guide" (with Setup below it) under "Reference"; the writer changes the Guide's README.
    const guide = livePage(sandbox, 'Guide');
    const setup = livePage(sandbox, 'Setup');
    const reference = livePage(sandbox, 'Reference');
    sandbox.movePageOnWiki(guide.id, reference.id);
    const confirm = await reviseAndRepublish(session, ['guide/README.md'], 'Every page to send was changed on the wiki. Overwrite them?');
    const said = await confirm.innerText();
    assert.ok(said.includes(`"Guide" is under "Reference" (page ${reference.id}) on the wiki now, not where this publish puts it. Overwriting publishes a new page in the tree and leaves that one where it is; the 1 page(s) below it go with it, created anew under the new page, while the pages they published before stay.`), said);
    await confirm.locator('.monaco-button', { hasText: 'Overwrite Edited Pages Too' }).click();
    await waitForCenterNotification(page, /2 pages this tree published before stay where they are on the wiki: new pages replace them \(a title changed, or a folder page was published anew; see Show Results\)/);
    const newGuide = sandbox.pages().find((candidate) => candidate.title === 'Guide' && !candidate.deleted && candidate.id !== guide.id);
    assert.ok(newGuide, 'a new Guide in the tree');
    assert.equal(newGuide.parentId, '123456');
    assert.ok(sandbox.pages().some((candidate) => candidate.title === 'Setup' && !candidate.deleted && candidate.parentId === newGuide.id), 'Setup anew under the new Guide, though its text did not change');
    assert.equal(sandbox.pages().find((candidate) => candidate.id === setup.id)?.parentId, guide.id, 'the old Setup stays under the moved Guide');
  });

  it('Pull on a file of the tree brings a colleague\'s edit of a line with a link into it, the link as the file writes it', async function () {
    // The line also links to the published folder itself, which went out as its top index's page.
    const { page, sandbox } = await signedInSession({}, {
      ...FILES, 'docs/guide/setup.md': FILES['docs/guide/setup.md'].replace('with a token.', 'with a token, from [the docs](../).'),
    });
    await treePublishedOnce(page);
    const setup = sandbox.pages().find((candidate) => candidate.title === 'Setup' && !candidate.deleted);
    assert.ok(setup);
    // Pull's base is the page as its last pass left it, exported behind the result: wait until it was asked for.
    await waitUntil(() => sandbox.exports.some((entry) => entry.status === 200 && JSON.stringify(entry.body).includes(setup.id)), 'the base of Setup was exported');

    // On the wiki, Setup's link is a page address; a colleague edits the very line that holds it.
    assert.match(setup.markdown, /\/wiki\/spaces\/DOCS\/pages\//);
    assert.match(setup.markdown, /from \[the docs\]\([^)]*\/wiki\/spaces\/DOCS\/pages\/\d+\/Overview\)/, 'the link to the folder went out as its index\'s page');
    sandbox.editPageOnWiki(setup.id, setup.markdown.replace('with a token,', 'with a token (one per job),'));
    await pullChangedPage(page, 'setup.md', sandbox.exports, setup.id);
    // The web workbench saves after a delay by default, and Pull says so (issue 83).
    await notification(page, /Pulled the wiki's edit of "Setup" \(version \d+\) into docs\/guide\/setup\.md\. Auto-save is on, so VS Code saves it/).waitFor();
    // The file opens, merged: the colleague's words, and the link to the other file as the file writes it.
    const editor = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
    await editor.getByText('Call [the API](../reference/api.md#tokens) with a token (one per job), from [the docs](../).').waitFor();
    assert.equal(await editor.getByText('/wiki/spaces/').count(), 0, 'the wiki\'s page address did not come into the file');
  });

  it('a tree whose recorded parent page is gone is refused before anything is sent, saying so once and where it is recorded', async function () {
    const { page, sandbox, workspaceDir } = await signedInSession();
    // The folder's .wiki-pages.json names parent page 555, which the wiki does not have (deleted, or a typo).
    writeFileSync(path.join(workspaceDir, 'docs', '.wiki-pages.json'), `${JSON.stringify({ version: 1, space: 'DOCS', parent: '555', pages: {} }, null, 2)}\n`);
    await publishRecordedTree(page, 'docs');
    const refused = await waitForCenterNotification(page, /the tree's parent page 555 was not found/);
    const said = await refused.innerText();
    assert.match(said, /^Not sent: the tree's parent page 555 was not found/, 'the reason leads: a collapsed notification shows only its start');
    assert.match(said, /Not sent: the tree's parent page 555 was not found \(it does not exist, was deleted, or this account cannot see it\), so no page of the tree could land\. .* \(docs\/index\.md, docs\/guide\/README\.md, docs\/guide\/setup\.md and 2 more\)/);
    assert.match(said, /The folder's \.wiki-pages\.json records it as the tree's parent \("space" and "parent"\): change it there/);
    assert.equal(said.match(/parent page 555 was not found/g)?.length, 1, 'the reason once, not once per page');
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no confirmation: there is nothing to publish');
    assert.equal(sandbox.imports.length, 0, 'nothing was sent');
  });

  it('a folder of more Markdown files than a publish plans is refused whole, as a tree and flat, with the reason and no questions', async function () {
    // The tree's files and 10,000 more: one more than a publish plans. The walk stops at the bound; nothing is read.
    const many: Record<string, string> = { ...FILES };
    for (let index = 0; index < 10_000; index++) many[`docs/many/part-${index % 40}/page-${index}.md`] = `# Page ${index}\n`;
    const { page, sandbox } = await sessions.start({ files: many, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    await tokenStatusItem(page).waitFor();
    await clearNotifications(page);
    for (const shape of ['As a page tree', 'As flat pages'] as const) {
      await publishFolderAs(page, 'docs', shape);
      const refused = await waitForCenterNotification(page, /holds more than 10,000 Markdown files/);
      assert.match(await refused.innerText(), /^docs holds more than 10,000 Markdown files, and a publish plans all of its files or none: publish fewer or smaller folders\./, shape);
      assert.equal(await quickInput(page).isVisible(), false, `${shape}: no question about space or parent: nothing is planned`);
      assert.equal(await page.locator('.monaco-dialog-box').count(), 0, `${shape}: no confirmation`);
      await clearNotifications(page);
    }
    assert.equal(sandbox.imports.length, 0, 'nothing was sent');
  });

  it('Cancel while a large tree\'s files are read stops there: no questions, no confirmation, nothing sent', async function () {
    // Enough files that reading them through the workspace's file system takes a few seconds.
    const many: Record<string, string> = { ...FILES };
    for (let index = 0; index < 9_000; index++) many[`docs/many/part-${index % 40}/page-${index}.md`] = `# Page ${index}\n\n${'Text of the page. '.repeat(40)}\n`;
    const { page, sandbox } = await sessions.start({ files: many, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    await tokenStatusItem(page).waitFor();
    await clearNotifications(page);
    await publishFolderAs(page, 'docs', 'As a page tree');
    const reading = notification(page, 'Reading the Markdown files');
    await notificationButton(reading, 'Cancel').click({ timeout: UI_TIMEOUT_MS });
    await reading.waitFor({ state: 'detached' });
    // What came next before: the space question for the files read so far, then the confirmation of a part of the tree.
    await page.waitForTimeout(3_000);
    assert.equal(await quickInput(page).isVisible(), false, 'no question about space or parent');
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no confirmation');
    assert.equal(sandbox.imports.length, 0, 'nothing was sent');
  });

  it('a .wiki-pages.json that is a symbolic link is refused before anything is sent, and nothing of the file it leads to is shown', async function () {
    const { page, sandbox, workspaceDir } = await signedInSession();
    // A pull request controls the repository: the manifest a link to a file outside the folder published.
    writeFileSync(path.join(workspaceDir, 'keys.txt'), 'SECRET_DEPLOY_KEY=abcdef123456\n');
    symlinkSync(path.join(workspaceDir, 'keys.txt'), path.join(workspaceDir, 'docs', '.wiki-pages.json'));
    await publishRecordedTree(page, 'docs');
    const refused = await waitForCenterNotification(page, /\.wiki-pages\.json is a symbolic link; it is not followed/);
    const said = await refused.innerText();
    // Named as the Explorer shows it: a collapsed notification shows only its start, which a file:// URI filled.
    assert.match(said, /^docs\/\.wiki-pages\.json is a symbolic link; it is not followed, so that a repository cannot make the publisher read a file from outside it\. Replace the link with the file itself, or restore it from git\./);
    assert.ok(!said.includes('SECRET'), 'nothing of the file the link leads to is shown');
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no confirmation: nothing is planned');
    assert.equal(sandbox.imports.length, 0, 'nothing was sent');
    assert.equal(readFileSync(path.join(workspaceDir, 'keys.txt'), 'utf8'), 'SECRET_DEPLOY_KEY=abcdef123456\n', 'nothing was written through the link');
  });

  it('a teammate\'s clone publishes one file of a recorded tree: the page .wiki-pages.json names, updated, no questions', async function () {
    const { page, sandbox, workspaceDir } = await sessions.start({ files: FILES, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
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
    const { page, sandbox, workspaceDir } = await signedInSession();
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

  it('signed in, a page of a recorded tree whose latest version is CI\'s (another account): the warning says this machine did not publish that version, not that it was edited since you published; Compare shows it, nothing is sent', async function () {
    const { page, sandbox, workspaceDir } = await signedInSession();
    // CI published the tree with its own account (carol's token); the repository records the pages.
    const { setup } = await publishedByCi(sandbox, workspaceDir, { setupText: 'CI\'s version.', owner: 'carol' });
    const sentBefore = sandbox.imports.length;

    for (const folder of ['docs', 'guide']) await page.locator('.explorer-folders-view .monaco-list-row').filter({ has: page.getByText(folder, { exact: true }) }).first().click();
    await openFile(page, 'setup.md');
    await clickPublishButton(page);
    const caution = notification(page, /1 link stays as written/);
    const warning = page.locator('.monaco-dialog-box', { hasText: 'has a version on the wiki that this machine did not publish' });
    await caution.or(warning).first().waitFor({ timeout: UI_TIMEOUT_MS });
    if (await caution.isVisible()) await notificationButton(caution, 'Publish Anyway').click();
    await warning.waitFor({ timeout: UI_TIMEOUT_MS });
    const said = await warning.innerText();
    assert.match(said, /"Setup" has a version on the wiki that this machine did not publish\./);
    assert.match(said, /It may be a teammate's or CI's publish of this file, or an edit on the wiki\./);
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

/**
 * docs/guide/ and docs/guide/setup.md as CI published them with its own token (`owner`: its account, else the
 * sandbox's default user's), and the docs folder's .wiki-pages.json recording both pages.
 */
async function publishedByCi(sandbox: Session['sandbox'], workspaceDir: string, options: { setupText: string; owner?: string }): Promise<{ guide: { id: string }; setup: { id: string } }> {
  const ci = sandbox.issueToken({ label: 'ci-publisher', ...(options.owner ? { owner: options.owner } : {}) }).token;
  const post = async (body: Record<string, unknown>): Promise<void> => {
    const response = await fetch(sandbox.importEndpoint, { method: 'POST', headers: { authorization: `Bearer ${ci}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(response.status, 201);
  };
  await post({ spaceId: 'DOCS', parentId: '123456', pageTitle: 'Guide', content: 'All about it.' });
  const guide = sandbox.findPageByTitle('DOCS', '123456', 'Guide');
  assert.ok(guide);
  await post({ spaceId: 'DOCS', parentId: guide.id, pageTitle: 'Setup', content: options.setupText });
  const setup = sandbox.findPageByTitle('DOCS', guide.id, 'Setup');
  assert.ok(setup);
  writeFileSync(path.join(workspaceDir, 'docs', '.wiki-pages.json'), `${JSON.stringify({
    version: 1, space: 'DOCS', parent: '123456',
    pages: { 'guide/': { id: guide.id, title: 'Guide' }, 'guide/setup.md': { id: setup.id, title: 'Setup' } },
  }, null, 2)}\n`);
  return { guide, setup };
}

/** The page with this title on the sandbox wiki, not deleted; the test fails when there is none. */
/**
 * The writer revises these files of docs/ and publishes the folder as a tree again; its .wiki-pages.json names the
 * parent page now, so there are no questions: the confirmation asking `question`, once it shows.
 */
/** The sample tree published once, as it is (5 pages), its summary read and cleared: where most tests start. */
async function treePublishedOnce(page: Page): Promise<void> {
  await publishNewTree(page);
  await page.locator('.monaco-dialog-box', { hasText: 'Publish 5 pages as a tree?' }).locator('.monaco-button', { hasText: /^Publish$/ }).click();
  await waitForCenterNotification(page, /5 published\./);
  await clearNotifications(page);
}

async function reviseAndRepublish(session: Session, files: readonly string[], question: string): Promise<Locator> {
  for (const file of files) {
    const at = path.join(session.workspaceDir, 'docs', file);
    writeFileSync(at, `${readFileSync(at, 'utf8')}\nRevised.\n`);
  }
  await publishRecordedTree(session.page, 'docs');
  const confirm = session.page.locator('.monaco-dialog-box', { hasText: question });
  await confirm.waitFor();
  return confirm;
}

function livePage(sandbox: Session['sandbox'], title: string): ReturnType<Session['sandbox']['pages']>[number] {
  const found = sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
  assert.ok(found, `"${title}" is on the wiki`);
  return found;
}
