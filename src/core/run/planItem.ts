// What a plan is made of, shared by every step after the walk: the item the plan makes of each file the walk read
// (walk/sourceFile.ts), the options it is made with and what the plan counts. Types only, at the bottom of
// src/core/run, so that planning, the edit guard, sending and recording all name them without importing one another.
import type { PageLink } from '../links/pageLink';
import type { PublishMessages } from '../messages/publishMessages';
import type { PreparedDocument } from '../publish/pipeline';
import type { Blocker, Caution } from '../publish/preflight';
import type { PartialTarget, PublishTarget } from '../publish/target';
import type { SourceFile } from '../walk/sourceFile';
import type { GuardVerdict } from './guardVerdict';
import type { LinkFindings } from './linkFindings';

/** The file as a plan keeps it: without its text. */
export type PlannedFile = Omit<SourceFile, 'text'>;

export interface PlanOptions {
  /** Fills what neither front matter nor the link gives (prompt answers, command-line flags). */
  defaults?: PartialTarget;
  /** Many files: each file's title comes from its own front matter, first heading or name when nothing else gives one. */
  titleFromFile?: boolean;
  /** Publish files whose content and target are what they last published. */
  force?: boolean;
  /** Leave out a first level-one heading that repeats the page title (the setting; front matter overrides it). */
  omitTitleHeading?: boolean;
  /** The user accepted that a retitled file updates its linked page (or chose a new target): no 'retitled' state. */
  acceptTitleChange?: boolean;
  /**
   * The organisation's diagram renderer (a Kroki-style base URL, the user's setting or the CLI's flag): Mermaid fences
   * become images from it. Without one they are sent as code, with a caution; no diagram source goes anywhere else.
   */
  diagramRenderer?: string;
  /**
   * Where a diagram renderer is set, named by the caution for diagrams sent as code: the editor's setting when not
   * given; the command line names its flag and environment variable.
   */
  diagramsSetting?: string;
  /** The words of preflight reasons; English when not given (the command line). */
  messages?: PublishMessages;
  /**
   * A tree's page: the tree decides its place after planning (tree/planTreeOf.ts), so the place planned here says nothing, and
   * checks its links against the tree's pages, with cautions of its own in place of the flat publish's (cautionsFor).
   */
  placeDecidedLater?: boolean;
  /** Where the links of each file's content go as it is planned, for planFileLinks (a flat publish). */
  linkFindings?: LinkFindings;
  /**
   * The links given are a machine's cache (the command line's --state), not the repository's record: one that places
   * its file elsewhere than `defaults` is not believed, and the file is planned as if the cache had no record of it
   * (PlanItem.cacheElsewhere says where it pointed). A cache from another branch or tree could otherwise move a
   * publish to its pages; a missing or stale cache may cost requests, never decide where a page goes.
   */
  linksAreCache?: boolean;
}

export type PlanState =
  /** Ready to send. */
  | 'send'
  /** Content and target equal this file's last successful publish. */
  | 'unchanged'
  /** Preflight or the plan refuses it (see `refusals`). */
  | 'refused'
  /** Some of space, parent, title or overwrite is still unknown: the front end asks, then plans again. */
  | 'incomplete'
  /**
   * The edit guard holds it back: its page was changed on the wiki since this file last published it, or the lookup
   * that would tell failed although there was page access (guard.ts, unreadOnWiki).
   */
  | 'edited'
  /**
   * The file's own title changed since it last published, and nothing but its link names the page: updating the
   * linked page silently could put one document's text on another's page, so the front end asks (see `retitled`).
   */
  | 'retitled';

export interface PlanItem {
  file: PlannedFile;
  /**
   * What the front matter says of the page that later steps read (the guard, a tree's checks of the chosen page, the
   * editor's answers): the page it names and the page it was opened from. Its title, problems and the text's findings
   * were used when the file was planned (the title, refusals and cautions say them) and are not kept.
   */
  prepared: PreparedFacts;
  /**
   * The Markdown that would be sent (without front matter, and without a repeated title heading when asked), when the
   * plan holds it: a file that can be read again (`file.readAgain`) leaves it out and is read again when sent, its
   * content derived by `recipe` and checked against `contentSha256` (plannedContent.ts); but a large one whose port
   * can check it against its bytes (`file.unchangedSinceRead`) is held, and sent while the file is unchanged.
   */
  content?: string;
  /**
   * What closes the fence or HTML block the content ends in (publish/closingLine.ts), found while the file was planned
   * (the scanner held its text then): the publish notice goes after it. Absent for almost every file.
   */
  closingLine?: string;
  /** How the content is made from the text without its front matter, to make it again from the file when sent. */
  recipe: ContentRecipe;
  /** SHA-256 (hex) of the Markdown that would be sent. */
  contentSha256: string;
  link: PageLink | undefined;
  /**
   * The place an earlier create of this file went to that may have landed unconfirmed (interrupted while out; the
   * file's record says so, isUnconfirmedCreate). The file has no page of its own (no `link`), but a page found there,
   * last written by the publishing account, is the one that create made (guard.ts, adoptOwnPage).
   */
  createMayHaveLanded?: { spaceId: string; parentId: string; pageTitle: string };
  /**
   * A tree's page that no record named, found at its place carrying this file's notice before the tree was planned
   * (tree/foundTreePages.ts): its `link` is the one the record would give, and the guard decides it as a page found at
   * a create's place (taken over, and said so), not as one this machine or the repository knew. 'byMarkerOnly': found
   * by its marker alone, the run's repository unknown: the guard takes it only as takenAtPlace (wikiVerdict.ts) says.
   */
  foundOnWiki?: true | 'byMarkerOnly';
  target: PartialTarget;
  /** The target when nothing is missing. */
  complete: PublishTarget | undefined;
  suggestedTitle: string;
  /** True when the target is the page this file is linked to (a republish of its own page). */
  linkedPage: boolean;
  state: PlanState;
  refusals: readonly Blocker[];
  cautions: Caution[];
  /** Links to other Markdown files that go to those files' pages in what is sent, once decided (fileLinks.ts). */
  linksToPages?: number;
  /**
   * A tree's new page (or a file of the tree that names its own page and creates it) whose title was looked for
   * elsewhere in its space (tree/titlesInSpace.ts): asked again after the edit guard, it is not looked for again. On the
   * item, so that a copy of the plan (the --expect-plan check) knows it too.
   */
  titleLookedUp?: boolean;
  /**
   * The page that lookup found holding the title elsewhere in the space, when none holds it under this page's own
   * parent: a wiki that keeps titles unique in a space answers "already exists" to the create, which Overwrite cannot
   * help (it updates only a page under the parent the file names), so the outcome says which page holds the title.
   */
  titleHeldElsewhere?: { id: string; parentId: string | undefined; url: string | undefined };
  /**
   * Some link goes to a Markdown file that exists but has no known page yet, so it stays as written: the link this
   * publish leaves keeps no content hash, and the next run sends the file again although its text did not change,
   * filling the link in once that page is known (a flat run has no second pass).
   */
  linksWaitForPages?: boolean;
  /**
   * The digest of the pages its links to other files reach, as planned (fileLinks.ts; tree/linkTargets.ts): the link
   * it leaves records it, so that a later plan sends it again when one of those pages has another ID.
   */
  linkTargets?: string;
  /**
   * A tree page linking to a page whose record the wiki refused (renamed or moved there, or a record a pull request
   * changed): the digest of what its links reach with that page taken as recorded. A page that last went out with
   * these is left as it is, not sent with that link as written: the link it holds still reaches the page it reached.
   */
  linkTargetsKept?: string;
  /** The edit guard's verdict, once guardPlan ran. */
  guard?: GuardVerdict;
  /**
   * Planned with `force` (--force, Publish Anyway, a Retry), or a file of a flat run whose links wait for a page the
   * run creates (fileLinks.ts: its second pass fills them in): sent even when the wiki's notice says its page holds this
   * content already.
   */
  forced?: true;
  /**
   * An unchanged file of a flat run sent only so that its second pass fills in a link to a page the run creates
   * (fileLinks.ts): its page holds its text already, so its first pass leaves it and it goes once, in the second pass
   * (flatRun.ts). Sent in the first pass, it was a new version identical to the last one, a notification to watchers.
   */
  secondPassOnly?: true;
  /**
   * What the plan said before the wiki was read, when what the wiki said changed it (a page edited there held back, a
   * deleted one made create only, an unchanged file whose page is gone sent again): the plan digest's files-only view
   * describes this, so that it is the same with page access as in a plan without (a fork's pull request).
   */
  beforeWiki?: { state: PlanState; complete: PublishTarget | undefined };
  /**
   * For an unchanged file whose page was looked up on the wiki (gonePages.ts): that page and the version it has there
   * now. The plan digest compares it with the version the file's last publish left (planDigest.ts).
   */
  pageFound?: { id: string; version: number };
  /**
   * Its record (not its front matter) places it in another space or under another parent than the front end's
   * defaults (the command line's --space and --parent): the record wins, where the wiki can confirm the page is the
   * file's (guard.ts refuses it otherwise, when the records came from files a pull request may control).
   */
  recordOverDefaults?: true;
  /** The cache's record placed the file here, elsewhere than the defaults, and was not believed (PlanOptions.linksAreCache). */
  cacheElsewhere?: { spaceId: string; parentId: string };
  /**
   * The cache's record gave the page this title, not the one the file had when it published, and was not believed
   * (PlanOptions.linksAreCache): the file is planned as a run without the cache plans it.
   */
  cacheRetitled?: string;
  /** For state 'retitled': the file's own title now, and the page its link names. */
  retitled?: { fileTitle: string; pageTitle: string };
  /**
   * The refusal of a title changed only in case since the file published (titleChange.ts caseOnlyRetitle), and the
   * state the plan gives the file without it: the guard lifts it once the wiki shows the page renamed to the file's
   * title (caseOnlyLifted.ts), since the record is only a cache of the wiki's title.
   */
  caseOnlyRetitle?: { refusal: Blocker; fileTitle: string; stateWithout: 'send' | 'unchanged' };
  /**
   * For state 'edited', a page of a tree below a folder page that is published as a new page (or would be, were edited
   * pages overwritten): that folder page's title. Overwriting does not replace the edited page then: it creates this
   * page anew under the new folder page, and the edited page stays where it is (tree/newFolderPage.ts).
   */
  heldBelowNewPage?: string;
}

export interface PlanCounts {
  files: number;
  send: number;
  /** Sending that creates a page, as far as can be known: not this file's linked page, nor a page found on the wiki. */
  newPages: number;
  /** Sending that updates this file's linked page. */
  updates: number;
  /** Sending that replaces a page this file did not publish (overwrite on a page found, or possibly found, by title). */
  replaces: number;
  unchanged: number;
  refused: number;
  incomplete: number;
  /** Held back by the edit guard. */
  edited: number;
  /** Of `edited`, the pages held back for want of a notice (guardVerdict.ts, heldWithoutNotice); present only when not zero. */
  noNotice?: number;
  /** Of `edited`, the updates held back because the wiki could not be read to check them (unreadOnWiki); present only when not zero. */
  lookupFailed?: number;
  /** Of `edited`, the pages moved under another parent or renamed on the wiki (pageElsewhere); present only when not zero. */
  movedOnWiki?: number;
  retitled: number;
  /** Updates the guard could not check. */
  unchecked: number;
  withCautions: number;
  /** Of `updates`, unchanged files sent again so their links reach a page made anew (plan.ts withRelinked). */
  relinked?: number;
  /** A tree's: of `send`, the pages foreseen to go twice, their links naming pages created after them (foreseenSends.ts). */
  sentTwice?: number;
  /** A tree's: new pages created before siblings that come before them by name, so that links find the pages they name (sendOrder.ts). */
  pulledAhead?: number;
}

/** What a plan item keeps of its front matter (PlanItem.prepared). */
export type PreparedFacts = Pick<PreparedDocument, 'frontMatterTarget' | 'frontMatterPageId'>;

/** How the content is made from a text without its front matter, decided when the file was planned. */
export interface ContentRecipe {
  /** The organisation's diagram renderer: Mermaid fences become images from it. */
  diagramRenderer?: string;
  /** Leave out a first level-one heading with this text (the page title). */
  omitHeading?: string;
}
