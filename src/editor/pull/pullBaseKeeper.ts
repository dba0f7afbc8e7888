// Keeps Pull's base after a publish lands: behind the result's notification, never holding it up, and only when
// signed in and the page's ID and version are known. The rule (export once, keep it only while the page is still at
// the version this publish made, and the file's text with it only while it still makes what was sent) is the core's
// captureBase. The file is read as the publish left it: the open document's text at once (before the next
// keystroke), else the file on disk when its turn comes.
import * as vscode from 'vscode';
import type { PageLink } from '../../core/links/pageLink';
import { describeError } from '../../core/log/redact';
import type { Clock, Logger } from '../../core/ports';
import { openedPageKey, type PullBaseStore } from '../../core/pull/pullBase';
import { onDemand } from '../onDemandLoader';
import { diagramRendererSetting, omitTitleHeadingSetting } from '../publish/publishSettings';
import type { WikiAccess } from '../wiki/wikiAccess';

const CAPTURE_DEADLINE_MS = 60_000;

/** Why no base was kept (captureBase's reasons), in the log's words. */
const SKIPPED_BECAUSE: Record<'noIdentity' | 'deleted' | 'changed', string> = {
  noIdentity: 'the page\'s ID or version is not known',
  deleted: 'the page is gone from the wiki',
  changed: 'the page changed on the wiki since this publish made it',
};

export interface PullBaseKeeperDeps {
  wiki: WikiAccess;
  bases: PullBaseStore;
  clock: Clock;
  log: Logger;
}

export class PullBaseKeeper {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: PullBaseKeeperDeps) {}

  /** Starts keeping the base; returns at once. `identification` finds a new page's ID after the publish. */
  afterPublish(fileKey: string, link: PageLink, identification: Promise<PageLink | undefined> | undefined): void {
    const openText = vscode.workspace.textDocuments.find((document) => document.uri.toString() === fileKey)?.getText();
    // One export at a time: a many-file publish queues its files here rather than exporting them all at once.
    this.queue = this.queue.then(() => this.keep(fileKey, link, identification, openText)).catch((error: unknown) =>
      this.deps.log.warn(`Keeping the base for Pull failed: ${describeError(error)}`));
  }

  /** Settles once every base asked for so far is kept (or skipped): for tests, and for a caller that must wait. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Open Wiki Page as Markdown exported the page: that Markdown is the base of the document until it publishes. */
  async afterOpen(pageId: string, version: number, markdown: string): Promise<void> {
    await this.deps.bases.set(openedPageKey(pageId), { pageId, version, markdown, savedAt: this.deps.clock.now() });
  }

  private async keep(fileKey: string, link: PageLink, identification: Promise<PageLink | undefined> | undefined, openText: string | undefined): Promise<void> {
    const known = (await identification) ?? link;
    const pages = known.pageId && known.version !== undefined ? await this.deps.wiki.pages() : undefined;
    if (!pages) return;
    const signal = AbortSignal.timeout(CAPTURE_DEADLINE_MS);
    const text = openText ?? await this.readFile(fileKey);
    const settings = { omitTitleHeading: omitTitleHeadingSetting(), diagramRenderer: diagramRendererSetting() };
    const outcome = await onDemand().captureBase(fileKey, known, {
      pages, store: this.deps.bases, now: this.deps.clock.now(), signal, ...(text === undefined ? {} : { file: { text, settings } }),
      exportMarkdown: async (pageId, exportSignal) => (await this.deps.wiki.exportPage(pageId, known.pageTitle, exportSignal ?? signal)).markdown,
    });
    if (outcome.kind === 'kept') this.deps.log.info(`Kept page ${outcome.base.pageId} version ${outcome.base.version} as the base for Pull${outcome.base.fileText === undefined ? ' (without the file, changed since it was sent)' : ''}.`);
    else this.deps.log.info(`No base kept for Pull of page ${known.pageId ?? '?'}: ${SKIPPED_BECAUSE[outcome.reason]}.`);
  }

  /** The file as it is on disk; undefined when it cannot be read (the base is then kept without it). */
  private async readFile(fileKey: string): Promise<string | undefined> {
    try {
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.parse(fileKey, true)));
    } catch {
      return undefined;
    }
  }
}
