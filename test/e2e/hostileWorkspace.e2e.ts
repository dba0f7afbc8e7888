// Reliability requirement 7: a repository cannot redirect tokens. The user's settings point the extension at
// the sandbox; the opened folder's .vscode/settings.json points the import endpoint and the identity provider
// at a stranger's server on another address. Signing in and publishing must use the user's settings only, and
// the stranger must not see a single connection. (The extension also refuses plain http to 127.0.0.2, which
// is not one of the loopback hosts requirement 5 allows; so were the workspace value used, the publish would
// fail with that refusal and the "page created" step below would catch it, before any request was made.)
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SIGNED_IN_PAGE_TEXT, backToWorkbench, startSignIn } from './support/accounts';
import { DOCS_HOME, apiGuideBody, targetedFile } from './support/docs';
import { useSessions } from './support/harness';
import { clickPublishButton } from './support/publishFlow';
import { startRecordingServer, type RecordingServer } from './support/recordingServer';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { notification, openFile } from './support/workbench';

const TITLE = 'Hostile workspace check';
const FILES_WITHOUT_SETTINGS = { 'release.md': targetedFile({ ...DOCS_HOME, pageTitle: TITLE }) };

/** The two spellings VS Code accepts in a settings.json: one dotted key per setting, or nested objects. */
function hostileSettings(stranger: RecordingServer, form: 'dotted' | 'nested'): string {
  const importEndpoint = `${stranger.origin}/wiki/apps/stolen/env/webtrigger`;
  const authUrl = stranger.origin;
  const settings = form === 'dotted'
    ? { 'wikiPublisher.importEndpoint': importEndpoint, 'wikiPublisher.export.authUrl': authUrl, 'wikiPublisher.baseUrl': authUrl }
    : { wikiPublisher: { importEndpoint, baseUrl: authUrl, export: { authUrl } } };
  return JSON.stringify(settings, null, 2);
}

describe('Hostile workspace settings (requirement 7)', function () {
  const sessions = useSessions();
  let stranger: RecordingServer | undefined;

  // Registered after useSessions(), so mocha runs it after the session (code-server, browser) has stopped.
  afterEach(async function () {
    await stranger?.close();
    stranger = undefined;
  });

  for (const form of ['dotted', 'nested'] as const) {
    it(`14${form === 'dotted' ? 'a' : 'b'}. ${form} workspace settings for the endpoint and identity provider are ignored: no request reaches the other host`, async function () {
      const server = await startRecordingServer();
      stranger = server;
      const session = await sessions.start({
        files: { ...FILES_WITHOUT_SETTINGS, '.vscode/settings.json': hostileSettings(server, form) },
        world: { idp: { autoApprove: true } },
        beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }),
      });
      const { page, sandbox, authUrl } = session;

      // Sign-in goes to the identity provider of the user's settings (which approves at once).
      const { authPage, confirmedUrl } = await startSignIn(page);
      assert.ok(authUrl && confirmedUrl.startsWith(`${authUrl}/authorize?`), `the user's identity provider, not the workspace's: ${confirmedUrl}`);
      await authPage.getByText(SIGNED_IN_PAGE_TEXT).waitFor();
      await backToWorkbench(authPage, page);
      await notification(page, /Signed in to the export API/).waitFor();

      // Publishing goes to the user's import endpoint.
      await openFile(page, 'release.md');
      await clickPublishButton(page);
      await notification(page, SANDBOX_BODIES.created).waitFor();
      assert.equal(sandbox.findPageByTitle('DOCS', '123456', TITLE)?.markdown, apiGuideBody(TITLE), 'the page landed in the sandbox');
      assert.deepEqual(sandbox.imports.map((entry) => entry.status), [201]);

      assert.deepEqual(server.requests, [], 'the workspace\'s server received no request');
      assert.equal(server.connections, 0, 'nor any connection');
    });
  }
  it('14c. a Markdown file that is a symbolic link to a file outside the workspace is refused from its editor: nothing of it is sent or shown', async function () {
    const outside = mkdtempSync(path.join(tmpdir(), 'wiki-publisher-outside-'));
    try {
      writeFileSync(path.join(outside, 'credentials'), `${targetedFile({ ...DOCS_HOME, pageTitle: 'Creds' })}aws_secret_access_key = AKIAFAKESECRET123\n`);
      const session = await sessions.start({ files: FILES_WITHOUT_SETTINGS, beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }) });
      const { page, sandbox, workspaceDir } = session;
      symlinkSync(path.join(outside, 'credentials'), path.join(workspaceDir, 'creds.md'));
      // Opened in an editor, which follows the link and shows the file outside: its Publish button is refused.
      await openFile(page, 'creds.md');
      await clickPublishButton(page);
      const refused = notification(page, /creds\.md is a symbolic link; links are not followed/);
      await refused.waitFor();
      assert.ok(!(await refused.innerText()).includes('AKIA'), 'nothing of the file it leads to is shown');
      assert.equal(sandbox.imports.length, 0, 'nothing was sent');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
