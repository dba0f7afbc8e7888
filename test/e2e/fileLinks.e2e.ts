// Issue 14, section 3, in the real VS Code: a file published on its own, and a folder published as flat pages, send a
// link to a file the repository's .wiki-pages.json records as a link to that file's page, with the wiki's heading
// anchor; the warning before the prompts names only the links that stay as written; the file on disk never changes.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Sandbox } from '../sandbox/server';
import { useSessions } from './support/harness';
import { CREATE_ONLY, answerFolderPrompts, answerPublishPrompts, clickPublishButton } from './support/publishFlow';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { signInApproved } from './support/accounts';
import { clearNotifications, notification, notificationButton, openFile, publishFolderAs, quickInput, tokenStatusItem, waitForCenterNotification, waitUntil } from './support/workbench';
import { pullChangedPage } from './support/wikiPagesView';

const NOTES = '# Notes\n\nSee [x](guide/setup.md#install), [y](missing.md) and [z](diagram.png).\n';
// The repository records the guide's pages (a teammate published it as a tree). Not signed in, the extension makes
// the page's address from the recorded ID and the wiki's address; it never reads the page itself.
const MANIFEST = [
  '{', '  "version": 1,', '  "space": "DOCS",', '  "parent": "123456",', '  "pages": {',
  '    "guide/": {"id":"2000001","title":"Guide"},', '    "guide/setup.md": {"id":"2000002","title":"Setup"}', '  }', '}', '',
].join('\n');
const FILES = {
  '.wiki-pages.json': MANIFEST,
  'guide/setup.md': '# Setup\n\n## Install\n\nRun it.\n',
  'notes.md': NOTES,
  'diagram.png': 'not really a picture',
  'more/links.md': '# Links\n\nBack to [the setup](../guide/setup.md#install).\n',
};

describe('Links to other files in single-file and flat publishes', function () {
  const sessions = useSessions();

  it('a link to a recorded file reaches its page with the wiki\'s anchor; the warning names only the links that stay', async function () {
    const { page, sandbox, workspaceDir } = await sessions.start({ files: FILES, beforeStart: (wiki: Sandbox) => ({ envToken: wiki.issueToken().token }) });
    const setup = `${new URL(sandbox.importEndpoint).origin}/wiki/spaces/DOCS/pages/2000002/Setup#Install`;
    await openFile(page, 'notes.md');
    await clickPublishButton(page);
    const warning = notification(page, /stay as written/);
    await warning.or(quickInput(page).filter({ visible: true })).first().waitFor();
    assert.match(await warning.innerText(), /2 links stay as written and will not work on the wiki: missing\.md \(no such file\), diagram\.png \(not a Markdown file\)\./);
    assert.doesNotMatch(await warning.innerText(), /guide\/setup\.md/, 'the link that goes to its page is no warning');
    await notificationButton(warning, 'Publish Anyway').click();
    await answerPublishPrompts(page, { space: 'DOCS', parentId: '123456', expectedTitle: 'Notes', mode: CREATE_ONLY });
    await waitForCenterNotification(page, SANDBOX_BODIES.created);
    assert.equal(sandbox.findPageByTitle('DOCS', '123456', 'Notes')?.markdown, `# Notes\n\nSee [x](${setup}), [y](missing.md) and [z](diagram.png).\n`);
    assert.equal(readFileSync(path.join(workspaceDir, 'notes.md'), 'utf8'), NOTES, 'the file on disk is never changed');

    // A folder as flat pages: the confirmation says how many links go to pages before anything is sent.
    await publishFolderAs(page, 'more', 'As flat pages');
    await answerFolderPrompts(page);
    const confirm = page.locator('.monaco-dialog-box', { hasText: 'Publish 1 of 1 Markdown file' });
    await confirm.waitFor();
    assert.match(await confirm.innerText(), /1 link to another file will go to its wiki page\./);
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();
    await waitForCenterNotification(page, '1 published.');
    assert.equal(sandbox.findPageByTitle('DOCS', '123456', 'Links')?.markdown, `# Links\n\nBack to [the setup](${setup}).\n`);
  });

  it('signed in, a flat folder of new files that link to each other: one goes after the other, which a second pass fills in, and the summary says so', async function () {
    const files = {
      ...FILES,
      'pair/first.md': '# First\n\nThen read [the second](second.md#details).\n',
      'pair/second.md': '# Second\n\n## Details\n\nBack to [the first](first.md).\n',
    };
    const { page, sandbox } = await sessions.start({ files, world: {}, beforeStart: (wiki: Sandbox) => ({ envToken: wiki.issueToken().token }) });
    await tokenStatusItem(page).waitFor();
    await signInApproved(page);
    await clearNotifications(page);
    await publishFolderAs(page, 'pair', 'As flat pages');
    await answerFolderPrompts(page);
    // Neither link is a warning: the run learns each new page's ID and fills the links in.
    const confirm = page.locator('.monaco-dialog-box', { hasText: 'Publish 2 of 2 Markdown files' });
    await confirm.waitFor();
    assert.doesNotMatch(await confirm.innerText(), /stay as written/);
    // The plan says before sending that one of them goes twice.
    assert.match(await confirm.innerText(), /1 page goes twice: its links name pages created after it/);
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();
    // One waits for the other's page and goes once; the other, which had to go first, goes again to reach it.
    await waitForCenterNotification(page, /2 published\. 1 page was sent again so its links reach pages created in this run\./);
    const first = sandbox.findPageByTitle('DOCS', '123456', 'First');
    const second = sandbox.findPageByTitle('DOCS', '123456', 'Second');
    assert.ok(first && second);
    // The wiki site's address as the signed-in world sets it (a loopback origin of its own).
    const site = String.raw`http://[^)\s]+/wiki/spaces/DOCS/pages/`;
    assert.match(first.markdown, new RegExp(String.raw`^# First\n\nThen read \[the second\]\(${site}${second.id}/Second#Details\)\.\n$`));
    assert.match(second.markdown, new RegExp(String.raw`^# Second\n\n## Details\n\nBack to \[the first\]\(${site}${first.id}/First\)\.\n$`));
    assert.equal(sandbox.pages().filter((candidate) => candidate.title === 'First' || candidate.title === 'Second').length, 2, 'updated, not created twice');

    // One of the two waited for the other's page and went once; the other went first and again.
    assert.deepEqual([first.version, second.version].sort(), [1, 2]);

    // Pull of a file published flat, in no tree: a colleague edits the very line that holds the page address. Pull's
    // base is the page as its publish left it, exported behind the result: wait until it was asked for.
    await waitUntil(() => sandbox.exports.filter((entry) => entry.status === 200 && JSON.stringify(entry.body).includes(first.id)).length > 0, 'the base of First was exported');
    const firstNow = sandbox.pages().find((candidate) => candidate.id === first.id);
    assert.ok(firstNow);
    sandbox.editPageOnWiki(first.id, firstNow.markdown.replace('#Details).', '#Details) before you start.'));
    await pullChangedPage(page, 'first.md', sandbox.exports, first.id);
    // The web workbench saves after a delay by default, and Pull says so (issue 83).
    await waitForCenterNotification(page, /Pulled the wiki's edit of "First" \(version \d+\) into pair\/first\.md\. Auto-save is on, so VS Code saves it/);
    const editor = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
    await editor.getByText('Then read [the second](second.md#details) before you start.').waitFor();
    assert.equal(await editor.getByText('/wiki/spaces/').count(), 0, 'the wiki\'s page address did not come into the file');
  });

  it('signed in, a link that waited for a page which did not land: the summary names the file whose page is missing', async function () {
    const files = {
      ...FILES,
      'broken/third.md': '# Third\n\nThen read [the fourth](fourth.md).\n',
      // Its front matter names a parent page that does not exist: its page does not land.
      'broken/fourth.md': '---\nwiki:\n  parentId: "999999"\n---\n# Fourth\n\nText.\n',
    };
    const { page, sandbox } = await sessions.start({ files, world: {}, beforeStart: (wiki: Sandbox) => ({ envToken: wiki.issueToken().token }) });
    await tokenStatusItem(page).waitFor();
    await signInApproved(page);
    await clearNotifications(page);
    await publishFolderAs(page, 'broken', 'As flat pages');
    await answerFolderPrompts(page);
    const confirm = page.locator('.monaco-dialog-box', { hasText: 'Publish 2 of 2 Markdown files' });
    await confirm.waitFor();
    // The plan counts on a second pass, so the link is no warning before sending...
    assert.doesNotMatch(await confirm.innerText(), /stay as written/);
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();
    // ...and the summary says it stayed, naming the file that got no page.
    await waitForCenterNotification(page, /Links in 1 file stay as written, because the file they link to got no page in this run: broken\/fourth\.md\. Publishing again fills them in\./);
    assert.equal(sandbox.findPageByTitle('DOCS', '123456', 'Third')?.markdown, '# Third\n\nThen read [the fourth](fourth.md).\n');
  });
});
