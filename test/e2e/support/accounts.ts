// The export API sign-in as a person does it: the palette command opens the identity provider's page in a
// new browser tab, where they decide; and the two places the workbench shows the session afterwards, the
// Accounts menu of the activity bar and the status bar item's tooltip.
import type { Locator, Page } from 'playwright-core';
import { UI_TIMEOUT_MS, notification, runCommand, tokenStatusItem } from './workbench';

export const SIGN_IN_COMMAND = 'Wiki: Sign In to Export API';
export const SIGN_OUT_COMMAND = 'Wiki: Sign Out of Export API';
/** The authentication provider's label; the Accounts menu lists a session as "<account> (<label>)". */
export const EXPORT_PROVIDER_LABEL = 'Wiki Export API';
/** The extension's loopback callback page after a successful sign-in. */
export const SIGNED_IN_PAGE_TEXT = 'You can close this tab and return to VS Code.';

/**
 * Runs "Sign In to Export API" and returns the tab `vscode.env.openExternal` opened (code-server opens a new
 * browser tab, which Playwright reports as a new page of the same context). The identity provider is not a
 * trusted domain, so VS Code first asks "Do you want code-server to open the external website?", showing the
 * address; the person checks it and presses Open. That address is returned too.
 */
export async function startSignIn(page: Page): Promise<{ authPage: Page; confirmedUrl: string }> {
  // The palette lists an extension's commands once the extension host has reported it; its status bar item
  // shows it has (a palette opened earlier would not list the command, and does not refresh its list).
  await tokenStatusItem(page).waitFor();
  const opened = page.context().waitForEvent('page', { timeout: UI_TIMEOUT_MS });
  await runCommand(page, SIGN_IN_COMMAND);
  const dialog = page.locator('.monaco-dialog-box', { hasText: 'open the external website' });
  await dialog.waitFor();
  const confirmedUrl = (await dialog.locator('.dialog-message-detail').innerText()).trim();
  await dialog.locator('.monaco-button', { hasText: /^Open$/ }).click();
  const authPage = await opened;
  await authPage.waitForLoadState('domcontentloaded');
  return { authPage, confirmedUrl };
}

/**
 * Closes the authorization tab and returns to the workbench's tab, as a person does after the "you can close
 * this tab" page. (A background tab gets no animation frames, so the workbench renders its notifications only
 * once it is in front again.)
 */
export async function backToWorkbench(authPage: Page, workbench: Page): Promise<void> {
  await authPage.close();
  await workbench.bringToFront();
}

/** The Accounts button at the bottom of the activity bar. */
/** Signs in to the export API through the sandbox's approval page and waits for the extension to say so. */
export async function signInApproved(page: Page): Promise<void> {
  const { authPage } = await startSignIn(page);
  await authPage.getByRole('button', { name: 'Approve' }).click();
  await authPage.getByText(SIGNED_IN_PAGE_TEXT).waitFor();
  await backToWorkbench(authPage, page);
  await notification(page, /Signed in to the export API/).waitFor();
}

export function accountsButton(page: Page): Locator {
  return page.locator('.activitybar .action-item .action-label.codicon-accounts-view-bar-icon');
}

/** The open context menu's items (VS Code renders menus in a shadow root, which Playwright's CSS pierces). */
function menuItems(page: Page): Locator {
  return page.locator('.monaco-menu .action-item');
}

/** Settles after the workbench has painted twice: everything a click started without I/O has happened by then. */
const TWO_FRAMES = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))';

/**
 * The labels the Accounts menu lists; [] when it lists nothing, in which case VS Code opens no menu at all.
 * The menu is built on the click from what the workbench already knows (no round trip), so it is up by the
 * second frame after the click or not coming. The workbench learns about session changes from the extension
 * host asynchronously, so a caller waiting for a change opens it again until the change shows
 * (waitForAccountsMenu).
 */
export async function accountsMenuLabels(page: Page): Promise<string[]> {
  const menu = page.locator('.monaco-menu').first();
  await accountsButton(page).click();
  await page.evaluate(TWO_FRAMES);
  if (!(await menu.isVisible())) return [];
  const labels = (await menuItems(page).allInnerTexts()).map((text) => text.trim()).filter((text) => text !== '');
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return labels;
}

/** Opens the Accounts menu until its labels satisfy `accept`; returns the labels seen last. */
export async function waitForAccountsMenu(page: Page, accept: (labels: string[]) => boolean, timeoutMs = UI_TIMEOUT_MS): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let labels = await accountsMenuLabels(page);
  while (!accept(labels) && Date.now() < deadline) {
    // Each round trip waits for the menu to render and close, so this is paced by the UI, not by a sleep.
    labels = await accountsMenuLabels(page);
  }
  return labels;
}

/** Hovers the token status item and returns its tooltip once it matches. */
export async function statusTooltip(page: Page, matcher: RegExp): Promise<string> {
  const hover = page.locator('.monaco-hover', { hasText: matcher });
  // Move away first so a tooltip rendered before the change does not stay up.
  await page.mouse.move(0, 0);
  await tokenStatusItem(page).hover();
  await hover.first().waitFor({ state: 'visible' });
  return (await hover.first().innerText()).trim();
}
