// Scenarios 3, 4, 5 and 10: publishing from the editor, as a person does it, against the sandbox wiki.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Sandbox } from '../sandbox/server';
import { apartFromNotice } from '../sandbox/sandboxWiki';
import {
  DOCS_HOME, ONBOARDING_BODY, ONBOARDING_FILE, ONBOARDING_TITLE, UPDATED_ONBOARDING_BODY, UPDATED_ONBOARDING_FILE, apiGuideBody,
  targetedFile,
} from './support/docs';
import { useSessions } from './support/harness';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { CREATE_ONLY, answerPublishPrompts, clickPublishButton } from './support/publishFlow';
import {
  centerNotification, clearNotifications, notification, notificationButton, notificationMessage, openFile, openNotificationCenter, quickInput,
  runCommand, waitForCenterNotification,
} from './support/workbench';

const withToken = (sandbox: Sandbox): { envToken: string } => ({ envToken: sandbox.issueToken().token });

/** The content of the last import request the sandbox received, apart from the publish notice that ends it. */
function lastSentContent(sandbox: Sandbox): unknown {
  const body = sandbox.imports.at(-1)?.body;
  const content = typeof body === 'object' && body !== null ? (body as { content?: unknown }).content : undefined;
  return typeof content === 'string' ? apartFromNotice(content).text : content;
}

describe('Publish', function () {
  const sessions = useSessions();

  it('3. publishes a new page with the editor title button, answering the prompts', async function () {
    const { page, sandbox } = await sessions.start({ files: { 'onboarding.md': ONBOARDING_FILE }, beforeStart: withToken });
    await openFile(page, 'onboarding.md');
    await clickPublishButton(page);
    await answerPublishPrompts(page, {
      ...DOCS_HOME, space: 'DOCS', expectedTitle: ONBOARDING_TITLE, mode: CREATE_ONLY, invalidParentFirst: 'home',
    });

    const success = notification(page, SANDBOX_BODIES.created);
    await success.waitFor();
    assert.equal(await notificationMessage(success), `Published "${ONBOARDING_TITLE}" to DOCS (${SANDBOX_BODIES.created})`, 'what and where, then the sandbox body verbatim');
    // Not signed in, the page's address is unknown: Copy Target copies where the page is, and says so.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await notificationButton(success, 'Copy Target').click();
    await notification(page, `Copied where "${ONBOARDING_TITLE}" is published`).waitFor();
    assert.equal(await page.evaluate<string>('navigator.clipboard.readText()'), `space DOCS, parent page 123456, title "${ONBOARDING_TITLE}"`);
    const created = sandbox.findPageByTitle('DOCS', '123456', ONBOARDING_TITLE);
    assert.ok(created, 'the sandbox holds the page');
    assert.equal(created.markdown, ONBOARDING_BODY, 'exactly the file\'s Markdown, front matter removed');
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [201]);
  });

  it('4. publishing the file again updates its page: no question, no error; another file with that title gets Overwrite', async function () {
    const files = { 'onboarding.md': ONBOARDING_FILE, 'copy.md': ONBOARDING_FILE };
    const { page, sandbox, workspaceDir } = await sessions.start({ files, beforeStart: withToken });
    await openFile(page, 'onboarding.md');
    await clickPublishButton(page);
    await answerPublishPrompts(page, { ...DOCS_HOME, space: 'DOCS', expectedTitle: ONBOARDING_TITLE, mode: CREATE_ONLY });
    await notification(page, SANDBOX_BODIES.created).waitFor();

    // The file changes on disk (as after a git pull); the open editor picks the change up.
    fs.writeFileSync(path.join(workspaceDir, 'onboarding.md'), UPDATED_ONBOARDING_FILE);
    await page.locator('.editor-group-container.active .view-lines', { hasText: 'Second week' }).waitFor();
    // The earlier notifications came moments ago: read this step's in the center (see openNotificationCenter).
    await clearNotifications(page);
    await openNotificationCenter(page);
    await clickPublishButton(page);
    // The center closes when the progress, its last notification, ends before the answer comes: a toast then.
    const updated = notification(page, SANDBOX_BODIES.updated).or(centerNotification(page, SANDBOX_BODIES.updated)).first();
    await updated.or(quickInput(page).filter({ visible: true })).first().waitFor();
    assert.equal(await quickInput(page).isVisible(), false, 'republishing its own page asks nothing');
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [201, 200], 'updated, never "already exists"');
    const pages = sandbox.pages().filter((candidate) => candidate.title === ONBOARDING_TITLE && !candidate.deleted);
    assert.equal(pages.length, 1, 'still one page');
    assert.equal(pages[0]?.markdown, UPDATED_ONBOARDING_BODY, 'the page has the new content');

    // A file that never published this page is not its owner: create only, "already exists", and Overwrite on request.
    await clearNotifications(page);
    await openFile(page, 'copy.md');
    await openNotificationCenter(page);
    await clickPublishButton(page);
    await answerPublishPrompts(page, { ...DOCS_HOME, space: 'DOCS', expectedTitle: ONBOARDING_TITLE, mode: CREATE_ONLY });
    // Clicking the title button may close the center again: the answer shows as a toast or in the center.
    const exists = notification(page, /already exists/i).or(centerNotification(page, /already exists/i)).first();
    await exists.waitFor();
    assert.ok((await notificationMessage(exists)).includes(SANDBOX_BODIES.exists), 'the sandbox body is shown');
    await notificationButton(exists, 'Overwrite').click();
    // Every notification lands in the center, whether or not it was shown as a toast.
    await waitForCenterNotification(page, SANDBOX_BODIES.updated);
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [201, 200, 400, 200]);
  });

  it('5. a file with wiki: front matter publishes without prompts', async function () {
    const target = { ...DOCS_HOME, pageTitle: 'API guide' };
    const { page, sandbox } = await sessions.start({ files: { 'api-guide.md': targetedFile(target) }, beforeStart: withToken });
    await openFile(page, 'api-guide.md');
    // The palette offers Publish to Wiki where the focus is in a Markdown editor (editorLangId); a click in the Explorer
    // may leave the focus there, so put it in the editor, as a person does by clicking into the text.
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    await runCommand(page, 'Wiki: Publish to Wiki');
    // Whichever comes first: the result, or a prompt that should not be there (reported with its text).
    const success = notification(page, SANDBOX_BODIES.created);
    await success.or(quickInput(page).filter({ visible: true })).first().waitFor();
    const prompt = (await quickInput(page).isVisible()) ? await quickInput(page).innerText() : '';
    assert.equal(prompt, '', 'publishing asked a question although the front matter names the target');
    await success.waitFor();
    assert.equal(sandbox.findPageByTitle('DOCS', '123456', 'API guide')?.markdown, apiGuideBody('API guide'));
    assert.equal(lastSentContent(sandbox), apiGuideBody('API guide'), 'the front matter block is not sent');
  });

  it('10. a whitespace-only file is refused before any request reaches the sandbox', async function () {
    const { page, sandbox } = await sessions.start({ files: { 'blank.md': '  \n\n\t\n   \n' }, beforeStart: withToken });
    await openFile(page, 'blank.md');
    await clickPublishButton(page);
    await notification(page, /nothing to publish|empty/i).filter({ has: page.locator('.codicon-error') }).waitFor();
    assert.equal(await quickInput(page).isVisible(), false, 'no prompt for a file that cannot be published');
    assert.equal(sandbox.imports.length, 0, 'no request was sent');
  });
});
