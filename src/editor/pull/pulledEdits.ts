// When a pulled edit counts as seen. Pull applies its merge unsaved, and an Undo, a revert or "Don't Save" can take it
// back before it reaches the file; recording the wiki's version at once would silence the edit guard for a colleague's
// edit the file never got, and the next publish would overwrite it. So the version (on the link) and its export (the
// next base) are recorded when the file is saved holding the edit, and taken back when a later save no longer holds
// it (auto-save writes an Undo too). Publishing unsaved text that holds the edit records it too (the page gets that
// text), and closing without saving judges the file again as it is on disk.
import * as vscode from 'vscode';
import type { PageLink } from '../../core/links/pageLink';
import { describeError } from '../../core/log/redact';
import type { Clock, Logger } from '../../core/ports';
import type { PulledEdit } from '../../core/pull/pull';
import type { PullBase, PullBaseStore } from '../../core/pull/pullBase';
import type { WikiPage } from '../../core/wikiPages';
import { onDemand } from '../onDemandLoader';
import type { GlobalStateLinkStore } from '../publish/pageLinks';

export interface PulledEditsDependencies {
  links: GlobalStateLinkStore;
  bases: PullBaseStore;
  clock: Clock;
  log: Logger;
}

/** One pull waiting for the file to be saved with it. */
export interface PendingPull {
  page: WikiPage;
  theirs: string;
  pulled: PulledEdit;
  /** The link Pull merged for (the file's own, or the one of the page it names); undefined when there was none. */
  link: PageLink | undefined;
}

interface Tracked extends PendingPull {
  /** The file's own link and base before, put back when a later save no longer holds the edit. */
  linkBefore: PageLink | undefined;
  baseBefore: PullBase | undefined;
  recorded: boolean;
  /** Recorded for a publish of unsaved text, not yet for a save. */
  unsaved: boolean;
}

export class PulledEdits implements vscode.Disposable {
  private readonly tracked = new Map<string, Tracked>();
  private readonly listeners: vscode.Disposable[];
  /** Saves come fast with auto-save: their checks run one after another, so a record and its undoing never interleave. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: PulledEditsDependencies) {
    this.listeners = [
      vscode.workspace.onDidSaveTextDocument((document) => this.enqueue(() => this.saved(document))),
      vscode.workspace.onDidCloseTextDocument((document) => this.enqueue(() => this.closed(document))),
    ];
  }

  /** Recorded now when the document is saved and holds the edit already; otherwise on a save that holds it. */
  async track(document: vscode.TextDocument, pending: PendingPull): Promise<void> {
    const fileKey = document.uri.toString();
    return this.enqueue(async () => {
      const entry: Tracked = { ...pending, linkBefore: await this.deps.links.get(fileKey), baseBefore: await this.deps.bases.get(fileKey), recorded: false, unsaved: false };
      this.tracked.set(fileKey, entry);
      if (!document.isDirty && !document.isClosed) await this.check(fileKey, entry, document.getText());
    });
  }

  /** Before a publish: the text about to be sent holds the pulled edit, so its version is no colleague's edit to warn of. */
  async beforePublish(document: vscode.TextDocument): Promise<void> {
    const fileKey = document.uri.toString();
    return this.enqueue(async () => {
      const entry = this.tracked.get(fileKey);
      if (!entry || entry.recorded) return;
      await this.check(fileKey, entry, document.getText());
      entry.unsaved = entry.recorded && document.isDirty;
    });
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.tracked.clear();
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step).catch((error: unknown) => this.deps.log.warn(`Recording a pulled edit failed: ${describeError(error)}`));
    return this.queue;
  }

  private async saved(document: vscode.TextDocument): Promise<void> {
    const fileKey = document.uri.toString();
    const entry = this.tracked.get(fileKey);
    if (!entry) return;
    await this.check(fileKey, entry, document.getText());
    entry.unsaved = false;
  }

  /** Closed, perhaps with "Don't Save": what counts is the file as last saved. */
  private async closed(document: vscode.TextDocument): Promise<void> {
    const fileKey = document.uri.toString();
    const entry = this.tracked.get(fileKey);
    this.tracked.delete(fileKey);
    if (!entry?.unsaved) return;
    const onDisk = new TextDecoder().decode(await vscode.workspace.fs.readFile(document.uri));
    await this.check(fileKey, entry, onDisk);
  }

  private async check(fileKey: string, entry: Tracked, text: string): Promise<void> {
    const version = (await this.deps.links.get(fileKey))?.version;
    // A publish or another pull since moved the link on: this pull has nothing more to record or take back.
    if (version !== (entry.recorded ? entry.page.version : entry.linkBefore?.version)) {
      this.tracked.delete(fileKey);
      return;
    }
    const holds = onDemand().holdsPulledEdit(text, entry.pulled);
    if (holds === entry.recorded) return;
    if (holds) await this.record(fileKey, entry);
    else await this.takeBack(fileKey, entry);
    entry.recorded = holds;
  }

  /** The wiki's version counts as seen, and its export is the next pull's base. */
  private async record(fileKey: string, entry: Tracked): Promise<void> {
    const core = onDemand();
    if (entry.link) await this.deps.links.set(fileKey, core.linkAfterPull(entry.link, entry.page));
    await this.deps.bases.set(fileKey, core.baseAfterPull(entry.page, entry.theirs, this.deps.clock.now(), entry.pulled));
  }

  private async takeBack(fileKey: string, entry: Tracked): Promise<void> {
    if (entry.link) await (entry.linkBefore ? this.deps.links.set(fileKey, entry.linkBefore) : this.deps.links.delete(fileKey));
    await (entry.baseBefore ? this.deps.bases.set(fileKey, entry.baseBefore) : this.deps.bases.delete(fileKey));
  }
}
