// Where a Markdown file stands against its wiki page (issue 15, the Wiki Pages view and the Explorer badges). Decided
// from what is cheap to know: this machine's link (version and content hash of the last publish), the repository's
// page manifest (a tree's page IDs), what a publish would send now, and the page's current version as the platform's
// page routes give it, with the publish notice its body carries. Never from exporting pages. "Changed on the wiki" is
// the edit guard's own verdict on what the page holds (pageTruth.ts, with run/wikiVerdict.ts), so the view and the
// guard never disagree about a page; the link's version decides only a page whose body says nothing (changedOnWikiSince).
import { isUnconfirmedCreate, type PageLink } from '../links/pageLink';
import { changedOnWikiSince, underAnotherParent } from '../run/guard';
import type { PageVersion, WikiPage } from '../wikiPages';
import { noticeHoldsFile, pageTruth, publishOfFile, type SendItem } from './pageTruth';

export type PageStateKind =
  /** Changed on the wiki since this file last published it (maybe modified here too: see `modifiedHere`). */
  | 'changedOnWiki'
  /** Publishing now would send something: the file changed since it last published, and the page did not. */
  | 'modifiedHere'
  /** The page the file publishes to is gone (deleted, or hidden from this user), or no longer found by its title. */
  | 'deletedOnWiki'
  /** Recorded in the repository's page manifest but never published from this machine: a teammate's or CI's page. */
  | 'publishedElsewhere'
  /** No link and no recorded page. */
  | 'notPublished'
  /** The page is at the version this file left, and publishing now would change nothing. */
  | 'inSync'
  /** Nothing to publish here, but the wiki could not be read (no sign-in, or the read failed): not called in sync. */
  | 'unchecked';

/** What the wiki said of a file's page, as one read of the view found it. */
export type WikiSide =
  | { kind: 'page'; page: WikiPage }
  /** Asked by ID and not answered: deleted, or hidden from this user. */
  | { kind: 'gone' }
  /** Looked for by title under its parent (a link without an ID) and not found: deleted, renamed or moved. */
  | { kind: 'notFound' }
  /** Not read: no page access, the read failed, or the page was linked after the last read. */
  | { kind: 'notRead'; reason: NotReadReason };

/** Why a page's wiki side is unknown: no page access (not signed in), a failed read, or not read yet (linked since). */
export type NotReadReason = 'noAccess' | 'failed' | 'pending';

export interface FileFacts {
  /** This machine's link to the page, from its last publish here. */
  link: PageLink | undefined;
  /** The page ID the repository's manifest records for the file (a page tree). */
  recordedPageId: string | undefined;
  /**
   * Whether publishing the file now would send something (the plan's own verdict: anything but "unchanged");
   * undefined when the file could not be read.
   */
  wouldPublish: boolean | undefined;
  wiki: WikiSide;
  /**
   * What a publish of the file would send now (pageTruth.ts sendItem): with it, the page's notice decides as the edit
   * guard decides; without it (the file unread), the link does.
   */
  sends?: SendItem;
  /** The page's history, newest first, when its notice names an older version than the page's (pageTruth.ts). */
  history?: readonly PageVersion[];
}

export interface PageState {
  kind: PageStateKind;
  /** The file changed since it last published from here (also said with changedOnWiki and deletedOnWiki). */
  modifiedHere: boolean;
  /** The page's ID, when known. */
  pageId: string | undefined;
  /** The page as the wiki gave it in this read. */
  page: WikiPage | undefined;
  /**
   * The page's latest version is a publish by this tool (anyone's: a teammate's, CI's, this machine's), as the publish
   * notice it carries says (its version is the page's); false for a version made on the wiki, or one the wiki cannot tell.
   */
  publishedVersion: boolean;
  /** Why the wiki's side is unknown, when it is. */
  wikiUnread: NotReadReason | undefined;
  /**
   * With 'changedOnWiki': the page is under this parent now, not the one this file last published it under (moved on
   * the wiki, maybe with no new version). The edit guard holds such a file back, since publishing makes a second page.
   */
  movedUnder?: string;
  /** With 'changedOnWiki': renamed on the wiki from this title (the page's is in `page`), as the edit guard holds it. */
  renamedFrom?: string;
  /**
   * With 'publishedElsewhere': the page the repository records was read with its body and carries no publish notice,
   * so nothing on the wiki shows this tool published it (published with notices off, made by hand, or a record a pull
   * request changed): said so, not as a page "published from another clone".
   */
  recordUnconfirmed?: true;
  /**
   * With 'modifiedHere': the page holds a publish of this file that this machine did not record (CI's, a teammate's, or
   * one from here the link missed), of another text than the file's now. A publish, not a colleague's edit.
   */
  otherPublish?: true;
}

/**
 * The file's state. With a link, a wiki read decides changed / deleted / as left, and the local plan decides
 * modified; without a read, only local state is said ('modifiedHere' or 'unchecked', never 'inSync' on a guess). A
 * page recorded in the repository but never published from here has no version or hash of ours to compare with, so
 * it is 'publishedElsewhere' with the page's current version, never 'inSync'.
 */
export function decidePageState(facts: FileFacts): PageState {
  const { wiki } = facts;
  // A link that says only that a create may have landed unconfirmed names no page of the file: it never published.
  const link = isUnconfirmedCreate(facts.link) ? undefined : facts.link;
  const pageId = link?.pageId ?? facts.recordedPageId;
  const page = wiki.kind === 'page' ? wiki.page : undefined;
  const base: PageState = {
    kind: 'notPublished', modifiedHere: false, pageId: page?.id ?? pageId, page,
    // The notice says so, or this machine's link recorded this very version as its publish (the view then reads no body).
    publishedVersion: page !== undefined && ((page.body?.marker !== undefined && page.body.marker.version === page.version) || (facts.link?.version !== undefined && facts.link.version === page.version)),
    wikiUnread: wiki.kind === 'notRead' ? wiki.reason : undefined,
  };
  if (!link && pageId === undefined) return { kind: 'notPublished', modifiedHere: false, pageId: undefined, page: undefined, publishedVersion: false, wikiUnread: undefined };
  const gone = wiki.kind === 'gone' || wiki.kind === 'notFound';
  if (!link) {
    if (!gone && page?.body !== undefined && page.body.marker === undefined) base.recordUnconfirmed = true;
    return decided(base, gone ? 'deletedOnWiki' : 'publishedElsewhere', false);
  }
  const modifiedHere = facts.wouldPublish !== false;
  if (gone) return decided(base, 'deletedOnWiki', modifiedHere);
  // The guard's own rule for a page under another parent than the file's (guard.ts lookUp): held back as edited.
  if (page && underAnotherParent(page, link.parentId)) {
    base.movedUnder = page.parentId;
    return decided(base, 'changedOnWiki', modifiedHere);
  }
  // What the page holds now, by the notice it carries, as the edit guard decides it: the link is only a cache of that.
  const truth = page && facts.sends ? pageTruth(page, facts.sends, link, facts.history) : undefined;
  if (page && facts.sends && typeof truth === 'object') {
    if (truth.kind === 'edited') {
      if (truth.renamedTo !== undefined) base.renamedFrom = link.pageTitle;
      // Modified here too unless the file holds what the publish the page's notice names sent.
      return decided(base, 'changedOnWiki', modifiedHere && !noticeHoldsFile(page, facts.sends));
    }
    if (truth.kind === 'asLeft' && truth.sameContent === true) return decided(base, 'inSync', false);
    if (truth.kind === 'asLeft' && publishOfFile(page, facts.sends)) {
      // A publish of this file of another text than it holds now: publishing sends the file, as the guard would.
      if (page.version !== link.version) base.otherPublish = true;
      return decided(base, 'modifiedHere', true);
    }
  }
  // Nothing on the page to go by (read without its body, or its history unread): the link decides, as before notices.
  if (page && (truth === undefined || truth === 'history') && changedOnWikiSince(page, link)) return decided(base, 'changedOnWiki', modifiedHere);
  if (modifiedHere) return decided(base, 'modifiedHere', modifiedHere);
  return decided(base, page ? 'inSync' : 'unchecked', modifiedHere);
}

/**
 * The state made from `base`, a fresh object of decidePageState's own: set in place, not spread into a copy (the view
 * decides every linked file of the workspace at each refresh, and a copy each was most of deciding).
 */
function decided(base: PageState, kind: PageStateKind, modifiedHere: boolean): PageState {
  base.kind = kind;
  base.modifiedHere = modifiedHere;
  return base;
}

/** A page the repository's manifest records whose file (or folder) is gone, and that no file maps to any more. */
export interface OrphanState {
  /** The manifest's key ('guide/old.md', or 'guide/' for a folder page), relative to the manifest's folder. */
  key: string;
  /** The manifest's folder, as the front end names it (a workspace-relative path). */
  treeLabel: string;
  /** Where the manifest is (a URI or path), for a front end that opens it. */
  manifestLocation: string;
  pageId: string;
  /** The title the manifest recorded; the page's current one is in `page`. */
  recordedTitle: string;
  page: WikiPage | undefined;
  /** Gone from the wiki too: only the manifest's entry is left. */
  gone: boolean;
  wikiUnread: NotReadReason | undefined;
}
