// Issue 14 in the real VS Code: a docs folder published from the Explorer as a page tree, signed in for page IDs;
// the confirmation shows the tree; the folder's .wiki-pages.json records the pages; and a rewritten link on the
// sandbox's page view opens the linked page at its heading.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { signInApproved } from './support/accounts';
import { useSessions } from './support/harness';
import { CREATE_ONLY, OVERWRITE_PROMPT, PARENT_PROMPT, chooseSpace } from './support/publishFlow';
import {
  answerPrompt, clearNotifications, pickItem, publishFolderAs, tokenStatusItem, waitForCenterNotification, waitForPrompt,
} from './support/workbench';

const FILES = {
  'docs/index.md': '# Overview\n\nStart with the [setup](guide/setup.md).\n',
  'docs/guide/README.md': '# Guide\n\nAll about it.\n',
  'docs/guide/setup.md': '# Setup\n\nCall [the API](../reference/api.md#tokens) with a token.\n',
  'docs/reference/api.md': '# API\n\n## Tokens\n\nUse one per job.\n',
};

describe('Publishing a folder as a page tree', function () {
  const sessions = useSessions();

  it('publishes a small tree from the Explorer, records its pages, and a rewritten link opens the page at its heading', async function () {
    const session = await sessions.start({ files: FILES, world: {}, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
    const { page, sandbox, workspaceDir } = session;
    await tokenStatusItem(page).waitFor();
    await signInApproved(page);
    await clearNotifications(page);

    await publishFolderAs(page, 'docs', 'As a page tree');
    await chooseSpace(page, 'DOCS');
    await waitForPrompt(page, PARENT_PROMPT);
    await answerPrompt(page, '123456');
    await waitForPrompt(page, OVERWRITE_PROMPT);
    await pickItem(page, CREATE_ONLY);

    const confirm = page.locator('.monaco-dialog-box', { hasText: 'Publish 5 pages as a tree?' });
    await confirm.waitFor();
    const text = await confirm.innerText();
    assert.match(text, /As a page tree under page 123456 in space DOCS/);
    assert.match(text, /Guide \(new\)/);
    assert.match(text, /Reference \(new, lists its children\)/);
    assert.equal(sandbox.imports.length, 0, 'nothing is sent before the confirmation');
    await confirm.locator('.monaco-button', { hasText: /^Publish$/ }).click();

    await waitForCenterNotification(page, /5 published\..*sent again so their links reach pages created in this run/);
    const byTitle = (title: string) => {
      const found = sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
      assert.ok(found, `"${title}" is on the wiki`);
      return found;
    };
    assert.equal(byTitle('Setup').parentId, byTitle('Guide').id, 'the subfolder is a page, its files its children');
    assert.equal(byTitle('Overview').parentId, '123456');
    const manifest = JSON.parse(readFileSync(path.join(workspaceDir, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> };
    assert.equal(manifest.pages['guide/setup.md']?.id, byTitle('Setup').id, 'page identity is written into the repository');

    // The reader's view: the Setup page on the wiki, its link to the API page's "Tokens" heading.
    const reader = await page.context().newPage();
    try {
      await reader.goto(sandbox.pageViewUrl(byTitle('Setup').id));
      await reader.getByRole('link', { name: 'the API' }).click();
      await reader.waitForURL(new RegExp(`/wiki/spaces/DOCS/pages/${byTitle('API').id}/[^#]*#Tokens$`));
      await reader.locator('h2#Tokens').waitFor();
    } finally {
      await reader.close();
    }
  });
});
