// The Settings editor (Preferences: Open Settings (UI)) as a person uses it: search, read a setting's value
// and validation message, type into it. And the user settings file it writes, read from disk.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { UI_TIMEOUT_MS, runCommand } from './workbench';

export async function openSettingsEditor(page: Page): Promise<void> {
  await runCommand(page, 'Preferences: Open Settings (UI)');
  await settingsSearch(page).waitFor();
}

function settingsSearch(page: Page): Locator {
  return page.locator('.settings-editor .settings-header .suggest-input-container');
}

/** Types into the Settings editor's search box (a small editor, so it takes key presses, not fill()). */
export async function searchSettings(page: Page, query: string): Promise<void> {
  await settingsSearch(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(query);
}

/** One setting's row in the Settings editor's list, by its ID. */
export function settingItem(page: Page, id: string): Locator {
  return page.locator(`.settings-editor .setting-item-contents[data-key="${id}"]`);
}

export function settingInput(page: Page, id: string): Locator {
  return settingItem(page, id).locator('.setting-item-control input');
}

function validationElement(page: Page, id: string): Locator {
  return settingItem(page, id).locator('.setting-item-validation-message');
}

/**
 * The validation message shown under a setting, in red; '' when none is shown. (VS Code hides the element
 * rather than emptying it once the value is valid again.)
 */
export async function validationMessage(page: Page, id: string): Promise<string> {
  const element = validationElement(page, id);
  return (await element.isVisible()) ? (await element.innerText()).trim() : '';
}

/** Waits until a setting shows no validation message (VS Code updates it a moment after each key press). */
export async function waitForNoValidationMessage(page: Page, id: string): Promise<void> {
  await validationElement(page, id).waitFor({ state: 'hidden' });
}

/** Replaces a text setting's value by selecting all and typing, as a person does ('' clears it). */
export async function typeIntoSetting(page: Page, id: string, value: string): Promise<void> {
  const input = settingInput(page, id);
  await input.click();
  await page.keyboard.press('ControlOrMeta+A');
  if (value === '') await page.keyboard.press('Backspace');
  else await page.keyboard.type(value);
}

/**
 * Replaces a text setting's value as pasting does, in one input event. (Typed key by key, the Settings editor
 * writes after each pause, and in code-server a write sometimes re-renders the row under the typing hands,
 * dropping the keys typed since: clientId, a setting without any validation, loses them too.)
 */
export async function pasteIntoSetting(page: Page, id: string, value: string): Promise<void> {
  const input = settingInput(page, id);
  await input.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(value);
}

export function userSettingsFile(userDataDir: string): string {
  return path.join(userDataDir, 'User', 'settings.json');
}

export function readUserSettings(userDataDir: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(userSettingsFile(userDataDir), 'utf8')) as Record<string, unknown>;
}

/**
 * Waits until the user settings file satisfies `accept` (the Settings editor writes a moment after typing,
 * and the file has no event a test can wait on); returns the settings read last.
 */
export async function waitForUserSettings(
  userDataDir: string,
  accept: (settings: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  const file = userSettingsFile(userDataDir);
  const deadline = Date.now() + UI_TIMEOUT_MS;
  let settings = readUserSettingsOrNothing(userDataDir);
  while (!(settings && accept(settings)) && Date.now() < deadline) {
    await new Promise<void>((resolve) => {
      const watcher = fs.watch(file, () => finish());
      const timer = setTimeout(finish, 500);
      function finish(): void {
        watcher.close();
        clearTimeout(timer);
        resolve();
      }
    });
    settings = readUserSettingsOrNothing(userDataDir);
  }
  return settings ?? readUserSettings(userDataDir);
}

/** undefined while the file is being rewritten (empty or half written). */
function readUserSettingsOrNothing(userDataDir: string): Record<string, unknown> | undefined {
  try {
    return readUserSettings(userDataDir);
  } catch {
    return undefined;
  }
}
