// Issue 83 in the real VS Code, what the editor shows of a published tree: the Problems panel's warnings for links
// that will not work on the wiki (squiggles, a quick fix, gone when typed away, none with the setting off), the
// badges' colour on the folders above a changed file, and Open Wiki Page as Markdown on a page the workspace already
// has offering that file. The rules behind them are integration tests (linkProblems, linkDiagnostics, folderBadges,
// openTrackedPage in test/integration).
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { signInApproved } from './support/accounts';
import { extensionLog, keepScreen } from './support/artifacts';
import { useSessions } from './support/harness';
import { publishNewTree } from './support/publishFlow';
import type { Session } from './support/session';
import { openSettingsEditor, searchSettings, settingItem } from './support/settingsEditor';
import { activeTab, answerPrompt, clearNotifications, explorerRow, notification, openFile, runCommand, tokenStatusItem, UI_TIMEOUT_MS, waitForCenterNotification, waitForPrompt, waitUntil } from './support/workbench';
import { openPagesView, pagesViewAction, pagesViewRow } from './support/wikiPagesView';

const FILES = {
  'docs/index.md': '# Overview\n\n## Overview details\n\nStart with [install](guide/instal.md).\n\nSee [d](#overview-detail).\n',
  'docs/guide/README.md': '# Guide\n\nAll about it.\n',
  'docs/guide/install.md': '# Install\n\nRun it.\n',
  'docs/guide/setup.md': '# Setup\n\nKeep the token secret.\n',
  'docs/reference/api.md': '# API\n\nUse one token per job.\n',
};

/** Signed in, the docs tree published as a tree (6 pages), its summary cleared. */
async function treePublished(start: (options: Parameters<ReturnType<typeof useSessions>['start']>[0]) => Promise<Session>): Promise<Session> {
  const session = await start({ files: FILES, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
  const { page } = session;
  await tokenStatusItem(page).waitFor();
  await signInApproved(page);
  await clearNotifications(page);
  await publishNewTree(page);
  await page.locator('.monaco-dialog-box', { hasText: 'Publish 6 pages as a tree?' }).locator('.monaco-button', { hasText: /^Publish$/ }).click();
  await waitForCenterNotification(page, /6 published\./);
  await clearNotifications(page);
  return session;
}

/** The Problems panel's rows of this extension's warnings. */
function problemRows(page: Page): Locator {
  return page.locator('.markers-panel .monaco-list-row', { hasText: 'Wiki Publisher' });
}

async function waitForProblemCount(page: Page, count: number, what: string): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  while ((await problemRows(page).count()) !== count && Date.now() < deadline) await page.waitForTimeout(200);
  assert.equal(await problemRows(page).count(), count, what);
}

/** The computed colour of a theme colour (`wikiPublisher.pages.modifiedHereForeground`), as CSS writes a colour. */
async function themeColour(page: Page, id: string): Promise<string> {
  // Runs in the page; the tests compile without the DOM's types.
  return page.evaluate<string, string>((variable) => {
    const doc = (globalThis as unknown as { document: { createElement(tag: string): { style: { color: string }; remove(): void }; querySelector(selector: string): { appendChild(child: unknown): void } } }).document;
    const probe = doc.createElement('span');
    probe.style.color = `var(${variable})`;
    doc.querySelector('.monaco-workbench').appendChild(probe);
    const colour = (globalThis as unknown as { getComputedStyle(element: unknown): { color: string } }).getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, `--vscode-${id.replace(/\./g, '-')}`);
}

/** The colour an Explorer row's name is drawn in (a decoration's colour, or the list's own). */
async function rowColour(page: Page, name: string): Promise<string> {
  return explorerRow(page, name).locator('.label-name').first().evaluate((element) => (globalThis as unknown as { getComputedStyle(element: unknown): { color: string } }).getComputedStyle(element).color);
}

async function waitForRowColour(page: Page, name: string, colour: string, what: string): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  while ((await rowColour(page, name)) !== colour && Date.now() < deadline) await page.waitForTimeout(200);
  assert.equal(await rowColour(page, name), colour, what);
}

/** Toggles the folder row open or closed, as a click on it does. */
async function toggleFolder(page: Page, name: string, expanded: boolean): Promise<void> {
  const row = explorerRow(page, name);
  if ((await row.getAttribute('aria-expanded')) !== String(expanded)) await row.click();
  await page.locator(`.explorer-folders-view .monaco-list-row[aria-expanded="${expanded}"]`).filter({ has: page.getByText(name, { exact: true }) }).first().waitFor();
}

describe('What the editor shows of a published tree', function () {
  const sessions = useSessions();

  it('the Problems panel warns of the links that will not work on the wiki, with squiggles and a quick fix, and follows the typing and the setting', async function () {
    const session = await treePublished(sessions.start.bind(sessions));
    const { page } = session;
    await toggleFolder(page, 'docs', true);
    await openFile(page, 'index.md');
    await page.keyboard.press('Control+Shift+M');
    await page.locator('.markers-panel').waitFor();
    await waitForProblemCount(page, 2, 'two warnings under index.md');
    const said = await page.locator('.markers-panel').innerText();
    assert.match(said, /index\.md/);
    // Each warning at its destination: `guide/instal.md` starts at line 5, column 22; `#overview-detail` at 7, 9.
    assert.match(said, /will not work on the wiki: no such file\.\s*Wiki Publisher\s*\[Ln 5, Col 22\]/);
    assert.match(said, /will not work on the wiki: no such heading on this page\.\s*Wiki Publisher\s*\[Ln 7, Col 9\]/);
    const editor = page.locator('.editor-group-container.active .monaco-editor').first();
    // One squiggle under each destination, none elsewhere.
    await editor.locator('.squiggly-warning').first().waitFor();
    assert.equal(await editor.locator('.squiggly-warning').count(), 2, 'squiggles on exactly the two destinations');
    await keepScreen(page, 'problems-panel');

    // The lightbulb's quick fix on #overview-detail.
    await editor.locator('.view-lines').getByText('#overview-detail').first().click();
    await page.keyboard.press('Control+.');
    const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Change the link to #overview-details' });
    await fix.waitFor();
    await keepScreen(page, 'problems-quick-fix');
    // The menu takes the keyboard (a pointer block covers the page while it is open): move to the fix, then Enter.
    for (let step = 0; step < 4 && !/\bfocused\b/.test((await fix.getAttribute('class')) ?? ''); step++) await page.keyboard.press('ArrowDown');
    assert.match((await fix.getAttribute('class')) ?? '', /\bfocused\b/, 'the fix is the chosen row');
    await page.keyboard.press('Enter');
    await editor.locator('.view-lines', { hasText: '[d](#overview-details)' }).waitFor();
    await waitForProblemCount(page, 1, 'the fixed link\'s warning is gone');

    // The setting off (in the Settings editor) empties the panel; on again, the warning is back.
    await openSettingsEditor(page);
    await searchSettings(page, 'wikiPublisher.diagnostics');
    const toggle = settingItem(page, 'wikiPublisher.diagnostics').locator('.setting-value-checkbox');
    // The Settings editor redraws the item as the value changes: a click while it redraws can be lost, so each click
    // is checked in the box itself and given again if the box does not show it.
    const check = async (checked: boolean): Promise<void> => {
      const wanted = String(checked);
      for (let attempt = 0; attempt < 3; attempt++) {
        if ((await toggle.getAttribute('aria-checked')) === wanted) return;
        await toggle.click();
        const deadline = Date.now() + 3_000;
        while (Date.now() < deadline && (await toggle.getAttribute('aria-checked')) !== wanted) await page.waitForTimeout(100);
      }
      assert.equal(await toggle.getAttribute('aria-checked'), wanted, `the diagnostics box shows ${checked ? 'checked' : 'unchecked'}`);
    };
    await check(false);
    await waitForProblemCount(page, 0, 'wikiPublisher.diagnostics off: no warning');
    await check(true);
    await waitForProblemCount(page, 1, 'on again: the warning is back');
    // Back to index.md (its tab, through the Explorer), the Settings editor left open behind it.
    await openFile(page, 'index.md');
    await editor.locator('.view-lines').click();

    // Typing `install` for `instal`: the warning goes after a pause, before any save.
    await page.keyboard.press('Control+F');
    await page.keyboard.type('instal.md');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.type('install.md');
    await editor.locator('.view-lines', { hasText: '[install](guide/install.md)' }).waitFor();
    await waitForProblemCount(page, 0, 'no warning once the link is right');
    assert.equal(await editor.locator('.squiggly-warning').count(), 0, 'no squiggle left');
  });

  it('a changed file\'s badge colours the folders above it; Open Wiki Page as Markdown on a page the workspace has offers its file', async function () {
    const session = await treePublished(sessions.start.bind(sessions));
    const { page, sandbox } = session;
    const modified = await themeColour(page, 'wikiPublisher.pages.modifiedHereForeground');
    const changedOnWiki = await themeColour(page, 'wikiPublisher.pages.changedOnWikiForeground');
    assert.notEqual(modified, changedOnWiki);

    // The writer edits and saves docs/guide/setup.md; then collapses docs/.
    await toggleFolder(page, 'docs', true);
    await toggleFolder(page, 'guide', true);
    await openFile(page, 'setup.md');
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nA line of mine.\n');
    await page.keyboard.press('Control+S');
    await waitForRowColour(page, 'setup.md', modified, 'the file in the M colour');
    await waitForRowColour(page, 'guide', modified, 'guide/ in the M colour');
    await toggleFolder(page, 'docs', false);
    // Back to the editor: a focused, selected row is drawn in the list's selection colour, whatever its decoration.
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    await waitForRowColour(page, 'docs', modified, 'the collapsed docs/ in the M colour');
    const docsBadge = await explorerRow(page, 'docs').locator('.monaco-icon-label').first().evaluate((element) => (globalThis as unknown as { getComputedStyle(element: unknown, pseudo: string): { content: string } }).getComputedStyle(element, '::after').content);
    assert.notEqual(docsBadge, 'none', 'the collapsed folder shows a badge');
    await keepScreen(page, 'folder-badge-modified');

    // A colleague edits the API page on the wiki; after a Refresh, reference/ shows the W colour.
    const api = sandbox.pages().find((candidate) => candidate.title === 'API' && !candidate.deleted);
    assert.ok(api);
    await waitUntil(() => new RegExp(`Kept page ${api.id} version \\d+ as the base for Pull`).test(extensionLog(session)), 'Pull\'s base of API was kept');
    sandbox.editLineOnWiki(api.id, { append: ' (a colleague\'s words)' });
    await openPagesView(page);
    await (await pagesViewAction(page, 'Refresh Wiki Pages View')).click();
    await pagesViewRow(page, /Changed on the wiki\s*1/).waitFor();
    await toggleFolder(page, 'docs', true);
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    await waitForRowColour(page, 'reference', changedOnWiki, 'the collapsed reference/ in the W colour');
    await keepScreen(page, 'folder-badge-changed-on-wiki');

    // Open Wiki Page as Markdown on that page: the workspace's file is offered, opened and pulled; no copy.
    const exportsBefore = sandbox.exports.length;
    await runCommand(page, 'Wiki: Open Wiki Page as Markdown');
    await waitForPrompt(page, /page address or ID/i);
    await answerPrompt(page, api.id);
    const offer = page.locator('.monaco-dialog-box', { hasText: `Page ${api.id} is already docs/reference/api.md in this workspace.` });
    await offer.waitFor();
    await offer.locator('.monaco-button', { hasText: 'Open docs/reference/api.md' }).waitFor();
    await keepScreen(page, 'open-tracked-page');
    await offer.locator('.monaco-button', { hasText: /^Open and Pull$/ }).click();
    await activeTab(page, 'api.md').waitFor();
    await notification(page, /Pulled the wiki's edit of "API"/).waitFor();
    await page.locator('.editor-group-container.active .monaco-editor .view-lines', { hasText: 'Use one token per job. (a colleague\'s words)' }).waitFor();
    assert.equal(await page.locator('.tabs-container .tab', { hasText: /^API\.md|Untitled/ }).count(), 0, 'no untitled copy of the page');
    // Pull reads the page itself; the command exported nothing of its own beyond Pull's read.
    assert.ok(sandbox.exports.length - exportsBefore <= 1, `at most Pull's one export: ${sandbox.exports.length - exportsBefore}`);
  });
});
