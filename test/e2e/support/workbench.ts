// Drives the VS Code workbench the way a person does: the command palette, quick open, the editor title
// actions, quick input, notifications and the status bar. Every helper waits for an element or a
// condition; none sleeps for a fixed time.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

export const UI_TIMEOUT_MS = 30_000;

/** Polls a condition the test cannot wait on as an element (a request the extension makes in the background). */
export async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.ok(condition(), what);
}

const QUICK_INPUT = '.quick-input-widget';
const STATUS_BAR = '#workbench\\.parts\\.statusbar';

export function quickInput(page: Page): Locator {
  return page.locator(QUICK_INPUT);
}

export function quickInputBox(page: Page): Locator {
  return page.locator(`${QUICK_INPUT} .quick-input-box input`);
}

/** The rows the quick input currently lists (commands, files, quick pick items). */
export function quickInputRows(page: Page): Locator {
  return page.locator(`${QUICK_INPUT} .monaco-list-row`);
}

export async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator(STATUS_BAR).waitFor({ timeout: 60_000 });
}

/** Opens the command palette with F1 and types a query (without the leading ">"). */
export async function openCommandPalette(page: Page, query: string): Promise<void> {
  await page.keyboard.press('F1');
  await quickInputBox(page).waitFor({ state: 'visible' });
  await quickInputBox(page).fill(`>${query}`);
}

/** Runs a command by its palette title, e.g. "Wiki: Publish to Wiki". */
export async function runCommand(page: Page, title: string): Promise<void> {
  await openCommandPalette(page, title);
  // Enter runs the focused row, so wait until the focused row is the command asked for.
  await page.locator(`${QUICK_INPUT} .monaco-list-row.focused`, { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/**
 * Opens a top-level workspace file by clicking it in the Explorer. (Quick open's file search needs
 * ripgrep, which the offline code-server install does not have.)
 */
export async function openFile(page: Page, fileName: string): Promise<void> {
  const row = page.locator('.explorer-folders-view .monaco-list-row').filter({ has: page.getByText(fileName, { exact: true }) });
  await row.first().click();
  await activeTab(page, fileName).waitFor();
  await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().waitFor();
}

export function activeTab(page: Page, fileName: string): Locator {
  return page.locator(`.tabs-container .tab.active[aria-label^="${fileName}"]`);
}

/** An action button in the active editor's title bar, found by its accessible label. */
export function editorTitleAction(page: Page, label: string): Locator {
  return page.locator(editorTitleActionSelector(label));
}

function editorTitleActionSelector(label: string): string {
  return `.editor-group-container.active .editor-actions a.action-label[aria-label^="${label}"]`;
}

/**
 * Clicks an editor title action and makes sure the click reached it. The title bar re-renders when the editor's
 * context changes (a file just opened, an extension activating); a press that starts on the old button and ends on
 * the new one is no click at all, and the test would wait for an answer to a command that never ran. A capturing
 * listener counts clicks that land on a live button matching the selector; only when none landed is the click
 * repeated, so a command never runs twice.
 */
export async function clickEditorTitleAction(page: Page, label: string): Promise<void> {
  const selector = editorTitleActionSelector(label);
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.locator(selector).waitFor();
    const before = await page.evaluate<number>(watchClicksOn(selector));
    await page.locator(selector).click();
    const landed = await page.evaluate<number>('window.e2eClickWatch.landed');
    if (landed > before) return;
    console.log(`      [e2e] the click on "${label}" did not reach the button (attempt ${attempt}); clicking again`);
  }
  assert.fail(`three clicks on the editor title action "${label}" never reached it`);
}

/** Browser code (the test project has no DOM types): one capturing listener, told which selector to count. */
function watchClicksOn(selector: string): string {
  return `(() => {
    if (!window.e2eClickWatch) {
      const watch = { selector: '', landed: 0 };
      window.e2eClickWatch = watch;
      document.addEventListener('click', (event) => {
        const target = event.target instanceof Element ? event.target.closest(watch.selector) : null;
        if (target && target.isConnected) watch.landed++;
      }, { capture: true });
    }
    window.e2eClickWatch.selector = ${JSON.stringify(selector)};
    return window.e2eClickWatch.landed;
  })()`;
}

/** Waits until the quick input shows a prompt whose title, message or placeholder matches. */
export async function waitForPrompt(page: Page, matcher: RegExp): Promise<void> {
  const widget = page.locator(QUICK_INPUT);
  const byText = widget.filter({ hasText: matcher });
  const byPlaceholder = widget.getByPlaceholder(matcher);
  await byText.or(byPlaceholder).first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

/** Answers the current input box prompt. */
export async function answerPrompt(page: Page, value: string): Promise<void> {
  await quickInputBox(page).fill(value);
  await page.keyboard.press('Enter');
}

/** Picks a quick pick item by its label. */
export async function pickItem(page: Page, label: string): Promise<void> {
  const row = quickInputRows(page).filter({ hasText: label }).first();
  await row.waitFor();
  await row.click();
}

/** The quick input's message line: an input box's prompt, or its validateInput result when one is shown. */
export function quickInputMessage(page: Page): Locator {
  return page.locator(`${QUICK_INPUT} .quick-input-message`);
}

/** Waits for the input box to show a validation error and returns its message. */
export async function validationError(page: Page): Promise<string> {
  // VS Code marks the box with the message's severity; the prompt alone leaves it unmarked.
  await page.locator(`${QUICK_INPUT} .quick-input-box .monaco-inputbox.error`).waitFor();
  return (await quickInputMessage(page).innerText()).trim();
}

/** A notification toast whose text matches. */
export function notification(page: Page, text: string | RegExp): Locator {
  return page.locator('.notification-toast', { hasText: text });
}

export function notificationButton(toast: Locator, label: string): Locator {
  return toast.locator('.monaco-button', { hasText: label });
}

/** The full message text of a toast (VS Code may show it on one line, with "..." for long ones). */
export async function notificationMessage(toast: Locator): Promise<string> {
  return (await toast.locator('.notification-list-item-message').innerText()).trim();
}

/**
 * Opens the notification center. VS Code shows at most three toasts per 800 ms and drops the rest as toasts
 * (they still reach the center), so a step that follows earlier notifications closely reads the center,
 * where every notification lands; toasts are not shown while the center is open.
 */
export async function openNotificationCenter(page: Page): Promise<void> {
  await runCommand(page, 'Notifications: Show Notifications');
  await page.locator('.notifications-center.visible').waitFor();
}

/**
 * Waits until the notification center shows a notification whose text matches, opening the center again whenever
 * VS Code has closed it: the center closes itself when its last notification goes, as when a run's progress ends a
 * moment before its result arrives, and the result then shows as a toast only.
 */
export async function waitForCenterNotification(page: Page, text: string | RegExp): Promise<Locator> {
  const item = centerNotification(page, text).first();
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    if (!(await page.locator('.notifications-center.visible').isVisible())) await openNotificationCenter(page);
    try {
      await item.waitFor({ timeout: 2_000 });
      return item;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/** A notification in the open notification center whose text matches. */
export function centerNotification(page: Page, text: string | RegExp): Locator {
  return page.locator('.notifications-center .notification-list-item', { hasText: text });
}

export async function clearNotifications(page: Page): Promise<void> {
  await runCommand(page, 'Notifications: Clear All Notifications');
  await page.locator('.notification-toast').first().waitFor({ state: 'detached' });
}

/** The extension's token status bar item (VS Code prefixes the item id with the extension id). */
export function tokenStatusItem(page: Page): Locator {
  return page.locator(`${STATUS_BAR} [id$="wikiPublisher.tokenStatus"]`);
}

/** A row of the Explorer, by the file or folder name it shows. */
export function explorerRow(page: Page, name: string): Locator {
  return page.locator('.explorer-folders-view .monaco-list-row').filter({ has: page.getByText(name, { exact: true }) }).first();
}

/**
 * Right-clicks the row and runs Publish to Wiki from its context menu. VS Code's context menu acts on the highlighted
 * item with Enter (a synthetic click on it may not reach it).
 */
export async function publishFromExplorer(page: Page, name: string): Promise<void> {
  await explorerRow(page, name).click({ button: 'right' });
  await page.locator('.monaco-menu .action-item', { hasText: 'Publish to Wiki' }).first().hover();
  await page.keyboard.press('Enter');
}

/** A folder asks "as a page tree or flat pages": answers it. */
export async function publishFolderAs(page: Page, name: string, shape: 'As a page tree' | 'As flat pages'): Promise<void> {
  await publishFromExplorer(page, name);
  await waitForPrompt(page, /page tree or as flat pages/);
  await pickItem(page, shape);
}

/** A folder the repository records as a page tree (its .wiki-pages.json, or one above that records it) goes as that tree, unasked. */
export async function publishRecordedTree(page: Page, name: string): Promise<void> {
  await publishFromExplorer(page, name);
}
