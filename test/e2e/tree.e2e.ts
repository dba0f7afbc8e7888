// Issue 14 in the real VS Code: a docs folder published from the Explorer as a page tree, signed in for page IDs;
// the confirmation shows the tree; the folder's .wiki-pages.json records the pages; and a rewritten link on the
// sandbox's page view opens the linked page at its heading. Also what a first tree publish refuses before sending.
import { markerText, pathDigest } from '../../src/core/publish/publishNotice';
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { signInApproved } from './support/accounts';
import { useSessions } from './support/harness';
import { publishNewTree } from './support/publishFlow';
import { TREE_FILES, signedInTreeSession, reviseAndRepublish, livePage } from './support/treeSessions';
import { clearNotifications, notification, notificationButton, publishFolderAs, publishRecordedTree, quickInput, tokenStatusItem, UI_TIMEOUT_MS, waitForCenterNotification } from './support/workbench';

// The same files in a git repository, the overview linking from the repository root as GitHub resolves it, and to
// a file that is not there.
const IN_REPOSITORY = {
  ...TREE_FILES,
  '.git/HEAD': 'ref: refs/heads/main\n',
  'docs/index.md': `${TREE_FILES['docs/index.md']}\nTokens: [from the top](/docs/reference/api.md#tokens). Old: [notes](guide/old-notes.md).\n\n<p><a href="guide/setup.md">Setup</a></p>\n`,
};

describe('Publishing a folder as a page tree', function () {
  const sessions = useSessions();

  it('publishes a small tree from the Explorer, records its pages, and a rewritten link opens the page at its heading', async function () {
    const { page, sandbox, workspaceDir } = await signedInTreeSession(sessions, {}, IN_REPOSITORY);

    await publishNewTree(page);

    const confirm = page.locator('.monaco-dialog-box', { hasText: 'Publish 5 pages as a tree?' });
    await confirm.waitFor();
    const text = await confirm.innerText();
    assert.match(text, /As a page tree under page 123456 in space DOCS/);
    // Each page under its folder's page, indented a level deeper (the dialog keeps no-break spaces).
    assert.match(text, /^\u00a0{4}Guide \(new\)$/m);
    assert.match(text, /^\u00a0{8}Setup \(new\)$/m);
    assert.match(text, /Reference \(new, lists its children\)/);
    // The order the run creates them in, which the wiki lists them in: Overview links to Setup and API, so after their
    // folders (it comes first by the folder's order).
    assert.match(text, /2 new pages come out of name order, so that links find the pages they name \(the wiki lists them in this order; the setting wikiPublisher\.tree\.siblingOrder keeps the name order\)\./);
    assert.deepEqual(['Guide (new', 'Reference (new', 'Overview (new'].map((line) => text.indexOf(line)).every((at, index, all) => at >= 0 && (index === 0 || at > (all[index - 1] as number))), true, text);
    assert.match(text, /Overview: 2 links stay as written and will not work on the wiki: LICENSE\.txt \(not a Markdown file\), guide\/old-notes\.md \(no such file\)/, 'the links that will not work, before sending');
    assert.match(text, /Overview: 1 HTML link to a local file \(guide\/setup\.md\) is sent as written and will point nowhere on the wiki: write it as a Markdown link instead/, 'an HTML link too');
    assert.equal(sandbox.imports.length, 0, 'nothing is sent before the confirmation');
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();

    // Overview and Setup link to pages this run creates, which the plan put before them: only the generated folder page,
    // which lists its new child, goes twice.
    await waitForCenterNotification(page, /5 published\. 1 page was sent again so its links reach pages created in this run/);
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

  it('a tree publish the wiki stops by refusing the API token says why, sends nothing more, and offers Set API Token', async function () {
    const { page, sandbox } = await signedInTreeSession(sessions, {}, TREE_FILES, 'tree-stop');
    // Revoked on the wiki after the window read it: its claims still look fine, the import answers 401.
    sandbox.revokeToken('tree-stop');
    await publishNewTree(page);
    await page.locator('.monaco-dialog-box', { hasText: 'Publish 5 pages as a tree?' }).locator('.monaco-button', { hasText: /^Publish$/ }).click();
    const toast = notification(page, /The wiki refused the API token \(HTTP 401\)/);
    await toast.waitFor({ timeout: UI_TIMEOUT_MS });
    // The first page's answer was the refusal; the four after it were never sent.
    assert.match(await toast.innerText(), /1 failed, 4 not started\. The wiki refused the API token \(HTTP 401\), so every other file would be refused the same way: publishing stopped after 1 of 5 files\. Set a new token/);
    await notificationButton(toast, 'Set API Token').waitFor();
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [401], 'one refusal, then nothing more is sent');
  });

  it('with wikiPublisher.recordPageIds off, the tree lands but no .wiki-pages.json is written, and the summary says the IDs were not recorded', async function () {
    // A user setting of this session only: its user-data folder goes with the session, so no later test sees it.
    const { page, sandbox, workspaceDir } = await signedInTreeSession(sessions, { 'wikiPublisher.recordPageIds': false });
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

  it('a page of a new tree\'s title under the chosen page, carrying a notice for this file\'s path with other text and recorded nowhere, is not taken, said before sending: the editor cannot tell which repository published it', async function () {
    let token = '';
    const session = await sessions.start({ files: TREE_FILES, world: {}, beforeStart: (wiki) => ({ envToken: (token = wiki.issueToken().token) }) });
    const { page, sandbox } = session;
    await tokenStatusItem(page).waitFor();
    await signInApproved(page);
    await clearNotifications(page);
    // "Overview" under the same page carries a notice for docs/index.md with other text than the file's (its marker's
    // digest): a run of this repository that stopped before recording it, or another clone's file of the same path.
    // The editor knows no repository to tell them apart, and Create only was chosen: not taken (wikiVerdict.ts).
    const marker = markerText({ version: 1, digest: '0'.repeat(20), path: pathDigest('docs/index.md') });
    const content = `# Overview\n\nFrom a run that stopped.\n\n---\n\n*Published from [docs/index.md](<#${marker}>) with Wiki Publisher.*\n`;
    const seeded = await fetch(sandbox.importEndpoint, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ spaceId: 'DOCS', parentId: '123456', pageTitle: 'Overview', content }),
    });
    assert.ok(seeded.ok, `seeded: ${seeded.status}`);
    const before = livePage(sandbox, 'Overview');
    await publishNewTree(page);
    const confirm = page.locator('.monaco-dialog-box', { hasText: 'as a tree?' });
    await confirm.waitFor();
    assert.match(await confirm.innerText(), /Overview \(a page of this title that no record names carries a publish notice for this path, and this publish cannot tell which repository published it .*if it is this repository's page, publish with Overwrite\)/);
    assert.match(await confirm.innerText(), /Guide \(new/, 'a page nothing holds the place of is new');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    assert.equal(livePage(sandbox, 'Overview').version, before.version, 'nothing sent');
  });

  it('a file whose front matter names its own page is listed after the tree, where it goes; a colleague\'s edit of it is left out', async function () {
    const notes = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Release notes\n---\n# Release notes\n\nSee [the setup](guide/setup.md).\n';
    const session = await signedInTreeSession(sessions, {}, { ...TREE_FILES, 'docs/notes.md': notes });
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
    const { page, sandbox } = await signedInTreeSession(sessions, {}, { ...TREE_FILES, 'docs/guide/README.md': '---\ntitle: The guide\n---\n' });
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

  it('a tree whose recorded parent page is gone is refused before anything is sent, saying so once and where it is recorded', async function () {
    const { page, sandbox, workspaceDir } = await signedInTreeSession(sessions);
    // The folder's .wiki-pages.json names parent page 555, which the wiki does not have (deleted, or a typo).
    writeFileSync(path.join(workspaceDir, 'docs', '.wiki-pages.json'), `${JSON.stringify({ version: 1, space: 'DOCS', parent: '555', pages: {} }, null, 2)}\n`);
    await publishRecordedTree(page, 'docs');
    const refused = await waitForCenterNotification(page, /the tree's parent page 555 was not found/);
    const said = await refused.innerText();
    assert.match(said, /^Not sent: the tree's parent page 555 was not found/, 'the reason leads: a collapsed notification shows only its start');
    assert.match(said, /Not sent: the tree's parent page 555 was not found \(it does not exist, was deleted, or this account cannot see it\), so no page of the tree could land\. .* \(docs\/guide\/README\.md, docs\/guide\/setup\.md, docs\/reference\/ and 2 more\)/);
    assert.match(said, /The folder's \.wiki-pages\.json records it as the tree's parent \("space" and "parent"\): change it there/);
    assert.equal(said.match(/parent page 555 was not found/g)?.length, 1, 'the reason once, not once per page');
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no confirmation: there is nothing to publish');
    assert.equal(sandbox.imports.length, 0, 'nothing was sent');
  });

  it('a folder of more Markdown files than a publish plans is refused whole, as a tree and flat, with the reason and no questions', async function () {
    // The tree's files and 10,000 more: one more than a publish plans. The walk stops at the bound; nothing is read.
    const many: Record<string, string> = { ...TREE_FILES };
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
    const many: Record<string, string> = { ...TREE_FILES };
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
    const { page, sandbox, workspaceDir } = await signedInTreeSession(sessions);
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
});
