// What the page-tree scenarios (tree*.e2e.ts) share: the sample docs folder, a signed-in session over it, the tree
// published once, a republish after revising files, CI's earlier publish of part of it, and the wiki's live pages.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { signInApproved } from './accounts';
import type { SessionHarness } from './harness';
import { publishNewTree } from './publishFlow';
import type { Session } from './session';
import { clearNotifications, publishRecordedTree, tokenStatusItem, waitForCenterNotification } from './workbench';

export const TREE_FILES = {
  'docs/index.md': '# Overview\n\nStart with the [setup](guide/setup.md). Terms: [the licence](LICENSE.txt).\n',
  'docs/guide/README.md': '# Guide\n\nAll about it.\n',
  'docs/guide/setup.md': '# Setup\n\nCall [the API](../reference/api.md#tokens) with a token.\n\nKeep the token secret.\n',
  'docs/reference/api.md': '# API\n\n## Tokens\n\nUse one per job.\n',
};

/** The TREE_FILES workspace (or `files`) with an import token (labelled `tokenLabel`, to revoke it), signed in to the export API (page IDs need it), no toasts left. */
export async function signedInTreeSession(sessions: SessionHarness, settings: Record<string, unknown> = {}, files: Record<string, string> = TREE_FILES, tokenLabel?: string): Promise<Session> {
  const session = await sessions.start({ files, world: {}, settings, beforeStart: (wiki) => ({ envToken: wiki.issueToken(tokenLabel === undefined ? {} : { label: tokenLabel }).token }) });
  await tokenStatusItem(session.page).waitFor();
  await signInApproved(session.page);
  await clearNotifications(session.page);
  return session;
}

/** The sample tree published once, as it is (5 pages), its summary read and cleared: where most tests start. */
export async function treePublishedOnce(page: Page): Promise<void> {
  await publishNewTree(page);
  await page.locator('.monaco-dialog-box', { hasText: 'Publish 5 pages as a tree?' }).locator('.monaco-button', { hasText: /^Publish$/ }).click();
  await waitForCenterNotification(page, /5 published\./);
  await clearNotifications(page);
}

/**
 * The writer revises these files of docs/ and publishes the folder as a tree again; its .wiki-pages.json names the
 * parent page now, so there are no questions: the confirmation asking `question`, once it shows.
 */
export async function reviseAndRepublish(session: Session, files: readonly string[], question: string): Promise<Locator> {
  for (const file of files) {
    const at = path.join(session.workspaceDir, 'docs', file);
    writeFileSync(at, `${readFileSync(at, 'utf8')}\nRevised.\n`);
  }
  await publishRecordedTree(session.page, 'docs');
  const confirm = session.page.locator('.monaco-dialog-box', { hasText: question });
  await confirm.waitFor().catch(async (error: unknown) => {
    // What the workbench showed instead (a notification, another dialog): said with the failure.
    const shown = await session.page.locator('.notification-toast, .monaco-dialog-box').allInnerTexts().catch(() => []);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nshown instead: ${JSON.stringify(shown)}`);
  });
  return confirm;
}

/**
 * docs/guide/ and docs/guide/setup.md as CI published them with its own token (`owner`: its account, else the
 * sandbox's default user's), and the docs folder's .wiki-pages.json recording both pages.
 */
export async function publishedByCi(sandbox: Session['sandbox'], workspaceDir: string, options: { setupText: string; owner?: string }): Promise<{ guide: { id: string }; setup: { id: string } }> {
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
export function livePage(sandbox: Session['sandbox'], title: string): ReturnType<Session['sandbox']['pages']>[number] {
  const found = sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
  assert.ok(found, `"${title}" is on the wiki`);
  return found;
}
