// What a new user meets: the Welcome page, installing the .vsix from the Command Palette, the Get Started
// walkthrough VS Code opens for a freshly installed extension, and the extension's page in the Extensions view.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { extensionId, testResultsDir } from './paths';
import { UI_TIMEOUT_MS, notification, openCommandPalette, quickInput, quickInputBox, quickInputRows } from './workbench';

export const WALKTHROUGH_ID = `${extensionId}#gettingStarted`;

/**
 * User settings of a person starting VS Code for the first time: the Welcome page opens at start-up and
 * walkthroughs open on install (VS Code's defaults, which the other scenarios switch off), and no import
 * endpoint is configured (undefined leaves the setting out of settings.json). Reduced motion: a walkthrough step
 * takes the focus when its expand animation ends, which would close the prompt a step's button had opened if the
 * button is pressed within the animation, as a test does (a person reads the step first).
 */
export const FIRST_RUN_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'welcomePage',
  'workbench.welcomePage.walkthroughs.openOnInstall': true,
  'workbench.reduceMotion': 'on',
  'wikiPublisher.importEndpoint': undefined,
};

/**
 * Waits for the Welcome page and closes it, as most people do. (VS Code creates its walkthrough service for the
 * Welcome page; a walkthrough is opened on install only by a service that saw the install. On a first day
 * code-server's Welcome page shows its own setup walkthrough, and VS Code does not replace a walkthrough
 * someone is reading.)
 */
export async function closeWelcomePage(page: Page): Promise<void> {
  const welcome = page.locator('.gettingStartedContainer');
  await welcome.waitFor({ timeout: UI_TIMEOUT_MS });
  await page.locator('.tabs-container .tab.active .tab-actions .action-label.codicon-close').click();
  await welcome.waitFor({ state: 'detached' });
}

/**
 * Runs "Extensions: Install from VSIX...", types the package's path into the file dialog and installs it.
 * The dialog lists the package's folder in a virtualised list, so a row below the fold is never drawn: the package
 * is offered from a folder of its own, where it is the only row after "..", whatever the repository's root holds.
 */
export async function installVsixFromPalette(page: Page, vsixPackage: string): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'wiki-publisher-vsix-'));
  try {
    const vsixFile = path.join(folder, path.basename(vsixPackage));
    await copyFile(vsixPackage, vsixFile);
    await installFromDialog(page, vsixFile);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function installFromDialog(page: Page, vsixFile: string): Promise<void> {
  await openCommandPalette(page, 'Install from VSIX');
  // The title ends with an ellipsis character, so match the start only.
  await quickInput(page).locator('.monaco-list-row.focused', { hasText: 'Extensions: Install from VSIX' }).waitFor();
  await page.keyboard.press('Enter');
  // code-server's file dialog is a quick input that lists a folder; typing before it has listed its first
  // folder loses the typed path, so wait for the parent-folder row.
  await quickInputRows(page).filter({ hasText: /^\.\.$/ }).first().waitFor();
  await quickInputBox(page).fill(vsixFile);
  const fileName = vsixFile.split('/').pop() ?? vsixFile;
  await quickInputRows(page).filter({ hasText: fileName }).first().waitFor();
  await page.keyboard.press('Enter');
  await notification(page, 'Completed installing extension').waitFor({ timeout: UI_TIMEOUT_MS });
}

/** The open walkthrough's title element, once the walkthrough is shown. */
export function walkthroughTitle(page: Page, walkthroughId = WALKTHROUGH_ID): Locator {
  // The slide's heading (an h2); the list of walkthroughs on the Welcome page has an h3 with the same attribute.
  return page.locator(`.gettingStartedContainer h2[x-category-title-for="${walkthroughId}"]`);
}

/** The walkthrough's steps as the page lists them (title and whether VS Code shows it done). */
export async function walkthroughSteps(page: Page): Promise<Array<{ title: string; done: boolean }>> {
  const steps = page.locator('.gettingStartedContainer .gettingStartedSlideDetails .getting-started-step');
  return steps.evaluateAll((elements) =>
    elements.map((element) => ({
      title: (element.querySelector('.step-title')?.textContent ?? '').trim(),
      done: element.getAttribute('aria-checked') === 'true',
    })));
}

/** A step VS Code shows as done (its check box ticked), by its title. */
export function doneStep(page: Page, title: string): Locator {
  return page.locator('.gettingStartedContainer .getting-started-step[aria-checked="true"]', { has: page.locator('.step-title', { hasText: title }) });
}

/** Expands a step by its title and returns the step element. */
export async function expandStep(page: Page, title: string): Promise<Locator> {
  const step = page.locator('.gettingStartedContainer .getting-started-step', { has: page.locator('.step-title', { hasText: title }) });
  const expanded = step.and(page.locator('[aria-expanded="true"]'));
  // A click selects a step, or collapses the one selected: when VS Code moved on to this step by itself after the
  // previous one was done, without showing it expanded, the first click collapses it and the second expands it.
  // (The page sets the attribute in the click handler, so it is current once click() returns.)
  await step.click();
  if (!(await expanded.isVisible())) await step.click();
  await expanded.waitFor();
  await step.locator('.step-description-container .monaco-button').first().waitFor();
  return step;
}

/** Expands a step and presses its button (a click event delivered to the button, wherever the list has scrolled it). */
export async function pressStepButton(page: Page, stepTitle: string, buttonLabel: string): Promise<void> {
  const step = await expandStep(page, stepTitle);
  await step.locator('.monaco-button', { hasText: buttonLabel }).dispatchEvent('click');
}

/** Opens the installed extension's page from the Installed list of the Extensions view. */
export async function openInstalledExtensionPage(page: Page, displayName: string): Promise<void> {
  await page.locator('.activitybar .action-label.codicon-extensions-view-icon').click();
  const row = page.locator('.extensions-viewlet .monaco-list-row', { has: page.locator('.name', { hasText: displayName }) });
  await row.first().click();
  await page.locator('.extension-editor .header .name', { hasText: displayName }).waitFor();
}

/**
 * The frame of the extension page's Details tab: VS Code renders the README in a webview, an iframe inside an
 * iframe; the inner document is the one whose body holds the rendered Markdown.
 */
export async function readmeFrame(page: Page, heading: string): Promise<Frame> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    for (const frame of page.frames()) {
      const found = await frame.locator('h1', { hasText: heading }).count().catch(() => 0);
      if (found > 0) return frame;
    }
    if (Date.now() > deadline) throw new Error(`No webview frame shows the README heading "${heading}"`);
    // Webview frames attach asynchronously; the next frame event (or a paint) brings the one wanted.
    await page.waitForEvent('framenavigated', { timeout: 1_000 }).catch(() => undefined);
  }
}

/** The part of an <img> element the check reads (the tests compile without the DOM's types). */
interface ImageElement {
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
  src: string;
  addEventListener(type: 'load' | 'error', listener: () => void): void;
}

/** Waits until the browser has loaded an image of the README, or given up on it; returns its natural size (0 if broken). */
export async function loadedImageSize(frame: Frame, altText: string): Promise<{ width: number; height: number; src: string }> {
  const image = frame.locator(`img[alt="${altText}"]`);
  await image.waitFor({ state: 'attached' });
  // `complete` is true once loading has ended either way; otherwise one of the two events is still to come.
  await image.evaluate((img: ImageElement): Promise<void> | undefined => img.complete ? undefined : new Promise<void>((resolve) => {
    img.addEventListener('load', () => resolve());
    img.addEventListener('error', () => resolve());
  }));
  return image.evaluate((img: ImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight, src: img.src.slice(0, 40) }));
}

/**
 * Keeps a picture of what the scenario showed under test-results/first-run/, passed or not: these screens are
 * what a new user sees first, and a person looks at them after changing the walkthrough, the settings or the README.
 */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(testResultsDir, 'first-run', `${name}.png`) });
}
