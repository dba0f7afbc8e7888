// The shapes of a tree's run (treeRun.ts): what it takes, what it says of each page, and what it ends with. Apart from
// the run itself so that its parts (runPasses.ts, runPrepare.ts) and the front ends name them without a circle.
import type { LinkCaution } from '../links/rewrite';
import type { LinksLeft } from '../run/landedPage';
import type { GuardOptions } from '../run/guard';
import type { FileResult, RunOptions, RunSummary, ThrottleGate } from '../run/runner';
import type { WikiPagesClient } from '../wikiPages';
import type { OrphanPage } from './moves';
import type { PageAddressOf } from './spaceAddresses';
import type { TreePlan } from './treePlanTypes';

export interface TreeIdentityStore {
  record(key: string, entry: { id: string; title: string }): Promise<void>;
  /** A recorded page, also of a file outside this run: links to it reach its page. */
  get?(key: string): { id: string; title: string } | undefined;
  /** Drops a key whose page is now recorded under another (a file renamed in its folder; one that names its own page, renamed or moved). */
  forget?(key: string): Promise<void>;
}

export interface TreeRunOptions extends Pick<RunOptions, 'send' | 'concurrency' | 'signal' | 'proveOwnPage' | 'onStart' | 'beforeSend' | 'onStopped' | 'messages'> {
  plan: TreePlan;
  pages: WikiPagesClient | undefined;
  identity: TreeIdentityStore;
  gate: ThrottleGate;
  /** The platform's address of a page of the tree's space, for links (`<base>/wiki/spaces/<KEY>/pages/<id>/<Title>`). */
  addressOf: PageAddressOf;
  /**
   * The addresses of pages in the space a file's front matter names (spaceAddresses): a link to such a file's page
   * names that space's key, not the tree's.
   */
  addressInSpace(spaceId: string): Promise<PageAddressOf>;
  guard: Omit<GuardOptions, 'pages' | 'signal'>;
  /**
   * The command line's rule for credentials the wiki refused outright (401) to the guard's lookups: a configuration
   * error, not pages to hold back one by one (nor to send unchecked with --overwrite-edited). The run stops at the first
   * guard that meets such a verdict, before the pages it guarded are sent; the pages not sent end not started, and
   * TreeRunResult.credentialRefused says why. Without it (the editor, which offers its sign-in), such pages are held.
   */
  stopOnRefusedCredential?: boolean;
  /** Every file's end, in each pass. */
  onResult?(result: TreeFileResult): void;
}

export interface TreeFileResult extends FileResult {
  pass: 1 | 2;
  /** The page's depth in the tree (0: a child of the chosen page), for output that shows the tree. */
  depth: number;
  /** The manifest key of the page. */
  key: string;
  pageId?: string;
  /** Links that stay as written (outside the run, unknown pages or anchors, not Markdown). */
  linkCautions: LinkCaution[];
  /**
   * What went out left a link to a Markdown file's page as written because that page had no address yet (it did not
   * land this run, was refused, or is recorded nowhere): the page must go again once it has one.
   */
  linksToFillIn: boolean;
  /** For a page that landed: the digest of the pages its links reached (linkTargets.ts), which its link records. */
  linkTargets?: string;
  /**
   * A page not sent because its folder's page did not land: that page (its key and title), since the page has no
   * parent ID to name (its target is left without one, not with the chosen page the plan held until then).
   */
  underUnsentPage?: { key: string; title: string };
  /**
   * A page whose file did not change, sent once after the pages this run made so that its links reach one of them
   * made anew (its recorded page was deleted on the wiki, or a new page took a folder page's place): its one send in
   * this run, which replaces its first pass's "unchanged" (that result is never reported).
   */
  relinked?: true;
}

export interface TreeRunResult {
  results: TreeFileResult[];
  /**
   * Pages sent again so their links reach pages created in this run (or created anew), whose second send landed. One
   * interrupted, failed or held back is not counted: the page counts as its first pass left it (countedResults).
   */
  secondPass: number;
  /** The totals, each page once (a second-pass send is the same page), by the result that counts (countedResults). */
  summary: RunSummary;
  /** Pages that landed with links to pages of the run left as written: those pages did not land (landedPage.ts). */
  linksLeft: LinksLeft[];
  /** Pages the tree recorded that this run replaced with new pages and that are still on the wiki (newFolderPage.ts). */
  leftBehind: OrphanPage[];
  /** The guard's words for a credential the wiki refused, when the run stopped on it (stopOnRefusedCredential). */
  credentialRefused?: string;
}
