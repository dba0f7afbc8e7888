// Issue 83 in the real VS Code, where the editor is what is tested: a colleague's change of a page's first heading
// pulled into its file (the front matter keeps the page's title, shown in the editor; the next publish asks nothing
// and updates the same page), and Compare with Wiki Page on a page full of links (the diff editor marks only the
// colleague's line; the title bar's Show Raw Wiki Page opens the page as the wiki holds it). The rules themselves
// (every entry point, both export styles) are integration tests: test/integration/pullCommand.test.ts and
// compareCommand.test.ts.
import * as assert from 'node:assert/strict';
import { readFileSync, renameSync } from 'node:fs';
import * as path from 'node:path';
import type { Locator } from 'playwright-core';
import { signInApproved } from './support/accounts';
import { DOCS_HOME, targetedFile } from './support/docs';
import { extensionLog, keepScreen } from './support/artifacts';
import { useSessions } from './support/harness';
import { answerPublishPrompts, clickPublishButton, CREATE_ONLY } from './support/publishFlow';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { activeTab, clearNotifications, clickEditorTitleAction, notification, openFile, quickInput, runCommand, tokenStatusItem, UI_TIMEOUT_MS, waitUntil } from './support/workbench';
import { pullChangedPage } from './support/wikiPagesView';

const EDITOR_LINES = '.editor-group-container.active .monaco-editor .view-lines';

/** The text of the lines a diff editor's side marks with `marker` (line-delete, line-insert), top to bottom. */
async function markedLines(side: Locator, marker: string): Promise<string[]> {
  // Runs in the page; the tests compile without the DOM's types. An overlay line and its text line share their top.
  return side.evaluate((element, cls) => {
    type Line = { style: { top: string }; textContent: string | null; querySelector(selector: string): unknown };
    const root = element as unknown as { querySelectorAll(selector: string): Iterable<Line> };
    const tops = new Set([...root.querySelectorAll('.view-overlays > div')].filter((line) => line.querySelector(`.${cls}`)).map((line) => line.style.top));
    return [...root.querySelectorAll('.view-lines .view-line')]
      .filter((line) => tops.has(line.style.top))
      .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
      .map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' '));
  }, marker);
}

describe('Pull and Compare of a page a colleague edited', function () {
  const sessions = useSessions();

  it('a pulled change of the page\'s first heading: the front matter keeps the page\'s title, and Publish updates the same page unasked', async function () {
    // Titled by its heading, no front matter: the first publish asks where it goes.
    const files = { 'release-notes.md': '# Release notes\n\nWhat changed.\n\n- faster start\n' };
    const session = await sessions.start({ files, world: {}, settings: { 'files.autoSave': 'off' }, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox, workspaceDir } = session;
    await tokenStatusItem(page).waitFor();
    await signInApproved(page);
    await openFile(page, 'release-notes.md');
    await clickPublishButton(page);
    await answerPublishPrompts(page, { space: 'DOCS', parentId: DOCS_HOME.parentId, expectedTitle: 'Release notes', mode: CREATE_ONLY });
    await notification(page, SANDBOX_BODIES.created).waitFor();
    await clearNotifications(page);
    const published = sandbox.findPageByTitle('DOCS', DOCS_HOME.parentId, 'Release notes');
    assert.ok(published);
    // Pull's base is kept behind the publish's result (exported, then checked against the page's version): the
    // colleague edits after that, as the extension's log says.
    await waitUntil(() => extensionLog(session).includes(`Kept page ${published.id} version 1 as the base for Pull`), 'Pull\'s base was kept');

    sandbox.editPageOnWiki(published.id, published.imported.replace(published.markdown, published.markdown.replace('# Release notes', '# Release notes for 2.0')));
    await pullChangedPage(page, 'release-notes.md', sandbox.exports, published.id);
    await notification(page, /its front matter now keeps the page's title, "Release notes" \(wiki\.pageTitle\)/).waitFor();
    const editor = page.locator(EDITOR_LINES).first();
    await editor.getByText('# Release notes for 2.0').waitFor();
    await editor.getByText('pageTitle: "Release notes"').waitFor();
    assert.match((await editor.innerText()).replace(/\u00a0/g, ' '), /^---\s+wiki:\s+pageTitle: "Release notes"\s+---\s+# Release notes for 2\.0/, 'the front matter above the pulled heading');
    await keepScreen(page, 'pulled-heading');
    await page.keyboard.press('Control+S');
    await page.locator('.tabs-container .tab.active:not(.dirty)', { hasText: 'release-notes.md' }).waitFor();
    assert.match(readFileSync(path.join(workspaceDir, 'release-notes.md'), 'utf8'), /^---\nwiki:\n {2}pageTitle: "Release notes"\n---\n# Release notes for 2\.0\n/);
    await clearNotifications(page);

    await clickPublishButton(page);
    const updated = notification(page, SANDBOX_BODIES.updated);
    await updated.or(quickInput(page).filter({ visible: true })).first().waitFor({ timeout: UI_TIMEOUT_MS });
    assert.equal(await quickInput(page).isVisible(), false, 'no question: not the title, not the place');
    const pages = sandbox.pages().filter((candidate) => candidate.parentId === DOCS_HOME.parentId && !candidate.deleted && candidate.title.startsWith('Release notes'));
    assert.deepEqual(pages.map((candidate) => [candidate.id, candidate.title]), [[published.id, 'Release notes']], 'one page, still titled "Release notes"');
    assert.match(pages[0]?.markdown ?? '', /^# Release notes for 2\.0$/m, 'its body with the new heading');
    assert.doesNotMatch(pages[0]?.markdown ?? '', /pageTitle/, 'the front matter is not sent');
  });

  it('Compare with Wiki Page on a page full of links marks only the colleague\'s line; Show Raw Wiki Page shows the page addresses', async function () {
    const target = (pageTitle: string, body: string): string => targetedFile({ ...DOCS_HOME, pageTitle }, body);
    const files = {
      'guide.md': target('Guide', '# Guide\n\n## Install\n\nRun it.\n'),
      'setup.md': target('Setup', '# Setup\n\nSet it up.\n'),
      'index.md': target('Index', [
        '# Index', '', 'Start here.', '', 'Read [the guide](guide.md) first.', '', 'Then [install](guide.md#install) it.', '',
        'Then do the [setup](setup.md).', '', '## Overview', '', 'Back to [the overview](#overview).', '',
      ].join('\n')),
    };
    const session = await sessions.start({ files, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox } = session;
    await tokenStatusItem(page).waitFor();
    await signInApproved(page);
    for (const file of ['guide.md', 'setup.md', 'index.md']) {
      await openFile(page, file);
      await clickPublishButton(page);
      await notification(page, SANDBOX_BODIES.created).waitFor();
      await clearNotifications(page);
    }
    const index = sandbox.findPageByTitle('DOCS', DOCS_HOME.parentId, 'Index');
    assert.ok(index);
    assert.match(index.markdown, /\/wiki\/spaces\/DOCS\/pages\/\d+\/Guide#Install\)/, 'on the wiki the links are page addresses');

    // A colleague changes one plain line; the lines with links stay as they are.
    sandbox.editLineOnWiki(index.id, { append: ' (a colleague\'s words)' });
    await openFile(page, 'index.md');
    await runCommand(page, 'Compare with Wiki Page');
    const diff = page.locator('.editor-group-container.active .monaco-diff-editor');
    await activeTab(page, 'Index (wiki) ↔ index.md').waitFor();
    await diff.locator('.editor.original .view-lines', { hasText: 'Start here. (a colleague\'s words)' }).waitFor();
    await diff.locator('.editor.modified .view-lines', { hasText: 'Then do the [setup](setup.md).' }).waitFor();
    // The editor draws spaces as no-break spaces.
    const original = (await diff.locator('.editor.original .view-lines').innerText()).replace(/\u00a0/g, ' ');
    assert.doesNotMatch(original, /\/wiki\/spaces\//, 'the wiki side writes the links as the file does');
    assert.match(original, /Then \[install\]\(guide\.md#install\) it\./);
    // The diff editor marks changed lines in both sides' overlays: one line each.
    // The diff editor marks changed lines in each side's overlays: on the wiki's side only the colleague's line; on the
    // file's, that line and the front matter the wiki never holds, no line with a link.
    await diff.locator('.editor.original .line-delete').first().waitFor();
    assert.deepEqual(await markedLines(diff.locator('.editor.original'), 'line-delete'), ['Start here. (a colleague\'s words)']);
    const fileSide = await markedLines(diff.locator('.editor.modified'), 'line-insert');
    assert.deepEqual(fileSide.filter((line) => !/^(---|wiki:|\s+(spaceId|parentId|pageTitle):)/.test(line)), ['Start here.'], fileSide.join('\n'));
    await keepScreen(page, 'compare-links');

    await clickEditorTitleAction(page, 'Show Raw Wiki Page');
    await activeTab(page, 'Index (wiki, raw) ↔ index.md').waitFor();
    const raw = page.locator('.editor-group-container.active .monaco-diff-editor .editor.original .view-lines');
    await raw.filter({ hasText: '/wiki/spaces/DOCS/pages/' }).waitFor();
    // A long address wraps in the editor: read without the line breaks.
    assert.match((await raw.innerText()).replace(/\s+/g, ''), /\(http:\/\/[^)]+\/wiki\/spaces\/DOCS\/pages\/\d+\/Setup\)/, 'the raw page holds the addresses');
    await keepScreen(page, 'compare-links-raw');
    assert.equal(sandbox.imports.length, 3, 'Compare sends nothing');
  });
});

describe('A file renamed outside the editor', function () {
  const sessions = useSessions();

  it('keeps its page: Pull merges the colleague\'s edit, and Publish updates that page, not "already exists"', async function () {
    const files = { 'mv.md': targetedFile({ ...DOCS_HOME, pageTitle: 'Mv page' }, '# Mv page\n\nFirst line.\n\nSecond paragraph.\n') };
    const session = await sessions.start({ files, world: {}, settings: { 'files.autoSave': 'off' }, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox, workspaceDir } = session;
    await tokenStatusItem(page).waitFor();
    await signInApproved(page);
    await openFile(page, 'mv.md');
    await clickPublishButton(page);
    await notification(page, SANDBOX_BODIES.created).waitFor();
    await clearNotifications(page);
    const published = sandbox.findPageByTitle('DOCS', DOCS_HOME.parentId, 'Mv page');
    assert.ok(published);
    await waitUntil(() => extensionLog(session).includes(`Kept page ${published.id} version 1 as the base for Pull`), 'Pull\'s base was kept');
    sandbox.editLineOnWiki(published.id, { append: ' (a colleague\'s words)' });

    // Renamed in a terminal (git mv, a branch switch): VS Code reports no rename to extensions.
    await runCommand(page, 'View: Close All Editors');
    renameSync(path.join(workspaceDir, 'mv.md'), path.join(workspaceDir, 'moved.md'));
    await openFile(page, 'moved.md');
    await runCommand(page, 'Pull from Wiki');
    await page.locator(EDITOR_LINES, { hasText: '(a colleague\'s words)' }).first().waitFor();
    assert.equal(await notification(page, 'Pull does not know this file\'s page yet').count(), 0);
    await page.keyboard.press('Control+S');
    await page.locator('.tabs-container .tab.active:not(.dirty)', { hasText: 'moved.md' }).waitFor();
    assert.match(readFileSync(path.join(workspaceDir, 'moved.md'), 'utf8'), /\(a colleague's words\)/);

    await clickPublishButton(page);
    await notification(page, SANDBOX_BODIES.updated).waitFor();
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [201, 200], 'an update of the same page, no "already exists"');
    assert.equal(sandbox.pages().filter((each) => each.title === 'Mv page').length, 1);
  });
});
