// A file's link to the wiki page it published. The import endpoint answers with a sentence only, so the link
// starts as the target the file was sent to; when signed in to the export API the page's ID, version and address
// are filled in afterwards from the platform's page routes. The editor keeps links in its global state, the
// command-line tool in an optional state file; both behind LinkStore.

export interface PageLink {
  spaceId: string;
  parentId: string;
  pageTitle: string;
  /** The page's ID on the wiki, once known; it stays stable when the title changes there. */
  pageId?: string;
  /** The page's version right after this file's last publish: a higher one on the wiki means someone edited it. */
  version?: number;
  /** The page's address, once known. */
  url?: string;
  /** SHA-256 (hex) of the Markdown last sent, so an unchanged file can be skipped. */
  contentSha256?: string;
  /** The file's own title (front matter title, first heading or name) when it last published: a change is asked about. */
  fileTitle?: string;
  /**
   * A page of a tree: a digest of the pages its links reached when it last published (their IDs). When one of them
   * has another ID now (deleted on the wiki and created again), the page is sent again, though its text is the same.
   */
  linkTargets?: string;
  /**
   * A send of the file after the publish this link records may have landed unconfirmed (interrupted while out, its
   * answer lost): a newer version by the publishing account is that send, which the edit guard explains as its own.
   * On a link of a file that never published (`publishedAt` 0, no page ID), the send was a create: isUnconfirmedCreate.
   */
  unconfirmedSend?: true;
  /**
   * The page's version that Pull on this machine took into the file: while the page is still at it, what the page holds
   * is in the file, though its publish notice names an earlier version (the colleague's edit since is no longer news).
   */
  pulledVersion?: number;
  /** When the file last published successfully (ms since the epoch); 0: never from this machine. */
  publishedAt: number;
  /**
   * A link the repository's manifest made (repositoryLinks.ts), never stored: the recorded pages it relies on, the
   * file's own first, then each folder's up to the top. The edit guard checks them on the wiki before the link is used
   * (run/recordedLinks.ts): a pull request can change any of them.
   */
  recorded?: readonly RecordedStep[];
  /**
   * The file this link's file was before a rename (its key or label): the page's notice names that file until the
   * renamed one publishes it (run/publishedFrom.ts).
   */
  formerFile?: string;
}

/** One entry of the repository's manifest a link relies on, with the parent the manifest's shape gives it. */
export interface RecordedStep {
  /** The manifest's key (`guide/`, `guide/setup.md`). */
  key: string;
  id: string;
  title: string;
  /** The page it must be under: the folder above's recorded page, or the tree's parent page at the top. */
  parentId: string;
  /** Where the manifest writes it (`docs/.wiki-pages.json:7`). */
  at: string;
}

export interface LinkStore {
  get(fileKey: string): Promise<PageLink | undefined>;
  set(fileKey: string, link: PageLink): Promise<void>;
  delete(fileKey: string): Promise<void>;
}

/** Reads a stored link; anything malformed counts as no link. */
/** What a repository's records (.wiki-pages.json, tree/repositoryLinks.ts) say of the files of a publish. */
export interface RepositoryLinks {
  /** By file key: the recorded page of each file that has one. */
  links: Map<string, PageLink>;
  /** Manifests that could not be read or parsed, with why: their files publish as if no page were recorded. */
  problems: string[];
  /**
   * Entries a file could be taken for but is not (its path in another case), and entries no walk can give (set aside
   * as read: PageManifest.setAside), each said once: never used.
   */
  entryFindings: string[];
}

export function parsePageLink(value: unknown): PageLink | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const text = (key: string): string | undefined => (typeof v[key] === 'string' && v[key] !== '' ? (v[key] as string) : undefined);
  const spaceId = text('spaceId');
  const parentId = text('parentId');
  const pageTitle = text('pageTitle');
  if (spaceId === undefined || parentId === undefined || pageTitle === undefined) return undefined;
  const publishedAt = typeof v.publishedAt === 'number' ? v.publishedAt : typeof v.at === 'number' ? v.at : 0;
  const link: PageLink = { spaceId, parentId, pageTitle, publishedAt };
  const pageId = text('pageId');
  if (pageId !== undefined && /^\d+$/.test(pageId)) link.pageId = pageId;
  if (typeof v.version === 'number' && Number.isSafeInteger(v.version)) link.version = v.version;
  if (typeof v.pulledVersion === 'number' && Number.isSafeInteger(v.pulledVersion)) link.pulledVersion = v.pulledVersion;
  const url = text('url');
  if (url !== undefined) link.url = url;
  const contentSha256 = text('contentSha256');
  if (contentSha256 !== undefined) link.contentSha256 = contentSha256;
  const fileTitle = text('fileTitle');
  if (fileTitle !== undefined) link.fileTitle = fileTitle;
  const linkTargets = text('linkTargets');
  if (linkTargets !== undefined) link.linkTargets = linkTargets;
  if (v.unconfirmedSend === true) link.unconfirmedSend = true;
  const formerFile = text('formerFile');
  if (formerFile !== undefined) link.formerFile = formerFile;
  return link;
}

/** Whether the link points at this page (same space, parent and title: the importer's notion of "same page"). */
export function linkNames(link: Pick<PageLink, 'spaceId' | 'parentId' | 'pageTitle'> | undefined, target: { spaceId: string; parentId: string; pageTitle: string }): boolean {
  return link !== undefined && link.spaceId === target.spaceId && link.parentId === target.parentId && link.pageTitle === target.pageTitle;
}

/**
 * A link the repository gave (.wiki-pages.json): the page is known, but this machine never published it (time 0, no
 * version). The edit guard decides from the page's publish notice whether its latest version is a publish of this
 * file (a teammate's, CI's) or an edit; one it cannot tell is shown.
 */
export function isRepositoryLink(link: PageLink | undefined): boolean {
  return link !== undefined && link.publishedAt === 0 && link.version === undefined && link.unconfirmedSend === undefined;
}

/**
 * The record of a file that never published, whose create went out to this place and may have landed unconfirmed
 * (interrupted while out, its answer lost): not a link to a page of the file, which has none it knows of, but the
 * place where a page found may be the one that create made (guard.ts, adoptOwnPage).
 */
export function isUnconfirmedCreate(link: PageLink | undefined): boolean {
  return link?.unconfirmedSend === true && link.publishedAt === 0 && link.pageId === undefined;
}

/** The record a create that may have landed unconfirmed leaves (isUnconfirmedCreate): its place, marked. */
export function unconfirmedCreateLink(target: { spaceId: string; parentId: string; pageTitle: string }): PageLink {
  return { spaceId: target.spaceId, parentId: target.parentId, pageTitle: target.pageTitle, unconfirmedSend: true, publishedAt: 0 };
}
