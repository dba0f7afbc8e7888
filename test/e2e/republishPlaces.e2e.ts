// Republishing a file whose page is not where its last publish left it (issue 8): deleted on the wiki, hidden from the
// sign-in, moved under another page, or the file pointed at another parent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator } from 'playwright-core';
import { signInApproved as signIn } from './support/accounts';
import { colleaguePublishes, DOCS_HOME } from './support/docs';
import { useSessions } from './support/harness';
import type { Session } from './support/session';
import { clickPublishButton } from './support/publishFlow';
import { TITLE, FILE, appendToEditor, openPageFrom, wikiPage } from './support/republishing';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { notification, notificationButton, openFile } from './support/workbench';

describe('Republishing a file whose page is elsewhere', function () {
  const sessions = useSessions();

  /**
   * Signed in, the file published under the documentation home beside a colleague's "Archive" page, and its page's ID
   * known (Open Page waits for it), so the guard knows the page by its ID.
   */
  async function publishedBesideArchive(): Promise<{ session: Session; published: ReturnType<typeof wikiPage>; archiveId: string }> {
    const session = await sessions.start({ files: { 'release-notes.md': FILE }, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page } = session;
    await colleaguePublishes(session, 'Archive', '# Archive\n');
    await signIn(page);
    await openFile(page, 'release-notes.md');
    await clickPublishButton(page);
    const created = notification(page, SANDBOX_BODIES.created);
    await created.waitFor();
    await (await openPageFrom(page, created)).close();
    await page.bringToFront();
    return { session, published: wikiPage(session, TITLE), archiveId: wikiPage(session, 'Archive').id };
  }

  it('a page a colleague deleted on the wiki, the file unchanged: Publish makes it anew without asking, and says so', async function () {
    const { session, published } = await publishedBesideArchive();
    const { page, sandbox } = session;
    sandbox.deletePage(published.id);
    const importsBefore = sandbox.imports.length;
    await openFile(page, 'release-notes.md');
    await clickPublishButton(page);
    // Not "Nothing changed since you published this": the page is gone, so there is something to publish.
    const result = notification(page, 'was deleted on the wiki, so it was published as a new page');
    await result.waitFor();
    assert.match(await result.innerText(), new RegExp(SANDBOX_BODIES.created));
    assert.equal(await page.locator('.monaco-dialog-box', { hasText: 'Nothing changed' }).count(), 0);
    const fresh = wikiPage(session, TITLE);
    assert.notEqual(fresh.id, published.id, 'a new page');
    assert.equal(sandbox.imports.length, importsBefore + 1, 'one create');
  });

  it('a page the sign-in may not view is not taken for deleted: its "already exists" says so, offers no Overwrite, and the page keeps its text', async function () {
    // The import token is carol's, who may publish in SECRET; the sign-in (alice) may not view that space.
    const session = await sessions.start({
      files: { 'hidden.md': '# Hidden\n\nMine.\n' }, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken({ owner: 'carol' }).token }),
    });
    const { page, sandbox, workspaceDir } = session;
    await signIn(page);
    // Carol's page, which the repository records as the file's page (a teammate published the folder).
    const carols = sandbox.issueToken({ label: 'carol-teammate', owner: 'carol' }).token;
    const seeded = await fetch(sandbox.importEndpoint, {
      method: 'POST', headers: { authorization: `Bearer ${carols}`, 'content-type': 'application/json' },
      body: JSON.stringify({ spaceId: 'SECRET', parentId: '345678', pageTitle: 'Hidden', content: '# Hidden\n\nCarol\'s.\n' }),
    });
    assert.equal(seeded.status, 201);
    const hidden = session.sandbox.findPageByTitle('SECRET', '345678', 'Hidden');
    assert.ok(hidden);
    const manifest = { version: 1, space: 'SECRET', parent: '345678', pages: { 'hidden.md': { id: hidden.id, title: 'Hidden' } } };
    fs.writeFileSync(path.join(workspaceDir, '.wiki-pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    await openFile(page, 'hidden.md');
    await clickPublishButton(page);
    const result = notification(page, 'most likely that account may not view it');
    await result.waitFor();
    assert.match(await result.innerText(), new RegExp(`did not find this file's page \\(page ${hidden.id}\\), yet a page titled "Hidden" is there`));
    assert.equal(await notificationButton(result, 'Overwrite').count(), 0, 'no Overwrite: it would replace a page the guard cannot see');
    assert.equal(await page.locator('.monaco-dialog-box', { hasText: 'deleted' }).count(), 0);
    assert.equal(session.sandbox.findPageByTitle('SECRET', '345678', 'Hidden')?.markdown, '# Hidden\n\nCarol\'s.\n', 'the page keeps its text');
  });

  /** The writer adds a paragraph and publishes: the guard's warning that says `hasText`, its words, and the imports before it. */
  async function changeAndPublishUntilWarned(session: Session, hasText: string): Promise<{ warning: Locator; said: string; sentBefore: number }> {
    const { page, sandbox } = session;
    const sentBefore = sandbox.imports.length;
    await openFile(page, 'release-notes.md');
    await appendToEditor(page, '\nMy second paragraph.\n');
    await clickPublishButton(page);
    const warning = page.locator('.monaco-dialog-box', { hasText });
    await warning.waitFor();
    return { warning, said: await warning.innerText(), sentBefore };
  }

  it('a page a colleague moved under another page on the wiki: the guard says where it is, sends nothing, and Publish as a New Page leaves it there', async function () {
    const { session, published, archiveId } = await publishedBesideArchive();
    const { page, sandbox } = session;
    sandbox.movePageOnWiki(published.id, archiveId);
    const { warning, said, sentBefore } = await changeAndPublishUntilWarned(session, 'is somewhere else on the wiki now');
    assert.ok(said.includes(`Its page is under "Archive" (page ${archiveId}) on the wiki now, not where this publish puts it`), said);
    assert.match(said, /publishing would create a second page under page 123456 and leave that one where it is/);
    assert.equal(sandbox.imports.length, sentBefore, 'nothing was sent before the writer decided');

    await warning.locator('.monaco-button', { hasText: 'Publish as a New Page' }).click();
    await notification(page, /Its earlier page stays where it is on the wiki, under page/).waitFor();
    const copies = sandbox.pages().filter((candidate) => candidate.title === TITLE && !candidate.deleted);
    assert.deepEqual(copies.map((each) => [each.parentId, /My second paragraph/.test(each.markdown)]).sort(), [['123456', true], [archiveId, false]].sort(), 'a new page where the file says; the moved one as the colleague left it');
  });

  it('a page a colleague renamed on the wiki: the guard says so, sends nothing, and Publish as a New Page leaves it as it is', async function () {
    const { session, published } = await publishedBesideArchive();
    const { page, sandbox } = session;
    // Renamed only: its body, notice and all, as the publish left it.
    sandbox.editPageOnWiki(published.id, sandbox.pages().find((candidate) => candidate.id === published.id)?.imported ?? '', { title: 'Old release notes' });
    const { warning, said, sentBefore } = await changeAndPublishUntilWarned(session, 'was renamed on the wiki');
    assert.ok(said.includes('Its page is titled "Old release notes" there now'), said);
    assert.equal(sandbox.imports.length, sentBefore, 'nothing was sent before the writer decided');

    await warning.locator('.monaco-button', { hasText: 'Publish as a New Page' }).click();
    await notification(page, /Its earlier page stays on the wiki as "Old release notes"/).waitFor();
    const renamed = sandbox.pages().find((candidate) => candidate.id === published.id);
    assert.deepEqual([renamed?.title, /My second paragraph/.test(renamed?.markdown ?? '')], ['Old release notes', false], 'the renamed page as the colleague left it');
    assert.ok(sandbox.pages().some((candidate) => candidate.title === TITLE && !candidate.deleted && /My second paragraph/.test(candidate.markdown)), 'a new page with the file\'s title');
  });

  it('a file pointed at another parent page: a warning names the page it published before, which stays; Publish Anyway makes a new page there', async function () {
    const { session, published: first, archiveId } = await publishedBesideArchive();
    const { page, sandbox, workspaceDir } = session;

    // The writer points the file at Archive (on disk, as a pull would); the page stays under the documentation home.
    const file = path.join(workspaceDir, 'release-notes.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(`parentId: "${DOCS_HOME.parentId}"`, `parentId: "${archiveId}"`));
    await openFile(page, 'release-notes.md');
    await page.locator('.editor-group-container.active .view-lines', { hasText: archiveId }).waitFor();
    const sentBefore = sandbox.imports.length;
    await clickPublishButton(page);
    const warning = notification(page, `Its front matter names another place or title than its last publish ("${TITLE}", page ${first.id}, under page ${DOCS_HOME.parentId})`);
    await warning.waitFor();
    assert.equal(sandbox.imports.length, sentBefore, 'nothing was sent before the writer decided');
    await notificationButton(warning, 'Publish Anyway').click();
    await notification(page, SANDBOX_BODIES.created).waitFor();
    const copies = sandbox.pages().filter((candidate) => candidate.title === TITLE && !candidate.deleted);
    assert.deepEqual(copies.map((each) => each.parentId).sort(), [DOCS_HOME.parentId, archiveId].sort(), 'a new page under Archive; the earlier one stays');
  });
});
