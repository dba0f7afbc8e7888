// Issue 9, points 2 and 3: the publish prompts take a page address copied from the browser, go Back without losing
// answers, and offer the parent last used in a space, in the real VS Code against the sandbox wiki.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Sandbox } from '../sandbox/server';
import { ONBOARDING_FILE, ONBOARDING_TITLE, apiGuideBody } from './support/docs';
import { useSessions } from './support/harness';
import {
  CREATE_ONLY, OVERWRITE_PROMPT, PARENT_PROMPT, TITLE_PROMPT, answerPublishPrompts, backButton, chooseSpace, clickPublishButton, promptTitle,
} from './support/publishFlow';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { clearNotifications, notification, notificationMessage, openFile, pickItem, quickInput, quickInputBox, quickInputMessage, quickInputRows, waitForPrompt } from './support/workbench';

const withToken = (sandbox: Sandbox): { envToken: string } => ({ envToken: sandbox.issueToken().token });

/** The documentation home's address as the browser shows it; the host is the wiki's, not the import endpoint's. */
const DOCS_HOME_ADDRESS = 'https://wiki.example.com/wiki/spaces/DOCS/pages/123456/Documentation+home';
/** The home page of another space, ENG. */
const ENG_HOME_ADDRESS = 'https://wiki.example.com/wiki/spaces/ENG/pages/234567/Engineering+home';

/** Where the last import request the sandbox received was to go. */
function lastSentTarget(sandbox: Sandbox): { spaceId: unknown; parentId: unknown; pageTitle: unknown } {
  const body = sandbox.imports.at(-1)?.body;
  const { spaceId, parentId, pageTitle } = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return { spaceId, parentId, pageTitle };
}

async function acceptTitleAndCreate(page: Page): Promise<void> {
  await waitForPrompt(page, TITLE_PROMPT);
  await page.keyboard.press('Enter');
  await waitForPrompt(page, OVERWRITE_PROMPT);
  await pickItem(page, CREATE_ONLY);
}

describe('Publish prompts', function () {
  const sessions = useSessions();

  it('a page address pasted in the parent prompt is accepted and its ID is sent; Escape cancels quietly', async function () {
    const { page, sandbox } = await sessions.start({ files: { 'onboarding.md': ONBOARDING_FILE }, beforeStart: withToken });
    await openFile(page, 'onboarding.md');

    await clickPublishButton(page);
    await chooseSpace(page, 'DOCS');
    await waitForPrompt(page, PARENT_PROMPT);
    await page.keyboard.press('Escape');
    await quickInput(page).waitFor({ state: 'hidden' });
    assert.equal(await page.locator('.notification-toast .codicon-error').count(), 0, 'a cancel is no error');
    assert.equal(sandbox.imports.length, 0, 'and sends nothing');

    await clickPublishButton(page);
    await chooseSpace(page, 'DOCS');
    await waitForPrompt(page, PARENT_PROMPT);
    assert.equal(await promptTitle(page), 'Publish to Wiki (2/4)');
    await quickInputBox(page).fill(DOCS_HOME_ADDRESS);
    await quickInputMessage(page).filter({ hasText: /123456.*address/ }).waitFor();
    await page.keyboard.press('Enter');
    await acceptTitleAndCreate(page);

    await notification(page, SANDBOX_BODIES.created).waitFor();
    assert.deepEqual(lastSentTarget(sandbox), { spaceId: 'DOCS', parentId: '123456', pageTitle: ONBOARDING_TITLE });
    assert.ok(sandbox.findPageByTitle('DOCS', '123456', ONBOARDING_TITLE), 'the page is under the documentation home');
  });

  it('a page address pasted in the space prompt gives the space and the parent, and the parent step is skipped', async function () {
    const { page, sandbox } = await sessions.start({ files: { 'onboarding.md': ONBOARDING_FILE }, beforeStart: withToken });
    await openFile(page, 'onboarding.md');
    await clickPublishButton(page);
    await chooseSpace(page, DOCS_HOME_ADDRESS, 'DOCS under parent 123456');

    await waitForPrompt(page, TITLE_PROMPT);
    assert.equal(await promptTitle(page), 'Publish to Wiki (3/4)', 'the title step keeps its number');
    await page.keyboard.press('Enter');
    await waitForPrompt(page, OVERWRITE_PROMPT);
    await pickItem(page, CREATE_ONLY);

    await notification(page, SANDBOX_BODIES.created).waitFor();
    assert.deepEqual(lastSentTarget(sandbox), { spaceId: 'DOCS', parentId: '123456', pageTitle: ONBOARDING_TITLE });
  });

  it('a parent address from another space says in the prompt that the page moves to that space, and publishes there', async function () {
    const { page, sandbox } = await sessions.start({ files: { 'onboarding.md': ONBOARDING_FILE }, beforeStart: withToken });
    await openFile(page, 'onboarding.md');
    await clickPublishButton(page);
    await chooseSpace(page, 'DOCS');
    await waitForPrompt(page, PARENT_PROMPT);
    await quickInputBox(page).fill(ENG_HOME_ADDRESS);
    const said = quickInputMessage(page).filter({ hasText: 'space ENG' });
    await said.waitFor();
    assert.match(await said.innerText(), /Page 234567 is in space ENG: the page will be published to space ENG, not DOCS\./);
    await page.keyboard.press('Enter');
    await acceptTitleAndCreate(page);

    // The success message says what and where: the page's title and the space it went to.
    const success = notification(page, SANDBOX_BODIES.created);
    await success.waitFor();
    assert.equal(await notificationMessage(success), `Published "${ONBOARDING_TITLE}" to ENG (${SANDBOX_BODIES.created})`);
    assert.deepEqual(lastSentTarget(sandbox), { spaceId: 'ENG', parentId: '234567', pageTitle: ONBOARDING_TITLE });
  });

  it('Back from the title step returns to the parent step, and to the space step, with the answers kept', async function () {
    const { page, sandbox } = await sessions.start({ files: { 'onboarding.md': ONBOARDING_FILE }, beforeStart: withToken });
    await openFile(page, 'onboarding.md');
    await clickPublishButton(page);
    await waitForPrompt(page, /space key/i);
    assert.equal(await promptTitle(page), 'Publish to Wiki (1/4)');
    assert.equal(await backButton(page).count(), 0, 'the first step offers no Back');
    await chooseSpace(page, 'DOCS');
    await waitForPrompt(page, PARENT_PROMPT);
    await quickInputBox(page).fill('123456');
    await page.keyboard.press('Enter');
    await waitForPrompt(page, TITLE_PROMPT);
    await quickInputBox(page).fill('Welcome, edited');

    await backButton(page).click();
    await waitForPrompt(page, PARENT_PROMPT);
    assert.equal(await promptTitle(page), 'Publish to Wiki (2/4)');
    assert.equal(await quickInputBox(page).inputValue(), '123456', 'the parent answer is kept');
    await backButton(page).click();
    await waitForPrompt(page, /space key/i);
    assert.equal(await quickInputBox(page).inputValue(), 'DOCS', 'the space answer is kept');
    await quickInputRows(page).filter({ hasText: 'DOCS' }).first().waitFor();
    await page.keyboard.press('Enter');

    await waitForPrompt(page, PARENT_PROMPT);
    assert.equal(await quickInputBox(page).inputValue(), '123456');
    await page.keyboard.press('Enter');
    await waitForPrompt(page, TITLE_PROMPT);
    // Back left before the title was accepted: the title step opens with the file's title again.
    assert.equal(await quickInputBox(page).inputValue(), ONBOARDING_TITLE);
    await page.keyboard.press('Enter');
    await waitForPrompt(page, OVERWRITE_PROMPT);
    await pickItem(page, CREATE_ONLY);

    await notification(page, SANDBOX_BODIES.created).waitFor();
    assert.deepEqual(lastSentTarget(sandbox), { spaceId: 'DOCS', parentId: '123456', pageTitle: ONBOARDING_TITLE });
  });

  it('the parent last used in a space is offered the next time', async function () {
    const files = { 'onboarding.md': ONBOARDING_FILE, 'api-guide.md': apiGuideBody('API guide') };
    const { page, sandbox } = await sessions.start({ files, beforeStart: withToken });
    await openFile(page, 'onboarding.md');
    await clickPublishButton(page);
    await answerPublishPrompts(page, { space: 'DOCS', parentId: '123456', expectedTitle: ONBOARDING_TITLE, mode: CREATE_ONLY });
    await notification(page, SANDBOX_BODIES.created).waitFor();
    await clearNotifications(page);

    await openFile(page, 'api-guide.md');
    await clickPublishButton(page);
    await waitForPrompt(page, /space key/i);
    await quickInputRows(page).filter({ hasText: /DOCS[\s\S]*last parent 123456/ }).waitFor();
    await chooseSpace(page, 'DOCS');
    await waitForPrompt(page, PARENT_PROMPT);
    assert.equal(await quickInputBox(page).inputValue(), '123456', 'prefilled with the last parent in DOCS');
    assert.match(await quickInputMessage(page).innerText(), /last used in space DOCS/);
    await page.keyboard.press('Enter');
    await acceptTitleAndCreate(page);

    await notification(page, SANDBOX_BODIES.created).waitFor();
    assert.deepEqual(lastSentTarget(sandbox), { spaceId: 'DOCS', parentId: '123456', pageTitle: 'API guide' });
  });
});
