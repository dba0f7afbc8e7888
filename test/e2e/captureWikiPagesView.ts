// Makes media/wiki-pages-view.png, the README's picture of the Wiki Pages view: a docs folder published as a page
// tree, then a colleague's edit on the wiki, a page deleted there, a file modified here, a new file and a removed one;
// the view lists each by state (the changed one with who and when), with the Explorer's badges beside.
// Run after `npm run package && npm run compile-tests`: node out/test/e2e/captureWikiPagesView.js
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { signInApproved } from './support/accounts';
import { repoRoot } from './support/paths';
import { publishNewTree } from './support/publishFlow';
import { prepareRun } from './support/runSetup';
import { startSession, type Session } from './support/session';
import { clearNotifications, explorerRow, tokenStatusItem, waitForCenterNotification } from './support/workbench';
import { openPagesView, pagesViewAction, pagesViewPane, pagesViewRow } from './support/wikiPagesView';

const FILES = {
  'docs/index.md': '# Overview\n\nWhat the service does and who runs it.\n',
  'docs/install.md': '# Install\n\nRun the installer, then sign in.\n',
  'docs/faq.md': '# FAQ\n\n## Can I export my data?\n\nYes, from Settings.\n',
  'docs/troubleshooting.md': '# Troubleshooting\n\nRestart it first.\n',
  'docs/old-setup.md': '# Old setup\n\nThe way it used to work.\n',
  'docs/release-notes.md': '# Release notes\n\n## 2.1\n\nFaster start-up.\n',
  'README.md': '# Service docs\n\nThe docs folder is published to the wiki.\n',
};

/** Drags the sash between the side bar and the editor, so the view's descriptions show whole. */
async function widenSideBar(page: Page, toX: number): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box) throw new Error('no side bar');
  await dragFrom(page, box.x + box.width + 1, box.y + box.height / 2, toX, box.y + box.height / 2);
}

/** Drags the sash above the view's header up to `toY`, so every group fits under the Explorer's files. */
async function growPagesView(page: Page, toY: number): Promise<void> {
  const box = await pagesViewPane(page).locator('.pane-header').first().boundingBox();
  if (!box) throw new Error('no Wiki Pages header');
  await dragFrom(page, box.x + box.width / 2, box.y - 1, box.x + box.width / 2, toY);
}

async function dragFrom(page: Page, fromX: number, fromY: number, toX: number, toY: number): Promise<void> {
  await page.mouse.move(fromX, fromY);
  await page.mouse.down();
  await page.mouse.move(toX, toY, { steps: 10 });
  await page.mouse.up();
}

async function main(): Promise<void> {
  const run = prepareRun();
  let session: Session | undefined;
  try {
    session = await startSession({ files: FILES, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox, workspaceDir } = session;
    await tokenStatusItem(page).waitFor();
    await signInApproved(page);
    await clearNotifications(page);
    await publishNewTree(page);
    const confirm = page.locator('.monaco-dialog-box', { hasText: 'as a tree?' });
    await confirm.waitFor();
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();
    await waitForCenterNotification(page, /6 published/);
    await clearNotifications(page);

    // What happens next: a colleague edits Install on the wiki, someone deletes Troubleshooting there, the writer
    // changes the FAQ, adds a page and removes an old one.
    const pageOf = (title: string): string => {
      const found = sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
      if (!found) throw new Error(`"${title}" is not on the wiki`);
      return found.id;
    };
    sandbox.editPageOnWiki(pageOf('Install'), '# Install\n\nRun the installer, then sign in.\n\nOn macOS, allow it in System Settings first.\n');
    sandbox.deletePage(pageOf('Troubleshooting'));
    const docs = path.join(workspaceDir, 'docs');
    fs.appendFileSync(path.join(docs, 'faq.md'), '\n## Is there an API?\n\nYes: see the reference.\n');
    fs.writeFileSync(path.join(docs, 'migration.md'), '# Migration\n\nMoving from 1.x.\n');
    fs.rmSync(path.join(docs, 'old-setup.md'));

    await explorerRow(page, 'docs').click();
    await explorerRow(page, 'migration.md').waitFor();
    await explorerRow(page, 'faq.md').click();
    await openPagesView(page);
    await page.setViewportSize({ width: 1280, height: 860 });
    await widenSideBar(page, 520);
    await growPagesView(page, 340);
    await (await pagesViewAction(page, 'Refresh Wiki Pages View')).click();
    await pagesViewRow(page, /Changed on the wiki\s*1/).waitFor();
    await pagesViewRow(page, /Orphan pages/).waitFor();
    for (const group of ['In sync', 'Not published']) await pagesViewRow(page, new RegExp(`^${group}`)).click();
    await pagesViewRow(page, 'index.md').waitFor();
    // The picture shows the rows, not a focus outline or a hover: the editor takes the focus back.
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    await page.mouse.move(900, 600);
    const file = path.join(repoRoot, 'media', 'wiki-pages-view.png');
    await page.screenshot({ path: file });
    console.log(`Saved ${file}`);
  } catch (error) {
    await session?.page.screenshot({ path: path.join(repoRoot, 'test-results', 'capture-wiki-pages-view-failed.png') }).catch(() => undefined);
    throw error;
  } finally {
    await session?.stop();
    run.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
