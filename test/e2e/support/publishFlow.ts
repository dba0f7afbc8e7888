// The publish conversation as a person has it: the editor title button, then the prompts in their
// specified order (space, parent page ID, page title, create-or-update).
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { answerPrompt, editorTitleAction, pickItem, quickInput, quickInputBox, validationError, waitForPrompt } from './workbench';

export const PUBLISH_BUTTON_LABEL = 'Publish to Wiki';
export const CREATE_ONLY = 'Create only';
export const UPDATE_EXISTING = 'Update an existing page with this title';

export async function clickPublishButton(page: Page): Promise<void> {
  const button = editorTitleAction(page, PUBLISH_BUTTON_LABEL);
  await button.waitFor();
  await button.click();
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

export async function answerPublishPrompts(page: Page, answers: PromptAnswers): Promise<void> {
  await waitForPrompt(page, /space key/i);
  await quickInputBox(page).fill(answers.space);
  // The space prompt is a quick pick that also lists recent spaces: accept only once the typed one is focused.
  await quickInput(page).locator('.monaco-list-row.focused', { hasText: answers.space }).waitFor();
  await page.keyboard.press('Enter');

  await waitForPrompt(page, /parent page/i);
  if (answers.invalidParentFirst !== undefined) {
    await quickInputBox(page).fill(answers.invalidParentFirst);
    assert.match(await validationError(page), /digit/i, 'a parent page ID that is not all digits is refused inline');
  }
  await answerPrompt(page, answers.parentId);

  await waitForPrompt(page, /title/i);
  assert.equal(await quickInputBox(page).inputValue(), answers.expectedTitle, 'the title prompt is prefilled');
  await page.keyboard.press('Enter');

  await waitForPrompt(page, /already exists|create only/i);
  await pickItem(page, answers.mode);
}
