// Republishing safely (issue 8), signed in to the export API: Open Page after a publish, the edit guard's warning
// after a colleague's edit on the wiki with Compare opening the diff editor, the guard when the wiki or the sign-in
// cannot be read, and Open Wiki Page as Markdown, save, publish updating the same page.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator } from 'playwright-core';
import { signInApproved as signIn } from './support/accounts';
import { colleaguePublishes, DOCS_HOME } from './support/docs';
import { useSessions } from './support/harness';
import type { Session } from './support/session';
import type { Idp, IdpOptions } from '../sandbox/idp';
import { chooseSpace, clickPublishButton, PARENT_PROMPT, promptTitle, TITLE_PROMPT } from './support/publishFlow';
import { TITLE, FILE, appendToEditor, openPageFrom, wikiPage } from './support/republishing';
import { publishFromCi } from './support/ciPublish';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { activeTab, answerPrompt, notification, notificationButton, openFile, quickInput, quickInputBox, runCommand, waitForPrompt, waitForWorkbench, waitUntil } from './support/workbench';

describe('Republishing, signed in to the export API', function () {
  const sessions = useSessions();

  it('Open Page opens the published page; after an edit on the wiki the guard warns and Compare shows both sides', async function () {
    const session = await sessions.start({ files: { 'release-notes.md': FILE }, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page } = session;
    await signIn(page);
    await openFile(page, 'release-notes.md');
    await clickPublishButton(page);
    const created = notification(page, SANDBOX_BODIES.created);
    await created.waitFor();

    // Open Page waits for the page's identity (found through the platform's page routes) and opens its address.
    const pageTab = await openPageFrom(page, created);
    const published = wikiPage(session, TITLE);
    assert.match(pageTab.url(), new RegExp(`^http://\\[::1\\]:\\d+/wiki/spaces/DOCS/pages/${published.id}/Release\\+notes$`), 'the page\'s own address on the wiki');
    await pageTab.close();
    await page.bringToFront();

    // A colleague edits the page on the wiki; then the writer edits the file and publishes again.
    session.sandbox.editPageOnWiki(published.id, `# ${TITLE}\n\nA colleague's correction.\n`);
    await openFile(page, 'release-notes.md');
    await appendToEditor(page, '\nMy second paragraph.\n');
    await clickPublishButton(page);
    const warning = page.locator('.monaco-dialog-box', { hasText: 'was changed on the wiki' });
    await warning.waitFor();
    assert.match(await warning.innerText(), /version 2/, 'the versions are named');
    assert.equal(session.sandbox.imports.length, 1, 'nothing was sent before the writer decided');

    await warning.locator('.monaco-button', { hasText: /^Compare$/ }).click();
    const diff = page.locator('.editor-group-container.active .monaco-diff-editor');
    await diff.waitFor();
    await activeTab(page, `${TITLE} (wiki) ↔ release-notes.md`).waitFor();
    await diff.locator('.editor.original .view-lines', { hasText: 'A colleague\'s correction.' }).waitFor();
    await diff.locator('.editor.modified .view-lines', { hasText: 'My second paragraph.' }).waitFor();
    assert.equal(session.sandbox.imports.length, 1, 'Compare sends nothing');
    assert.match(wikiPage(session, TITLE).markdown, /colleague/, 'the colleague\'s edit is still on the wiki');
  });

  it('a file published before signing in is still guarded after signing in: a colleague\'s edit is not replaced silently', async function () {
    const session = await sessions.start({ files: { 'release-notes.md': FILE }, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page } = session;
    await openFile(page, 'release-notes.md');
    await clickPublishButton(page);
    await notification(page, SANDBOX_BODIES.created).waitFor();
    // Signed in only now: the link has no page ID (it was never looked up), but it knows the version its create
    // produced (1), so the guard finds the page by title and compares versions.
    await signIn(page);
    session.sandbox.editPageOnWiki(wikiPage(session, TITLE).id, `# ${TITLE}\n\nA colleague's correction.\n`);
    await openFile(page, 'release-notes.md');
    await appendToEditor(page, '\nMy second paragraph.\n');
    await clickPublishButton(page);
    const warning = page.locator('.monaco-dialog-box', { hasText: 'was changed on the wiki' });
    await warning.waitFor();
    assert.match(await warning.innerText(), /version 2 by wiki-editor, .*; it was last published, from this file, as version 1\./);
    assert.equal(session.sandbox.imports.length, 1, 'nothing was sent before the writer decided');
    await warning.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    assert.match(wikiPage(session, TITLE).markdown, /colleague/, 'the colleague\'s edit is still on the wiki');
  });

  it('when the wiki cannot be read to check for edits, the update is not sent: Check Again finds a colleague\'s edit once it can; Publish Without Checking sends it', async function () {
    const session = await sessions.start({ files: { 'release-notes.md': FILE }, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox } = session;
    await signIn(page);
    await openFile(page, 'release-notes.md');
    await clickPublishButton(page);
    await notification(page, SANDBOX_BODIES.created).waitFor();

    // A colleague edits the page; then the wiki's page routes fail (500) while the writer publishes a change.
    sandbox.editPageOnWiki(wikiPage(session, TITLE).id, `# ${TITLE}\n\nA colleague's correction.\n`);
    sandbox.setPageLookupFault('error');
    await openFile(page, 'release-notes.md');
    await appendToEditor(page, '\nMy second paragraph.\n');
    await clickPublishButton(page);
    const unread = page.locator('.monaco-dialog-box', { hasText: `"${TITLE}" was not published` });
    await unread.waitFor();
    assert.match(await unread.innerText(), /may replace an edit a colleague made on the wiki/);
    assert.equal(sandbox.imports.length, 1, 'nothing is sent while the wiki cannot be read');

    // Still failing: asked again, nothing sent. Once the wiki answers, the check finds the colleague's edit.
    await unread.locator('.monaco-button', { hasText: /^Check Again$/ }).click();
    await page.waitForTimeout(500);
    await unread.waitFor();
    assert.equal(sandbox.imports.length, 1, 'asked again, nothing sent, while the lookup still fails');
    sandbox.setPageLookupFault(undefined);
    await unread.locator('.monaco-button', { hasText: /^Check Again$/ }).click();
    const edited = page.locator('.monaco-dialog-box', { hasText: 'was changed on the wiki' });
    await edited.waitFor();
    await edited.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    assert.equal(sandbox.imports.length, 1);
    assert.match(wikiPage(session, TITLE).markdown, /colleague/, 'the colleague\'s edit is still on the wiki');

    // The writer's explicit choice: sent without the check.
    sandbox.setPageLookupFault('error');
    await clickPublishButton(page);
    await unread.waitFor();
    await unread.locator('.monaco-button', { hasText: /^Publish Without Checking$/ }).click();
    await notification(page, SANDBOX_BODIES.updated).waitFor();
    assert.equal(sandbox.imports.length, 2);
    assert.match(wikiPage(session, TITLE).markdown, /My second paragraph/);
  });

  /**
   * Signed in, the file published, and the page's text kept for Pull: that is fetched after the answer, and revoked
   * before it, the sign-in would be found refused by that fetch, not by the call a test is about.
   */
  async function publishedSignedIn(world: { idp?: IdpOptions }): Promise<Session & { idp: Idp }> {
    const session = await sessions.start({ files: { 'release-notes.md': FILE }, world, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox, idp } = session;
    assert.ok(idp, 'the sandbox\'s sign-in service');
    await signIn(page);
    await openFile(page, 'release-notes.md');
    await clickPublishButton(page);
    await notification(page, SANDBOX_BODIES.created).waitFor();
    await waitUntil(() => sandbox.exports.some((entry) => entry.status === 200), 'the page kept for Pull was exported');
    return { ...session, idp };
  }

  it('when the wiki refuses the sign-in on the edit guard\'s lookup, the update is left out and Sign In Again is offered', async function () {
    const { page, sandbox, idp } = await publishedSignedIn({});

    // The identity provider revokes every session (an admin ends them): the wiki answers the guard's lookups 401.
    idp.revokeAll();
    await openFile(page, 'release-notes.md');
    await appendToEditor(page, '\nMy second paragraph.\n');
    await clickPublishButton(page);
    const refused = notification(page, /was left out: the wiki refused your export API sign-in/);
    await refused.waitFor();
    await notificationButton(refused, 'Sign In Again').waitFor();
    assert.equal(sandbox.imports.length, 1, 'the update is not sent unchecked');
  });

  it('a revoked sign-in another call found first: the update is held with Sign In Again, and sent only when the writer says so', async function () {
    // Access tokens of 4 minutes: never "fresh" (5 minutes left), so every call that needs one refreshes the sign-in, as
    // the background refresh ahead of expiry does, and the first call after the revocation is the one that finds it.
    const session = await publishedSignedIn({ idp: { accessTokenTtlSeconds: 240 } });
    const { page, sandbox, idp } = session;

    // The sign-in is revoked, and a call other than Publish finds it first (here Pull, whose refresh the sign-in service
    // refuses): the window is signed out, by the server, not by the writer.
    idp.revokeAll();
    await runCommand(page, 'Wiki: Pull from Wiki');
    await notification(page, /Your export API sign-in has expired or was revoked/).first().waitFor();

    await openFile(page, 'release-notes.md');
    await appendToEditor(page, '\nMy second paragraph.\n');
    await page.keyboard.press('Control+S');
    await clickPublishButton(page);
    const held = page.locator('.monaco-dialog-box', { hasText: 'your export API sign-in has expired or was revoked, so it could not be checked for edits' });
    await held.waitFor();
    assert.equal(sandbox.imports.length, 1, 'not sent unchecked');
    await held.locator('.monaco-button', { hasText: /^Sign In Again$/ }).waitFor();
    await held.locator('.monaco-button', { hasText: /^Publish Without Checking$/ }).click();
    const updated = notification(page, SANDBOX_BODIES.updated);
    await updated.waitFor();
    assert.match(await updated.innerText(), /Wiki edits were not checked: your export API sign-in has expired or was revoked/);
    assert.equal(sandbox.imports.length, 2);
    assert.match(wikiPage(session, TITLE).markdown, /My second paragraph/);
  });

  /**
   * release-notes.md published signed in, then an update whose every attempt (three) the wiki wrote and answered 500:
   * the send may have landed, and the editor does not know it did. Gives the session and the failure's toast.
   */
  const updateLandedThoughItFailed = async (): Promise<{ session: Session; failed: Locator }> => {
    const session = await sessions.start({ files: { 'release-notes.md': FILE }, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox } = session;
    await signIn(page);
    await openFile(page, 'release-notes.md');
    await clickPublishButton(page);
    await notification(page, SANDBOX_BODIES.created).waitFor();
    sandbox.injectFaults({ commitThenFailNext: 3 });
    await appendToEditor(page, '\nMy second paragraph.\n');
    await page.keyboard.press('Control+S');
    await clickPublishButton(page);
    await waitUntil(() => sandbox.imports.length === 4, 'the update tried three times');
    const failed = notification(page, 'Retry');
    await failed.waitFor();
    sandbox.clearFaults();
    return { session, failed };
  };

  it('an update the wiki wrote although its answers failed is, after a window reload, the file\'s own version: no "changed on the wiki", the page updated', async function () {
    const { session } = await updateLandedThoughItFailed();
    const { page, sandbox } = session;
    assert.equal(wikiPage(session, TITLE).version, 4, 'each attempt landed');

    // A reload forgets the Retry; the file's link still says that send may have landed. (A reload at once could come
    // before the window's storage took the link in: a writer reloads later than a test would.)
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await page.reload();
    await waitForWorkbench(page);
    await openFile(page, 'release-notes.md');
    await appendToEditor(page, '\nA third paragraph.\n');
    await page.keyboard.press('Control+S');
    await clickPublishButton(page);
    await notification(page, SANDBOX_BODIES.updated).waitFor();
    assert.equal(await page.locator('.monaco-dialog-box', { hasText: 'was changed on the wiki' }).count(), 0, 'its own versions are not a colleague\'s edit');
    assert.match(wikiPage(session, TITLE).markdown, /A third paragraph/);
    assert.equal(sandbox.pages().filter((candidate) => candidate.title === TITLE).length, 1, 'one page');
  });

  it('Retry after an update the wiki wrote although its answers failed: the page holds the file already, and nothing is sent unless asked', async function () {
    const { session, failed } = await updateLandedThoughItFailed();
    const { page, sandbox } = session;
    await failed.locator('.monaco-button', { hasText: /^Retry$/ }).click();
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'Nothing to publish: version 4 of "Release notes" on the wiki is already this file\'s text' });
    await dialog.waitFor();
    await dialog.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(sandbox.imports.length, 4, 'not sent again');
    assert.equal(wikiPage(session, TITLE).version, 4, 'no fifth version');
  });

  it('a page CI published from the file as it is now: Publish sends nothing and says the wiki holds it already', async function () {
    const session = await sessions.start({ files: { 'release-notes.md': FILE }, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox, workspaceDir } = session;
    // The wiki authors imports as an app account, not the token's user: the page's notice decides, not who wrote it.
    sandbox.setImportAuthor('app');
    await signIn(page);
    await openFile(page, 'release-notes.md');
    await clickPublishButton(page);
    await (await openPageFrom(page, notification(page, SANDBOX_BODIES.created))).close();
    await page.bringToFront();
    // A teammate's change lands in the file; the pipeline publishes it. This window's record still says version 1.
    await appendToEditor(page, '\nMy second paragraph.\n');
    await page.keyboard.press('Control+S');
    // The pipeline reads the file from disk: it starts once the save has written it there (on a busy machine it ran
    // first; a tab not marked dirty proved nothing, as the typing may not have reached the editor yet).
    const onDisk = path.join(workspaceDir, 'release-notes.md');
    await waitUntil(() => fs.readFileSync(onDisk, 'utf8').includes('My second paragraph.'), 'the save wrote the file');
    const ci = await publishFromCi(session, ['release-notes.md', '--overwrite']);
    assert.equal(ci.code, 0, ci.output);
    assert.equal(wikiPage(session, TITLE).version, 2);
    const imports = sandbox.imports.length;
    await clickPublishButton(page);
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'Nothing to publish: version 2 of "Release notes" on the wiki is already this file\'s text' });
    await dialog.waitFor();
    assert.equal(await page.locator('.monaco-dialog-box', { hasText: 'was changed on the wiki' }).count(), 0, 'CI\'s publish is not a colleague\'s edit');
    await dialog.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(sandbox.imports.length, imports, 'nothing sent');
    assert.equal(wikiPage(session, TITLE).version, 2, 'no new version, no notification to watchers');
  });

  it('Open Wiki Page as Markdown, save, publish: the same page is updated', async function () {
    const session = await sessions.start({ files: { 'README.md': '# Docs\n' }, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox, workspaceDir } = session;
    // A page that exists on the wiki already, written by someone else.
    await colleaguePublishes(session, 'On-call handbook', '# On-call handbook\n\nPage the owner.\n');
    const before = wikiPage(session, 'On-call handbook');
    await signIn(page);

    await runCommand(page, 'Wiki: Open Wiki Page as Markdown');
    await waitForPrompt(page, /page address or ID/i);
    await answerPrompt(page, `${sandbox.baseUrl}/wiki/spaces/DOCS/pages/${before.id}/On-call+handbook`);
    const editor = page.locator('.editor-group-container.active .monaco-editor .view-lines');
    await editor.filter({ hasText: 'Page the owner.' }).waitFor();
    assert.match(await editor.innerText(), /pageId/, 'the front matter names the page');

    // The untitled document already has its name: the page's title, in the folder of the open workspace.
    await activeTab(page, 'On-call handbook.md').waitFor();
    await appendToEditor(page, '\nEscalate after 15 minutes.\n');
    await page.keyboard.press('Control+S');
    // Saved there without a dialog (the file did not exist; a name in use gets " (2)").
    const savedPath = path.join(workspaceDir, 'On-call handbook.md');
    await page.locator('.tabs-container .tab.active:not(.dirty)', { hasText: 'On-call handbook.md' }).waitFor();
    assert.match(fs.readFileSync(savedPath, 'utf8'), /Escalate after 15 minutes\./, 'the document saved as On-call handbook.md');
    assert.equal(await quickInput(page).filter({ visible: true }).count(), 0, 'no save dialog');
    assert.match(fs.readFileSync(savedPath, 'utf8'), /^---\nwiki:\n[\s\S]*pageId/, 'the saved file keeps the front matter naming the page');

    await clickPublishButton(page);
    const updated = notification(page, SANDBOX_BODIES.updated);
    await updated.waitFor();
    const after = wikiPage(session, 'On-call handbook');
    // The page's address is known: Copy Target copies it and says so.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await notificationButton(updated, 'Copy Target').click();
    await notification(page, 'Copied the address of "On-call handbook"').waitFor();
    assert.match(await page.evaluate<string>('navigator.clipboard.readText()'), new RegExp(`/wiki/spaces/DOCS/pages/${before.id}/On-call`));
    assert.equal(after.id, before.id, 'the same page');
    assert.equal(after.version, before.version + 1);
    assert.match(after.markdown, /Escalate after 15 minutes\./);
    assert.doesNotMatch(after.markdown, /pageId/, 'the front matter is not sent');
  });
  it('Compare with Wiki Page on a file that names no page asks for the page under its own title, then shows both sides', async function () {
    const session = await sessions.start({ files: { 'archive.md': '# Archive\n\nMy local notes.\n' }, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox } = session;
    await colleaguePublishes(session, 'Archive', '# Archive\n\nThe colleague\'s notes.\n');
    await signIn(page);
    await openFile(page, 'archive.md');
    const importsBefore = sandbox.imports.length;

    await runCommand(page, 'Compare with Wiki Page');
    // A comparison, not a publish: its questions carry its own title, and the create-or-update step is not asked.
    await waitForPrompt(page, /space key/i);
    assert.equal(await promptTitle(page), 'Compare with Wiki Page (1/3)');
    await chooseSpace(page, 'DOCS');
    await waitForPrompt(page, PARENT_PROMPT);
    assert.equal(await promptTitle(page), 'Compare with Wiki Page (2/3)');
    await answerPrompt(page, DOCS_HOME.parentId);
    await waitForPrompt(page, TITLE_PROMPT);
    assert.equal(await promptTitle(page), 'Compare with Wiki Page (3/3)');
    assert.equal(await quickInputBox(page).inputValue(), 'Archive', 'the title prompt offers the file\'s heading');
    await page.keyboard.press('Enter');

    const diff = page.locator('.editor-group-container.active .monaco-diff-editor');
    await diff.waitFor();
    await activeTab(page, 'Archive (wiki) ↔ archive.md').waitFor();
    await diff.locator('.editor.original .view-lines', { hasText: 'The colleague\'s notes.' }).waitFor();
    await diff.locator('.editor.modified .view-lines', { hasText: 'My local notes.' }).waitFor();
    assert.equal(sandbox.imports.length, importsBefore, 'Compare sends nothing');
  });
});
