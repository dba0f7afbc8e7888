// One file published from its editor, signed in (the edit guard reads the wiki), where the wiki holds what the file
// does not decide alone: a colleague's edit of the page of a file that did not change since its publish (said, with
// Compare and Pull; nothing sent), and a page this file did not publish that its front matter's `overwrite: true`
// would replace (asked first, as a folder's confirmation asks it: a repository writes that line).
import * as assert from 'node:assert/strict';
import { signInApproved as signIn } from './support/accounts';
import { DOCS_HOME, targetedFile } from './support/docs';
import { useSessions } from './support/harness';
import { clickPublishButton } from './support/publishFlow';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { notification, notificationButton, openFile } from './support/workbench';

describe('One file and the page the wiki holds', function () {
  const sessions = useSessions();

  it('an unchanged file whose page a colleague edited: Publish says so, with Compare and Pull, and sends nothing', async function () {
    const session = await sessions.start({ files: { 'steady.md': targetedFile({ ...DOCS_HOME, pageTitle: 'Steady page' }) }, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox } = session;
    await signIn(page);
    await openFile(page, 'steady.md');
    await clickPublishButton(page);
    await notification(page, SANDBOX_BODIES.created).waitFor();
    const published = sandbox.findPageByTitle('DOCS', '123456', 'Steady page');
    assert.ok(published);
    sandbox.editLineOnWiki(published.id);
    await clickPublishButton(page);
    const said = notification(page, /Nothing to publish: this file did not change since its last publish, and "Steady page" was changed on the wiki since \(version 2 by wiki-editor/);
    await said.waitFor();
    await notificationButton(said, 'Compare').waitFor();
    await notificationButton(said, 'Pull').waitFor();
    assert.equal(sandbox.imports.length, 1, 'nothing was sent');
  });

  it('front matter overwrite: true over a page this file did not publish: asked first; Cancel sends nothing, Replace sends', async function () {
    const session = await sessions.start({
      files: { 'theirs.md': targetedFile({ ...DOCS_HOME, pageTitle: 'Team Runbook', overwrite: true }) },
      world: {},
      beforeStart: (wiki) => {
        wiki.createPageOnWiki('DOCS', '123456', 'Team Runbook', '# Team Runbook\n\nAnother team wrote this by hand.\n');
        return { envToken: wiki.issueToken().token };
      },
    });
    const { page, sandbox } = session;
    await signIn(page);
    await openFile(page, 'theirs.md');
    await clickPublishButton(page);
    const asked = page.locator('.monaco-dialog-box', { hasText: 'Replace "Team Runbook" on the wiki? This file did not publish that page: its front matter says overwrite: true.' });
    await asked.waitFor();
    assert.match(await asked.innerText(), /version 1 by wiki-editor/);
    await asked.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    await asked.waitFor({ state: 'detached' });
    assert.equal(sandbox.imports.length, 0, 'nothing was sent');
    assert.match(sandbox.findPageByTitle('DOCS', '123456', 'Team Runbook')?.markdown ?? '', /Another team wrote this by hand/);

    await clickPublishButton(page);
    await asked.waitFor();
    await asked.locator('.monaco-button', { hasText: /^Replace$/ }).click();
    await notification(page, SANDBOX_BODIES.updated).waitFor();
    assert.equal(sandbox.imports.length, 1);
  });
});
