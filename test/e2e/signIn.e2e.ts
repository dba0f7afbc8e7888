// Export API sign-in (issue 4, "End to end"): the authorization page in a new tab, Approve or Deny, and what
// the workbench shows afterwards; and the better 404 explanation a signed-in user gets.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Idp } from '../sandbox/idp';
import {
  EXPORT_PROVIDER_LABEL, SIGNED_IN_PAGE_TEXT, backToWorkbench, SIGN_OUT_COMMAND, startSignIn, statusTooltip, waitForAccountsMenu,
} from './support/accounts';
import { DOCS_HOME, targetedFile } from './support/docs';
import { useSessions } from './support/harness';
import type { Session } from './support/session';
import { clickPublishButton } from './support/publishFlow';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { notification, notificationMessage, openFile, runCommand } from './support/workbench';

// The sandbox provider's access tokens carry sub "alice" and email "alice@sandbox.invalid"; the extension
// labels the session with the email.
const ALICE = 'alice@sandbox.invalid';
const ALICE_ACCOUNT = `${ALICE} (${EXPORT_PROVIDER_LABEL})`;
const SIGNED_IN_MESSAGE = `Signed in to the export API as ${ALICE}.`;
const listsAlice = (labels: string[]): boolean => labels.includes(ALICE_ACCOUNT);
const listsNoExportSession = (labels: string[]): boolean => !labels.some((label) => label.includes(EXPORT_PROVIDER_LABEL));

function worldOf(session: Session): { idp: Idp; authUrl: string } {
  assert.ok(session.idp && session.authUrl, 'the session was started with the sandbox world');
  return { idp: session.idp, authUrl: session.authUrl };
}

/** The tab shows the configured identity provider's authorization page, reached at the address VS Code asked about. */
function assertIsAuthorizePage(opened: { authPage: Page; confirmedUrl: string }, world: { idp: Idp; authUrl: string }): void {
  assert.ok(opened.confirmedUrl.startsWith(`${world.authUrl}/authorize?`), `VS Code asked to open ${opened.confirmedUrl}`);
  const url = new URL(opened.authPage.url());
  assert.equal(url.origin, world.authUrl, 'the authorization page comes from the configured identity provider');
  assert.equal(url.pathname, '/authorize');
  assert.equal(url.searchParams.get('client_id'), world.idp.clientId);
  assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
}

describe('Export API sign-in', function () {
  const sessions = useSessions();

  it('11. Sign In opens the authorization page in a new tab; Approve signs in; Accounts and the tooltip show it; Sign Out ends it', async function () {
    const session = await sessions.start({ files: { 'notes.md': '# Notes\n' }, world: {} });
    const { page } = session;
    const world = worldOf(session);
    const { idp } = world;

    const opened = await startSignIn(page);
    const { authPage } = opened;
    assertIsAuthorizePage(opened, world);
    await authPage.getByRole('button', { name: 'Approve' }).click();
    await authPage.getByText(SIGNED_IN_PAGE_TEXT).waitFor();
    assert.equal(new URL(authPage.url()).hostname, '127.0.0.1', 'the callback is the loopback address');
    await backToWorkbench(authPage, page);
    await notification(page, SIGNED_IN_MESSAGE).waitFor();

    const labels = await waitForAccountsMenu(page, listsAlice);
    assert.ok(listsAlice(labels), `the Accounts menu lists "${ALICE_ACCOUNT}"; it lists: ${JSON.stringify(labels)}`);
    assert.match(await statusTooltip(page, /Export API/), /Export API: signed in\./, 'the tooltip shows the export session');
    assert.equal(idp.stats.codeRequests, 1, 'exactly one authorization_code token request');
    assert.equal(idp.stats.tokenRequests, 1, 'and no other token request');

    await runCommand(page, SIGN_OUT_COMMAND);
    await notification(page, /Signed out of the export API/).waitFor();
    const after = await waitForAccountsMenu(page, listsNoExportSession);
    assert.ok(listsNoExportSession(after), `the Accounts menu no longer lists the session; it lists: ${JSON.stringify(after)}`);
    assert.match(await statusTooltip(page, /Export API/), /Export API: not signed in/);
  });

  it('12. Deny on the authorization page: an error says the sign-in failed and nothing is stored', async function () {
    const session = await sessions.start({ files: { 'notes.md': '# Notes\n' }, world: {} });
    const { page } = session;
    const world = worldOf(session);
    const { idp } = world;

    const opened = await startSignIn(page);
    const { authPage } = opened;
    assertIsAuthorizePage(opened, world);
    await authPage.getByRole('button', { name: 'Deny' }).click();
    await authPage.getByText(/denied/i).first().waitFor();
    await backToWorkbench(authPage, page);
    const failure = notification(page, /Sign-in to the export API failed/).filter({ has: page.locator('.codicon-error') });
    await failure.waitFor();
    assert.match(await notificationMessage(failure), /denied/i, 'the error says access was denied');

    const labels = await accountsMenuAfterSettling(page);
    assert.ok(listsNoExportSession(labels), `the Accounts menu lists no export session; it lists: ${JSON.stringify(labels)}`);
    assert.match(await statusTooltip(page, /Export API/), /Export API: not signed in/);
    assert.equal(idp.stats.tokenRequests, 0, 'no code was exchanged');
  });

  it('13. a 404 while signed in names the missing parent page once, after the sandbox body', async function () {
    const session = await sessions.start({
      files: { 'runbook.md': targetedFile({ ...DOCS_HOME, parentId: '999999', pageTitle: 'Runbook' }) },
      world: { idp: { autoApprove: true } },
      beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }),
    });
    const { page, sandbox } = session;

    // The identity provider approves at once: the new tab goes straight to the extension's callback page.
    const { authPage } = await startSignIn(page);
    await authPage.getByText(SIGNED_IN_PAGE_TEXT).waitFor();
    await backToWorkbench(authPage, page);
    await notification(page, SIGNED_IN_MESSAGE).waitFor();

    await openFile(page, 'runbook.md');
    await clickPublishButton(page);
    const body = SANDBOX_BODIES.parentMissing('999999');
    const toast = notification(page, body).filter({ has: page.locator('.codicon-error') });
    await toast.waitFor();
    const message = await notificationMessage(toast);
    assert.ok(message.startsWith(body), `the message starts with the sandbox body: ${message}`);
    const finding = message.slice(body.length).trim();
    assert.equal(finding, 'Looked up with your sign-in: the space "DOCS" exists; no page 999999 is visible to you (deleted, never created, or hidden).',
      'the lookups\' finding, in place of the general explanation: the space is not blamed, the parent is named');
    assert.equal((message.match(/does not exist/g) ?? []).length, 1, `said once: ${message}`);
    assert.deepEqual(sandbox.imports.map((entry) => entry.status), [404]);
  });
});

/**
 * After a denied sign-in there is no change to wait for: the workbench has learnt about the provider once the
 * menu shows it is no longer loading, so read the menu until it has settled.
 */
async function accountsMenuAfterSettling(page: Page): Promise<string[]> {
  return waitForAccountsMenu(page, (labels) => !labels.some((label) => /loading/i.test(label)));
}
