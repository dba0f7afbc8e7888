// What a tree plan is made of: its options, each file as the plan keeps it once read, each page of the tree and the
// plan itself. Types only, at the bottom of the tree's planning, so that the steps that plan, check on the wiki and
// send a tree name them without importing one another.
import type { TreeMessages } from '../messages/treeMessages';
import type { PageLink } from '../links/pageLink';
import type { PlanItem, PlanOptions, PlannedFile } from '../run/planItem';
import type { OutsideLinks } from '../run/fileLinks';
import type { FailedLookupVerdict } from '../run/failedLookup';
import type { WikiPage } from '../wikiPages';
import type { RecordedEntries } from './recordedEntries';
import type { MoveReport, PageMove } from './moves';
import type { PageTree, TreeNode } from './shape';

/**
 * Page identity as the repository records it (the manifest), keyed by paths relative to the published folder, with
 * where each entry is written (`docs/.wiki-pages.json:7`) for the refusals that name it.
 */
export type TreeIdentity = RecordedEntries;

export interface TreePlanOptions extends Pick<PlanOptions, 'force' | 'omitTitleHeading' | 'diagramRenderer' | 'diagramsSetting' | 'messages'> {
  /** The words of the tree's refusals and link cautions; English when not given. */
  treeMessages?: TreeMessages;
  /** The published folder, as the files' labels write it ('' for the working folder). */
  rootPath: string;
  /**
   * The published folder's path from the root of its repository ('' or ending in '/'), when it is in one: links
   * written from the repository root (`/docs/guide.md`, as GitHub reads them) then reach the tree's pages.
   */
  rootInRepository?: string;
  spaceId: string;
  /** The chosen parent page: the folder maps to it, and it is never rewritten. */
  parentId: string;
  /** Update pages that exist but are not recorded (a re-run, or adopting pages made by hand). */
  overwrite: boolean;
  identity: TreeIdentity;
  /**
   * The entries of `identity` the wiki refused (checkRecordedEntries), by key, with why: `identity` no longer holds them,
   * and the pages at those keys, and every page below them, are refused for it.
   */
  refusedEntries?: ReadonlyMap<string, string>;
  /** Of refusedEntries, the page each recorded, by key: a link to it is left as it is where it already reaches it (PlanItem.linkTargetsKept). */
  refusedEntryPages?: ReadonlyMap<string, string>;
  /** The recorded pages could not be read: the items refused for it carry this verdict (EntryCheck.unread). */
  entriesUnread?: FailedLookupVerdict;
  /** The recorded pages the check read, with their bodies: the edit guard of this run need not read them again. */
  wikiRead?: ReadonlyMap<string, WikiPage>;
  /**
   * The pages no record named that the wiki showed where the tree puts them, carrying their file's notice
   * (foundTreePages.ts), by key: `identity` holds them as if recorded.
   */
  foundEntries?: ReadonlyMap<string, { id: string; title: string }>;
  /** Of foundEntries, those the guard is to decide (FoundTreePages.byMarkerOnly). */
  foundByMarkerOnly?: ReadonlySet<string>;
  /** This machine's links (version, hash), by file key. */
  links: ReadonlyMap<string, PageLink | undefined>;
  /**
   * Whether page routes can be read (sign-in, CI credentials): new pages need it to learn their IDs. The front ends'
   * entries take it from TreeEntryOptions.wiki, which makes the plan read the wiki too.
   */
  pageAccess: boolean;
  /**
   * Whether a reader's page address can be made (the wiki site's address is known): without one, links between files
   * stay as written, which the plan says. True when not given.
   */
  pageAddresses?: boolean;
  /**
   * How the new pages under one parent are ordered, which is the order the wiki lists them in (sendOrder.ts):
   * 'links' (the default) puts a page after the new pages its links name, so that it is written once; 'name' keeps
   * the folder's name order, and a page linking to a later new sibling is sent twice.
   */
  siblingOrder?: SiblingOrder;
  /**
   * The pages of the files outside the published folder that the tree's links name (outsideLinkedPages): found from
   * the front end's ports by planTreeOnDisk and planTreeFromWalk. Without them such links stay as written, named.
   */
  outsideLinks?: OutsideLinks;
  /**
   * The published folder is a part of a tree recorded further up (openTreeManifest): it hangs under its own folder's
   * page, whose content its index, README or <folder>.md is. `manifest`: that file as messages name it; `treeFolder`:
   * the folder that tree is published from, as messages name it ('' for the working folder).
   */
  partOf?: { manifest: string; treeFolder: string };
}

/**
 * A file as the tree plan keeps it once read (digestTreeSource): its plan and what its links need, never its text, so
 * that planning 10,000 files holds their facts, not their texts; the runner reads a file again when it sends it.
 */
export interface TreeSource {
  file: PlannedFile;
  /** refused: unreadable, or bad front matter; pinned: its front matter names its page; tree: a page of the tree. */
  place: 'refused' | 'pinned' | 'tree';
  item: PlanItem;
  /** The file's own title (front matter title, first heading, name). */
  title: string;
  /** The title is nothing but the file's name: no front matter title or page title, no first heading (TreeInput.titleFromName). */
  titleFromName: boolean;
  /** What links to its page and from it need: the headings of what it sends, and its link destinations as written. */
  linkFacts: LinkFacts;
  /** A page of the tree named like a folder's content file that holds nothing but its title (TreeInput.titleOnly). */
  titleOnly?: boolean;
  /**
   * Which of the plan's link passes must look at this file's links (LINKS_NAMING_HEADINGS, LINKS_MAY_LEAVE): found
   * while the file is digested, so that the passes over all the files skip most of them (a tree of 10,000 files).
   */
  linkReach: number;
}

export interface LinkFacts {
  /**
   * The headings of what the page shows: always those of a file that links to its own headings (`#install`), else
   * only when some link of the tree names one (planTreeFromWalk takes them later).
   */
  headings: readonly string[];
  /** Distinct, in document order. */
  destinations: string[];
}

/** TreePlanOptions.siblingOrder. */
export type SiblingOrder = 'links' | 'name';

export interface TreePage {
  node: TreeNode;
  linkFacts: LinkFacts;
  /** The manifest key: the node's path relative to the published folder. */
  key: string;
  /** Planned with its title; its parent is filled in when the parent's page is known. */
  item: PlanItem;
  /** The page the repository records for it. */
  pageId?: string;
  /**
   * The page this machine's record (the editor's memory, the CLI's --state) names at this very place, when the
   * repository records none (--no-record, a .wiki-pages.json never committed): the run takes it for the links that
   * reach this page before the page's level is sent, as it takes a recorded one, and the plan digests them with it.
   */
  linkedPageId?: string;
  /**
   * The manifest key its page is recorded under, when the file was renamed in its folder with its title kept. That key
   * may be a page of this plan too, a new one (a new file took the old name: retitledSuccessors).
   */
  renamedFrom?: string;
  /**
   * The recorded page's title, when the page now has another one: the service finds a page by title and parent, so
   * it is published as a new page and the recorded one (pageId) stays where it is (MoveReport.retitled).
   */
  retitledFrom?: string;
  /**
   * The page of this tree that already holds its new title at its place, known to this machine's record or the
   * repository's (its title changed and changed back; titledBack.ts): updated through the edit guard rather than
   * created, and recorded for it again; the recorded page (pageId) stays where it is, left behind.
   */
  titledBackTo?: string;
  /** Whether its parent page's ID is known before sending (the chosen page, or a recorded folder page). */
  parentKnown: boolean;
}

/** A page taken as following a file that names its page, until the wiki says where it is (TreePlan.followsToCheck). */
export interface FollowToCheck {
  move: PageMove;
  /** The title the page was recorded with. */
  title: string;
  item: PlanItem;
  /** What the file's plan was before it took the page: what it goes back to if the page is elsewhere. */
  before: Pick<PlanItem, 'target' | 'complete' | 'linkedPage'>;
}

export interface TreePlan {
  tree: PageTree;
  /** Parents before children; under each parent, the order its new pages are created in (sendOrder.ts). */
  pages: TreePage[];
  /**
   * Each sent page's place in the run's order, by key (sendOrder.ts): a page waits for the pages its links name ranked
   * before it. Absent (a plan made by hand), the order of `pages` ranks them.
   */
  sendRank?: ReadonlyMap<string, number>;
  /** How many new pages the order puts before a sibling that comes before them by name (sendOrder.ts); absent for none. */
  pulledAhead?: number;
  /** Files whose front matter names their page: published there, as without a tree. */
  pinned: PlanItem[];
  /**
   * What the links from and to those files need, by their paths relative to the published folder: their links to the
   * tree's pages work like any tree page's, and the tree's links to them reach their pages.
   */
  pinnedLinkFacts: ReadonlyMap<string, LinkFacts>;
  /** Files refused before shaping (unreadable, bad front matter), planned for their reasons. */
  refused: PlanItem[];
  moves: MoveReport;
  /**
   * The pages the plan takes as following a file that names its page, which only the page's parent on the wiki can
   * confirm (MoveReport.undecided): checkFollowedPages looks them up before the plan is shown. Absent when none.
   */
  followsToCheck?: FollowToCheck[];
  /**
   * TreePlanOptions.overwrite: the run's pages below a folder page it takes over (one a stopped run landed) update a
   * page found in their place only with it, as the plan's pages that no record names do.
   */
  overwrite?: boolean;
  /** TreePlanOptions.rootInRepository: the run reads links as the plan did. */
  rootInRepository?: string;
  /**
   * The chosen page the published folder maps to: a link to the folder itself (`../` up to it) goes there when no
   * index or README at the top gives the folder a page of its own (topContentFile).
   */
  parentId?: string;
  /**
   * A part of a tree recorded further up (TreePlanOptions.partOf): the path of its content file at the top, relative
   * to the published folder. That file is the page the tree hangs under, so it is refused, and a link to it goes to
   * that page, as a link to the folder itself does.
   */
  partContent?: string;
  /**
   * The paths (relative to the published folder) the tree's links name that no page of this run is at: none known for
   * them, or only the one the repository records (which an orphan may be, its file deleted or moved).
   */
  unknownLinkPaths?: ReadonlySet<string>;
  /**
   * The repository's entries the wiki refused (TreePlanOptions.refusedEntries), by key: the run takes no page from
   * them, not even for a link.
   */
  refusedEntries?: ReadonlyMap<string, string>;
  /**
   * The pages no record named that the wiki showed where the tree puts them, with their file's notice (TreePlanOptions.
   * foundEntries), by key: planned as recorded; the run records them (runTree) so the repository knows them again.
   */
  foundOnWiki?: ReadonlyMap<string, { id: string; title: string }>;
  /**
   * The pages the plan read on the wiki with their bodies (its check of the recorded pages), by ID: the edit guard of
   * the plan and of its run takes them from here rather than asking again (the runner still looks at each update's page
   * just before sending it, pageRecheck.ts).
   */
  read?: ReadonlyMap<string, WikiPage>;
  /** Of those, the ones nothing is at on disk (sayMissingLinkFiles): the run's links to them say "no such file" too. */
  missingFiles?: ReadonlySet<string>;
  /**
   * The names with a dot that the tree's links write without a slash (`v1.2`) and no page is known for, as folder paths
   * (`v1.2/`, pagePath): taken for files that are not Markdown unless a folder is there on disk (sayMissingLinkFiles).
   */
  dottedLinkPaths?: ReadonlySet<string>;
  /**
   * The folders on disk that links name (`imgs/`; of dottedLinkPaths, `v1.2`) that have no page: no node of the tree
   * (only other files in them, or Markdown left out or refused) and none the repository records (sayMissingLinkFiles).
   */
  pagelessFolders?: ReadonlySet<string>;
  /** TreePlanOptions.outsideLinks: the run sends the links to files outside the folder as the plan foresaw them. */
  outsideLinks?: OutsideLinks;
  /**
   * Without page addresses (TreePlanOptions.pageAddresses false): how many links of the plan's pages reach a page yet
   * stay as written, since no address can be made for it. Said once for the whole plan by the front ends (the fix is
   * one setting), not in each page's cautions. Absent when none.
   */
  linksWithoutAddress?: number;
  /**
   * Where each file refused before the tree was shaped (unreadable, bad front matter) in a subfolder of the published
   * folder would have its page, by its label: its plan was made before the tree's shape was known and names the
   * chosen page, which is where only a file at the top goes. Absent when there are none.
   */
  refusedUnder?: ReadonlyMap<string, RefusedPlace>;
}

/** The folder page a file refused before the tree was shaped would go under (TreePlan.refusedUnder). */
export interface RefusedPlace {
  /** The folder, relative to the published folder (`api/`). */
  parentKey: string;
  /** The folder page's title; undefined when the folder is no page of the plan (all its Markdown refused). */
  parentTitle?: string;
  /** The folder page's ID, when it is known before sending (as its other files' plans take it). */
  parentId?: string;
}
