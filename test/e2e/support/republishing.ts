// What the republish scenarios (republish*.e2e.ts) share: the release notes file aimed at the documentation home,
// typing into the editor, Open Page from a result, and the sandbox's page of a title.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { DOCS_HOME, targetedFile } from './docs';
import type { Session } from './session';
import { notificationButton, UI_TIMEOUT_MS } from './workbench';

export const TITLE = 'Release notes';
export const FILE = targetedFile({ ...DOCS_HOME, pageTitle: TITLE }, `# ${TITLE}\n\nMy first draft.\n`);

/** Types into the active editor at its end (the file is open and focused). */
export async function appendToEditor(page: Page, text: string): Promise<void> {
  await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** Open Page on a result notification, allowed to open the external site: the browser tab it opened. */
export async function openPageFrom(page: Page, result: Locator): Promise<Page> {
  const opened = page.context().waitForEvent('page', { timeout: UI_TIMEOUT_MS });
  await notificationButton(result, 'Open Page').click();
  const confirm = page.locator('.monaco-dialog-box', { hasText: 'open the external website' });
  await confirm.waitFor();
  await confirm.locator('.monaco-button', { hasText: /^Open$/ }).click();
  return opened;
}

export function wikiPage(session: Session, title: string): { id: string; markdown: string; version: number } {
  const found = session.sandbox.findPageByTitle('DOCS', DOCS_HOME.parentId, title);
  assert.ok(found, `the sandbox holds "${title}"`);
  return found;
}
