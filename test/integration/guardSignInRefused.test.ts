// The edit guard when the wiki refuses the editor's sign-in itself (HTTP 401 on its page lookups), against the sandbox
// world: the update stays held (never sent blind), as for any lookup that failed, but it is told apart, so the editor
// says the sign-in was refused and offers signing in again rather than "publish again to check", which cannot help.
// The editor's words come from its guard step under a vscode with only l10n.
import assert from 'node:assert/strict';
import { credentialRefusedOnWiki, guardPlan, unreadOnWiki } from '../../src/core/run/guard';
import { planFile, type PlanItem } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { heldContent } from '../../src/core/run/plannedContent';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import type { PageLink } from '../../src/core/links/pageLink';
import { createWikiPagesClient, type WikiPagesClient } from '../../src/core/wikiPages';
import { installL10nOnlyVscode } from '../support/fakeL10n';
import { useSignedInWorld } from '../support/signedInWorld';

const GUARD_STEP = require.resolve('../../src/editor/publish/guardStep');

describe('the edit guard when the wiki refuses the sign-in, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  let editorWords: typeof import('../../src/editor/publish/guardStep');
  let uninstall: () => void;
  before(() => {
    uninstall = installL10nOnlyVscode({});
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded under the fake vscode installed above
    editorWords = require(GUARD_STEP) as typeof import('../../src/editor/publish/guardStep');
  });
  // Removing the fake drops every editor module loaded under it (the guard step's catalogues too), so later tests load
  // them under their own vscode (the message catalogue test's German bundle).
  after(() => uninstall());

  const DEFAULTS = { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Guide', overwrite: false };
  const file = (text: string): { key: string; label: string; text: string } => ({ key: 'file:///docs/guide.md', label: 'guide.md', text });

  /** Publishes the file once, for real, and gives its link: the next publish is an update the guard looks up. */
  async function published(): Promise<PageLink> {
    const item = planFile(file('# Guide\n\nFirst.\n'), undefined, { defaults: DEFAULTS });
    assert.ok(item.complete);
    const outcome = await sendPlanned(item, item.complete, { signal: new AbortController().signal, gate: new ThrottleGate(), content: heldContent(item) }, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    });
    assert.equal(outcome.kind, 'created');
    return linkAfterPublish(item, item.complete, Date.now(), 'created');
  }

  async function guardedUpdate(link: PageLink, pages: WikiPagesClient): Promise<PlanItem> {
    const item = planFile(file('# Guide\n\nSecond.\n'), link, { defaults: DEFAULTS });
    assert.equal(item.complete?.overwrite, true, 'an update');
    await guardPlan([item], { pages, noAccessReason: 'no page access', overwriteEdited: false });
    return item;
  }

  it('holds the update, tells the refused sign-in apart, and words it as a sign-in to renew, not a wiki to read again', async () => {
    const link = await published();
    const refusedSignIn = createWikiPagesClient({ baseUrl: signedIn.world.sandbox.baseUrl, transport: signedIn.transport, getAccessToken: async () => 'a-revoked-session-token' });
    const item = await guardedUpdate(link, refusedSignIn);
    assert.equal(item.state, 'edited', 'held back: never sent blind');
    assert.ok(unreadOnWiki(item.guard));
    assert.equal(credentialRefusedOnWiki(item.guard), true);
    assert.equal(editorWords.signInRefused(item), true);
    const words = editorWords.unreadText(item);
    assert.equal(words, 'the wiki refused your export API sign-in (HTTP 401), so it could not be checked for edits');
    assert.doesNotMatch(words, /could not be read/);
  });

  it('a lookup that fails otherwise (HTTP 500) is still "could not be read", to check again', async () => {
    const link = await published();
    signedIn.world.sandbox.setPageLookupFault('error');
    try {
      const item = await guardedUpdate(link, signedIn.pages);
      assert.equal(item.state, 'edited');
      assert.equal(credentialRefusedOnWiki(item.guard), false);
      assert.equal(editorWords.signInRefused(item), false);
      assert.match(editorWords.unreadText(item), /^the wiki could not be read to check for edits: /);
    } finally {
      signedIn.world.sandbox.setPageLookupFault(undefined);
    }
  });

  it('signed out by the server (revoked or expired), an update is held as for a refused sign-in, not sent unchecked', async () => {
    const link = await published();
    const signedOutBy = (revoked: boolean) => ({ wiki: { signInRevoked: async () => revoked } }) as unknown as Parameters<typeof editorWords.noAccessOptions>[0];
    const revokedOptions = await editorWords.noAccessOptions(signedOutBy(true), undefined);
    assert.equal(revokedOptions.noAccessHeld, true);
    const update = planFile(file('# Guide\n\nSecond.\n'), link, { defaults: DEFAULTS });
    const create = planFile({ ...file('# New\n'), key: 'file:///docs/new.md', label: 'new.md' }, undefined, { defaults: { ...DEFAULTS, pageTitle: 'New' } });
    await guardPlan([update, create], { pages: undefined, ...revokedOptions });
    assert.equal(update.state, 'edited', 'held back: never sent blind');
    assert.equal(credentialRefusedOnWiki(update.guard), true);
    assert.equal(editorWords.signInEnded(update), true);
    assert.equal(editorWords.signInRefused(update), true, 'the sign-in is offered, as for a refused one');
    assert.equal(editorWords.unreadText(update), 'your export API sign-in has expired or was revoked, so it could not be checked for edits');
    assert.equal(create.state, 'send', 'a create cannot replace an edit: it needs no check');

    // The user's choice to overwrite sends it, unchecked, and says so.
    const chosen = planFile(file('# Guide\n\nSecond.\n'), link, { defaults: DEFAULTS });
    await guardPlan([chosen], { pages: undefined, ...revokedOptions, overwriteEdited: true });
    assert.equal(chosen.state, 'send');
    assert.match(editorWords.uncheckedNote([chosen]) ?? '', /^Wiki edits were not checked: your export API sign-in has expired or was revoked/);

    // Signed out by the user (or never signed in): sent, with the note that edits were not checked.
    const userOptions = await editorWords.noAccessOptions(signedOutBy(false), undefined);
    assert.equal(userOptions.noAccessHeld, undefined);
    const unchecked = planFile(file('# Guide\n\nSecond.\n'), link, { defaults: DEFAULTS });
    await guardPlan([unchecked], { pages: undefined, ...userOptions });
    assert.equal(unchecked.state, 'send');
    assert.equal(unreadOnWiki(unchecked.guard), false);
    assert.match(editorWords.uncheckedNote([unchecked]) ?? '', /you are not signed in to the export API/);

    // Signed in, the lookup decides: the marker of an earlier revoked sign-in is not asked.
    const signedInOptions = await editorWords.noAccessOptions(signedOutBy(true), signedIn.pages);
    assert.equal(signedInOptions.noAccessHeld, undefined);
  });
});
