// The publish conversation as a person has it: the editor title button, then the prompts in their
// specified order (space, parent page, page title, create-or-update), one multi-step input with a Back button.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import {
  activeTab, answerPrompt, clickEditorTitleAction, notification, notificationButton, pickItem, publishFolderAs, quickInput, quickInputBox, validationError,
  waitForPrompt,
} from './workbench';

export const PUBLISH_BUTTON_LABEL = 'Publish to Wiki';
export const CREATE_ONLY = 'Create only';
export const UPDATE_EXISTING = 'Update an existing page with this title';
/** Each step's own words, so a wait cannot be satisfied by the step before it still on screen. */
export const PARENT_PROMPT = /parent page: its ID/i;
export const TITLE_PROMPT = /title of the wiki page/i;
export const OVERWRITE_PROMPT = /already exists under the parent/i;

export async function clickPublishButton(page: Page): Promise<void> {
  await clickEditorTitleAction(page, PUBLISH_BUTTON_LABEL);
}

export interface PromptAnswers {
  space: string;
  parentId: string;
  /** The title the prompt must be prefilled with; it is accepted as is. */
  expectedTitle: string;
  mode: typeof CREATE_ONLY | typeof UPDATE_EXISTING;
  /** Typed into the parent prompt first; it must be refused inline before the real ID is given. */
  invalidParentFirst?: string;
}

/**
 * Types into the space prompt (a key, or a page address) and accepts once the row for it is focused: the prompt is a
 * quick pick that also lists recent spaces. `row` is the focused row's text, when it differs from what is typed.
 */
export async function chooseSpace(page: Page, typed: string, row: string | RegExp = typed): Promise<void> {
  await waitForPrompt(page, /space key/i);
  await quickInputBox(page).fill(typed);
  await quickInput(page).locator('.monaco-list-row.focused', { hasText: row }).waitFor();
  await page.keyboard.press('Enter');
}

/** The quick input's Back button (shown from the second step on). */
export function backButton(page: Page): Locator {
  return quickInput(page).locator('.codicon-quick-input-back');
}

/** The prompt's title line, with its step: "Publish to Wiki (2/4)". */
export async function promptTitle(page: Page): Promise<string> {
  return (await quickInput(page).locator('.quick-input-title').innerText()).replace(/\s+/g, ' ').trim();
}

export async function answerPublishPrompts(page: Page, answers: PromptAnswers): Promise<void> {
  await chooseSpace(page, answers.space);

  await waitForPrompt(page, PARENT_PROMPT);
  if (answers.invalidParentFirst !== undefined) {
    await quickInputBox(page).fill(answers.invalidParentFirst);
    assert.match(await validationError(page), /digit/i, 'a parent page ID that is not all digits is refused inline');
  }
  await answerPrompt(page, answers.parentId);

  await waitForPrompt(page, TITLE_PROMPT);
  assert.equal(await quickInputBox(page).inputValue(), answers.expectedTitle, 'the title prompt is prefilled');
  await page.keyboard.press('Enter');

  await waitForPrompt(page, OVERWRITE_PROMPT);
  await pickItem(page, answers.mode);
}

/** Publish to Wiki, As a page tree, on a folder, answering a first publish's questions: space DOCS, page 123456, create only. */
export async function publishNewTree(page: Page, folder = 'docs'): Promise<void> {
  await publishFolderAs(page, folder, 'As a page tree');
  await answerFolderPrompts(page);
}

/** A folder's questions, asked once for all its files: the space (DOCS), the parent (123456) and create only. */
export async function answerFolderPrompts(page: Page): Promise<void> {
  await chooseSpace(page, 'DOCS');
  await waitForPrompt(page, PARENT_PROMPT);
  await answerPrompt(page, '123456');
  await waitForPrompt(page, OVERWRITE_PROMPT);
  await pickItem(page, CREATE_ONLY);
}

/** What Compare... from a folder's confirmation should show: the page, its file, and a line of each side. */
export interface ComparedPage {
  title: string;
  fileName: string;
  wikiLine: string;
  fileLine: string;
}

/**
 * Compare... from a folder's (flat or tree) confirmation: picks the edited page, waits for its diff with both sides,
 * checks that nothing was sent, and returns to the same confirmation through the notification's button.
 */
export async function compareFromConfirmation(page: Page, confirm: Locator, compared: ComparedPage, imports: () => number): Promise<void> {
  const sentBefore = imports();
  await confirm.locator('.monaco-button', { hasText: 'Compare...' }).click();
  await waitForPrompt(page, /Compare a page edited on the wiki with its file/);
  await pickItem(page, compared.title);
  const diff = page.locator('.editor-group-container.active .monaco-diff-editor');
  await diff.waitFor();
  await activeTab(page, `${compared.title} (wiki) ↔ ${compared.fileName}`).waitFor();
  await diff.locator('.editor.original .view-lines', { hasText: compared.wikiLine }).waitFor();
  await diff.locator('.editor.modified .view-lines', { hasText: compared.fileLine }).waitFor();
  const back = notification(page, 'Nothing is published until you confirm');
  await back.waitFor();
  assert.equal(imports(), sentBefore, 'Compare sends nothing');
  await notificationButton(back, 'Back to the Confirmation').click();
  await confirm.waitFor();
}
