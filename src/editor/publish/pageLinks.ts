import type * as vscode from 'vscode';
import { forgetLinks, moveLinks } from '../../core/links/moveLinks';
import { parsePageLink, type LinkStore, type PageLink } from '../../core/links/pageLink';
import { systemClock, type Clock } from '../../core/ports';

const LINKS_KEY = 'wikiPublisher.pageLinks';
/** Where files were published before links existed: read once, as links without a content hash. */
const LEGACY_TARGETS_KEY = 'wikiPublisher.lastTargets';
/** Pages opened with "Open Wiki Page as Markdown", by page ID, until a file that names the page publishes. */
const OPENED_PAGES_KEY = 'wikiPublisher.openedPages';
const MAX_FILES = 500;
const MAX_OPENED = 50;

/**
 * A link as stored: with when it was written (`writtenAt`, ms), by which the store keeps its newest links when full.
 * Not `publishedAt`: the mark of a create that may have landed unconfirmed has publishedAt 0, and it is the newest link
 * and the one whose loss turns the next publish into "already exists". Links stored before `writtenAt` have none.
 */
type StoredLink = PageLink & { writtenAt?: number };
type LinksByFile = Record<string, StoredLink>;

/** When a stored link was written; one stored before `writtenAt` was kept is taken as written when it published. */
function writtenAtOf(stored: unknown): number {
  if (typeof stored !== 'object' || stored === null) return 0;
  const { writtenAt, publishedAt } = stored as Record<string, unknown>;
  if (typeof writtenAt === 'number') return writtenAt;
  return typeof publishedAt === 'number' ? publishedAt : 0;
}

/**
 * Untitled documents are never linked: VS Code reuses "Untitled-1", so a link kept for one would be inherited by the
 * next scratch document. A page opened from the wiki keeps its identity in its front matter (wiki.pageId) until saved.
 */
function linkable(fileKey: string): boolean {
  return !fileKey.startsWith('untitled:');
}

/**
 * Each file's link to its wiki page, in the extension's global state: per user, across windows and restarts, never
 * in the workspace (a repository must not be able to tell the extension which page a file "is").
 */
export class GlobalStateLinkStore implements LinkStore {
  private readonly listeners = new Set<(fileKeys: readonly string[] | undefined) => void>();

  constructor(private readonly state: vscode.Memento, private readonly clock: Clock = systemClock) {}

  /**
   * Hears every change of the links (the Wiki Pages view re-decides a file when it publishes): the keys changed, or
   * undefined for a move or deletion that may touch many.
   */
  onDidChange(listener: (fileKeys: readonly string[] | undefined) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private changed(fileKeys: readonly string[] | undefined): void {
    for (const listener of this.listeners) listener(fileKeys);
  }

  async get(fileKey: string): Promise<PageLink | undefined> {
    if (!linkable(fileKey)) return undefined;
    return parsePageLink(this.links()[fileKey]) ?? parsePageLink(this.state.get<Record<string, unknown>>(LEGACY_TARGETS_KEY, {})[fileKey]);
  }

  async set(fileKey: string, link: PageLink): Promise<void> {
    if (!linkable(fileKey)) return;
    // The link written now is the newest, whatever the clock says of the others: it is never the one pruned.
    const written: StoredLink = { ...link, writtenAt: this.clock.now() };
    const others = Object.entries(this.links()).filter(([key]) => key !== fileKey)
      .sort(([, a], [, b]) => writtenAtOf(b) - writtenAtOf(a)).slice(0, MAX_FILES - 1);
    await this.state.update(LINKS_KEY, Object.fromEntries([[fileKey, written], ...others]));
    this.changed([fileKey]);
  }

  /** Many links in one write (the core's recordFoundPages: a folder's pages found as their files left them). */
  async setMany(links: ReadonlyMap<string, PageLink>): Promise<void> {
    const now = this.clock.now();
    const written = [...links].filter(([fileKey]) => linkable(fileKey)).map(([fileKey, link]): [string, StoredLink] => [fileKey, { ...link, writtenAt: now }]);
    if (written.length === 0) return;
    // The links written now are the newest, whatever the clock says of the others: the others are pruned first.
    const others = Object.entries(this.links()).filter(([key]) => !links.has(key))
      .sort(([, a], [, b]) => writtenAtOf(b) - writtenAtOf(a)).slice(0, Math.max(0, MAX_FILES - written.length));
    await this.state.update(LINKS_KEY, Object.fromEntries([...written.slice(0, MAX_FILES), ...others]));
    this.changed(written.map(([fileKey]) => fileKey));
  }

  async delete(fileKey: string): Promise<void> {
    const links = { ...this.links() };
    const legacy = { ...this.state.get<Record<string, unknown>>(LEGACY_TARGETS_KEY, {}) };
    if (!(fileKey in links) && !(fileKey in legacy)) return;
    delete links[fileKey];
    delete legacy[fileKey];
    await this.state.update(LINKS_KEY, links);
    await this.state.update(LEGACY_TARGETS_KEY, legacy);
    this.changed([fileKey]);
  }

  /**
   * A file or folder was renamed or moved: its links (a folder's: every file under it) follow, and win over any
   * stale link left at the destination by a file that is gone.
   */
  async move(from: string, to: string): Promise<void> {
    const legacy = parsePageLink(this.state.get<Record<string, unknown>>(LEGACY_TARGETS_KEY, {})[from]);
    // The page's notice names the file as it was until the renamed file publishes it: the guard knows it by that name too.
    const moved = moveLinks(this.links(), from, to, (link, oldKey) => ({ ...link, formerFile: link.formerFile ?? oldKey }));
    if (moved) await this.state.update(LINKS_KEY, moved);
    if (legacy && !moved?.[to]) await this.set(to, legacy);
    if (moved) this.changed(undefined);
  }

  /** A file or folder was deleted: its links (a folder's: every file under it) go with it. */
  async forget(gone: string): Promise<void> {
    const kept = forgetLinks(this.links(), gone);
    if (kept) await this.state.update(LINKS_KEY, kept);
    const legacy = forgetLinks(this.state.get<Record<string, unknown>>(LEGACY_TARGETS_KEY, {}), gone);
    if (legacy) await this.state.update(LEGACY_TARGETS_KEY, legacy);
    if (kept || legacy) this.changed(undefined);
  }

  /** The links of the files under `folderKey` (a folder's URI ending in '/'), with their keys. */
  linksUnder(folderKey: string): Array<[string, PageLink]> {
    const found: Array<[string, PageLink]> = [];
    for (const [key, stored] of Object.entries(this.links())) {
      const link = key.startsWith(folderKey) ? parsePageLink(stored) : undefined;
      if (link) found.push([key, link]);
    }
    return found;
  }

  /** The files this machine links to the page `pageId` (their keys): a page the workspace already has a file of. */
  filesOfPage(pageId: string): string[] {
    return Object.entries(this.links()).filter(([key, stored]) => linkable(key) && parsePageLink(stored)?.pageId === pageId).map(([key]) => key);
  }

  /** Remembers a page opened from the wiki, so the file that names it (wiki.pageId) publishes to it as its own. */
  async rememberOpened(pageId: string, link: PageLink): Promise<void> {
    const opened = { ...this.state.get<LinksByFile>(OPENED_PAGES_KEY, {}), [pageId]: link };
    const newestFirst = Object.entries(opened).sort(([, a], [, b]) => b.publishedAt - a.publishedAt).slice(0, MAX_OPENED);
    await this.state.update(OPENED_PAGES_KEY, Object.fromEntries(newestFirst));
  }

  async opened(pageId: string): Promise<PageLink | undefined> {
    return parsePageLink(this.state.get<Record<string, unknown>>(OPENED_PAGES_KEY, {})[pageId]);
  }

  private links(): LinksByFile {
    return this.state.get<LinksByFile>(LINKS_KEY, {});
  }
}
