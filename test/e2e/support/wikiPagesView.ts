// The Wiki Pages view as a person uses it: its section in the Explorer side bar (folded at first), its rows and title
// actions, and the one-letter badges it puts on files in the Explorer.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Locator, Page } from 'playwright-core';
import { explorerRow } from './workbench';

/** The view's section (header and body) in the Explorer. */
export function pagesViewPane(page: Page): Locator {
  return page.locator('.pane', { has: page.locator('.pane-header[aria-label^="Wiki Pages"]') });
}

/** Unfolds the view's section in the Explorer (a click on its header) unless it is open already. */
export async function openPagesView(page: Page): Promise<Locator> {
  const pane = pagesViewPane(page);
  const header = pane.locator('.pane-header').first();
  await header.waitFor();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await pane.locator('.pane-body').waitFor();
  return pane;
}

/** A row of the view whose text (label and description) matches. */
export function pagesViewRow(page: Page, text: string | RegExp): Locator {
  return pagesViewPane(page).locator('.monaco-list-row', { hasText: text }).first();
}

/** An action of the view's title bar, by its label ("Refresh Wiki Pages View"); shown while the pointer is over the view. */
export async function pagesViewAction(page: Page, label: string): Promise<Locator> {
  const pane = pagesViewPane(page);
  await pane.locator('.pane-header').first().hover();
  const action = pane.locator(`.pane-header .actions a.action-label[aria-label^="${label}"]`);
  await action.waitFor();
  return action;
}

/**
 * The badge the Explorer shows on a file, as VS Code renders it: a letter in the ::after content of the label's
 * decoration class; '' when there is none.
 */
export async function explorerBadge(page: Page, fileName: string): Promise<string> {
  const label = explorerRow(page, fileName).locator('.monaco-icon-label').first();
  return label.evaluate((element) => {
    // Runs in the page; the tests compile without the DOM's types.
    const window = globalThis as unknown as { getComputedStyle(element: unknown, pseudo: string): { content: string } };
    const content = window.getComputedStyle(element, '::after').content;
    return content === 'none' || content === 'normal' ? '' : content.replace(/^"|"$/g, '');
  });
}

/** Hovers a row's name and returns its tooltip once it matches (the pointer leaves first, so an old hover closes). */
export async function pagesViewTooltip(page: Page, rowText: string | RegExp, matcher: RegExp): Promise<string> {
  const hover = page.locator('.monaco-hover', { hasText: matcher }).first();
  // A hover that began while the row was drawn again (a refresh re-renders the list) never opens: move away and
  // hover again, a few times, rather than wait out the whole timeout on the first try.
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(0, 0);
    await pagesViewRow(page, rowText).locator('.label-name').first().hover();
    try {
      await hover.waitFor({ timeout: 10_000 });
      return (await hover.innerText()).trim();
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * Pull from Wiki on a row (its action shows while the pointer is over the row), once Pull has asked the wiki for the
 * page (`started`). A click that lands while the view re-renders after a refresh can be lost (seen once in CI): then
 * it is clicked again, never after Pull started, since a second Pull would merge again.
 */
export async function pullFromRow(row: Locator, started: () => boolean): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    await row.hover();
    await row.locator('.actions a.action-label[aria-label^="Pull from Wiki"]').click();
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await sleep(100)) {
      if (started()) return;
    }
  }
  throw new Error('Pull from Wiki did not ask the wiki for the page after three clicks.');
}

/**
 * Refreshes the view, waits for the one page a colleague changed on the wiki, and pulls it from the row of `fileName`,
 * once Pull has exported that page (`exports`: the sandbox's export log).
 */
export async function pullChangedPage(page: Page, fileName: string, exports: ReadonlyArray<{ body: unknown }>, pageId: string): Promise<void> {
  await openPagesView(page);
  await (await pagesViewAction(page, 'Refresh Wiki Pages View')).click();
  await pagesViewRow(page, /Changed on the wiki\s*1/).waitFor();
  const exported = exports.length;
  await pullFromRow(pagesViewRow(page, fileName), () => exports.slice(exported).some((entry) => JSON.stringify(entry.body).includes(pageId)));
}
