// Publishing a file as the editor does, for the Pull and Compare tests against the sandbox wiki: plan, guard, send,
// link, identify the page, then keep Pull's base as the editor's base keeper does (the page's export, and the file's
// text when it still makes what was sent), and a colleague's edit of the page on the wiki.
import assert from 'node:assert/strict';
import { exportPageMarkdown } from '../../src/core/export';
import { identifyPage, withIdentity } from '../../src/core/links/pageIdentity';
import type { PageLink } from '../../src/core/links/pageLink';
import { captureBase, type PublishedFileSettings, type PullBaseStore } from '../../src/core/pull';
import { guardPlan } from '../../src/core/run/guard';
import { planFile, type PlanOptions } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { heldContent } from '../../src/core/run/plannedContent';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import type { SignedInWorld } from './signedInWorld';

export interface PublishForPull {
  key: string;
  label: string;
  text: string;
  link: PageLink | undefined;
  /** What a run makes of the content before it sends it (links rewritten); as planned when not given. */
  sent?: (content: string) => string;
  settings?: PublishedFileSettings;
  options?: PlanOptions;
  /** Keeps Pull's base as the editor's base keeper does; the core's captureBase with the file's text when not given. */
  keep?: (key: string, link: PageLink) => Promise<void>;
}

/** The Markdown of a page through the export API, as the editor reads it. */
export function exportOf(signedIn: SignedInWorld): (pageId: string, signal?: AbortSignal) => Promise<string> {
  return async (pageId, signal) => (await exportPageMarkdown({
    apiUrl: signedIn.world.sandbox.exportApiUrl, pageId, transport: signedIn.transport,
    getAccessToken: async () => signedIn.accessToken, ...(signal ? { signal } : {}),
  })).markdown;
}

/** Publishes as the editor does and keeps the base: the link the publish leaves, and the guard's verdict before it. */
export async function publishForPull(signedIn: SignedInWorld, bases: PullBaseStore, file: PublishForPull): Promise<{ link: PageLink; guard: string | undefined }> {
  const settings = file.settings ?? {};
  const item = planFile({ key: file.key, label: file.label, text: file.text }, file.link, {
    defaults: { overwrite: true }, ...(settings.diagramRenderer ? { diagramRenderer: settings.diagramRenderer } : {}),
    ...(settings.omitTitleHeading ? { omitTitleHeading: true } : {}), ...file.options,
  });
  assert.equal(item.state, 'send', `${item.state}: ${item.refusals.map((refusal) => refusal.message).join(' ')}`);
  await guardPlan([item], { pages: signedIn.pages, noAccessReason: 'not signed in' });
  const guard = item.guard?.kind;
  if (item.state !== 'send' || !item.complete) return { link: file.link as PageLink, guard };
  const content = file.sent ? file.sent(heldContent(item)) : heldContent(item);
  const outcome = await sendPlanned(item, item.complete, { signal: new AbortController().signal, gate: new ThrottleGate(), content }, {
    endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
  });
  assert.ok(outcome.kind === 'created' || outcome.kind === 'updated', outcome.message);
  const landed = linkAfterPublish(item, item.complete, Date.now(), outcome.kind);
  const identity = await identifyPage(signedIn.pages, item.complete);
  const known = identity ? withIdentity(landed, identity) : landed;
  if (file.keep) await file.keep(file.key, known);
  else {
    // As the editor's base keeper: the file's text as the publish left it, kept with the base when it made what was sent.
    const kept = await captureBase(file.key, known, { pages: signedIn.pages, exportMarkdown: exportOf(signedIn), store: bases, now: Date.now(), file: { text: file.text, settings } });
    assert.equal(kept.kind, 'kept');
  }
  return { link: known, guard };
}

/** A colleague's edit of the page on the wiki, made on the Markdown the page holds. */
export function colleagueEdits(signedIn: SignedInWorld, pageId: string, edit: (stored: string) => string): void {
  const page = signedIn.world.sandbox.pages().find((candidate) => candidate.id === pageId);
  assert.ok(page, `page ${pageId} is on the wiki`);
  const edited = edit(page.markdown);
  assert.notEqual(edited, page.markdown, 'the colleague\'s edit changes the page');
  // The text is edited; the publish notice below it stays, as an editor on the wiki leaves it.
  signedIn.world.sandbox.editPageOnWiki(pageId, page.imported.replace(page.markdown, edited));
}
