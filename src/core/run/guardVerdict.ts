// What the edit guard found for a file's page (guard.ts), and the small questions every step and front end asks of it.
// Decided from the wiki itself (wikiVerdict.ts): the page's version, and the publish notice's marker its body carries.
import type { PageLink } from '../links/pageLink';
import type { WikiPage } from '../wikiPages';
import type { FailedLookupVerdict } from './failedLookup';

export type GuardVerdict =
  /** Create only: the import itself refuses to replace a page, so there is nothing to guard. */
  | { kind: 'notNeeded' }
  /**
   * Create only, but a page with this title already holds the place: the import will answer "already exists".
   * `unknownRepository`: the page carries a notice for this file's path that no record names, with other content than
   * the file's, and the run does not know its repository (placeVerdict): it may be another repository's file of the
   * same path (two clones, two roots of one workspace), so it is not taken as this file's.
   */
  | { kind: 'exists'; page: WikiPage; unknownRepository?: true }
  /** Checked: no page with this title under the parent; publishing creates one. */
  | { kind: 'absent' }
  /**
   * Checked: the page is as this tool last left it (its notice's version is the page's), whoever published it: a
   * teammate, CI, this machine. `sameContent`: and it holds what the file would send now, so nothing is sent.
   * `adopted`: a page found in the place of a create, carrying this file's notice (a run that stopped before recording
   * it, a create that landed unconfirmed): the create becomes an update of it.
   */
  | { kind: 'asLeft'; page: WikiPage; sameContent?: true; adopted?: true }
  /** Checked: a page this file never published holds the title; publishing would replace it. */
  | { kind: 'notOurs'; page: WikiPage }
  /**
   * Checked: changed on the wiki since this tool last published it (its version is past the one the notice names),
   * by whoever made that version (`page.versionAuthorId`, at `page.versionCreatedAt`); or moved there under another
   * parent (`movedUnder`): the import finds a page by title and parent, so sending would create a second page where
   * the file says and leave the moved one as it is. `noNotice`: the page carries no notice (published before notices,
   * or with them off, or made by hand) and this machine has no record of its version, so nothing can tell an edit
   * from a publish: it is held back the same way, saying so. `renamedTo`: renamed on the wiki (its title there is
   * neither the file's nor the one it was published with): as for a move, the import finds no page of the file's title
   * there and would make a second one.
   */
  | { kind: 'edited'; page: WikiPage; knownVersion: number | undefined; publishedAt: number; movedUnder?: MovedUnder; renamedTo?: string; noNotice?: true }
  /**
   * The linked page ID answers 404: deleted on the wiki (or hidden now). Published anew, create only. `placeTakenBy`:
   * a page that is not the file's holds its title at its place now (made on the wiki since, by hand): the create meets
   * "already exists", and the outcome names that page rather than guess the file's page is hidden (send.ts).
   */
  | { kind: 'deleted'; pageId: string; placeTakenBy?: WikiPage }
  /**
   * Not checked: no page access. `detail` says why, in a sentence. `credentialRefused` with `signInEnded`: the sign-in
   * that gave page access ended without the user's say (GuardOptions.noAccessHeld), so updates are held back.
   */
  | { kind: 'unchecked'; reason: 'noAccess'; detail: string; cause?: string; credentialRefused?: true; signInEnded?: true }
  /** Not checked: a lookup failed although there was page access (failedLookup.ts). */
  | FailedLookupVerdict;

/** The parent a page was moved under on the wiki: its ID, and its title when the wiki gave it. */
export interface MovedUnder {
  id: string;
  title?: string;
}

/**
 * Whether the verdict is a lookup on the wiki that failed although there was page access (a timeout, an answer 500, the
 * network gone): the guard cannot tell whether a colleague edited the page. An update (a send that may replace a page)
 * with this verdict is held back like an edited page (state 'edited'), counted and said apart, and the user's choice to
 * overwrite edited pages sends it unchecked; a create cannot replace anything, so it is sent. Without page access at
 * all, the verdict is 'noAccess' and an update is sent as before, said to be unchecked.
 */
export function unreadOnWiki(verdict: GuardVerdict | undefined): verdict is Extract<GuardVerdict, { kind: 'unchecked' }> & { reason: 'failed' } {
  return verdict?.kind === 'unchecked' && verdict.reason === 'failed';
}

/**
 * Whether the verdict is a failed lookup the wiki answered 401, refusing the credential itself (not this page): held back
 * like any unreadOnWiki update, but running again cannot help until the user signs in again (the CLI stops on it as
 * broken configuration, cli/pageAccess.ts; the editor offers its sign-in).
 */
export function credentialRefusedOnWiki(verdict: GuardVerdict | undefined): boolean {
  return unreadOnWiki(verdict) && verdict.credentialRefused === true;
}

/**
 * Whether the verdict is a failed lookup that running again cannot help (`lasting`: a parent page the account that
 * checks wiki edits cannot see, unseenParent.ts): its cause says what does, and the front ends do not offer to check again.
 */
export function unreadForGood(verdict: GuardVerdict | undefined): boolean {
  return unreadOnWiki(verdict) && verdict.lasting === true;
}

/**
 * The edit guard's rule for "changed on the wiki since this file last published it" from what this machine recorded
 * (a page without a notice), shared with the Wiki Pages view so that both say the same of a page: a version above the
 * link's; without a known version, any change after the link's publish time, or a page that does not say when it last
 * changed.
 */
export function changedOnWikiSince(page: WikiPage, link: Pick<PageLink, 'version' | 'publishedAt'>): boolean {
  if (link.version !== undefined) return page.version > link.version;
  const changedAt = page.versionCreatedAt === undefined ? Number.NaN : Date.parse(page.versionCreatedAt);
  return !(Number.isFinite(changedAt) && changedAt <= link.publishedAt);
}

/**
 * The guard's rule for a page moved away from the parent a file publishes under, shared with the Wiki Pages view: the
 * wiki names another parent (a move makes no new version, so only the parent tells).
 */
export function underAnotherParent(page: WikiPage, parentId: string): page is WikiPage & { parentId: string } {
  return page.parentId !== undefined && page.parentId !== parentId;
}

/**
 * Whether the verdict holds back a page that carries no publish notice and that this machine has no record of: nothing
 * tells an edit on the wiki from a publish there. Counted and said apart from edits, which someone certainly made.
 */
export function heldWithoutNotice(verdict: GuardVerdict | undefined): boolean {
  return verdict?.kind === 'edited' && verdict.noNotice === true;
}

/** Where the guard found the page when it is under another parent than the file names; undefined for any other verdict. */
export function movedUnderOf(verdict: GuardVerdict | undefined): MovedUnder | undefined {
  return verdict?.kind === 'edited' ? verdict.movedUnder : undefined;
}

/**
 * Whether the guard found the file's page where a publish cannot reach it (moved under another parent, or renamed, on
 * the wiki): sending makes a second page where the file says, and the link it leaves names that one.
 */
export function pageElsewhere(verdict: GuardVerdict | undefined): boolean {
  return verdict?.kind === 'edited' && (verdict.movedUnder !== undefined || verdict.renamedTo !== undefined);
}

/** The page the verdict found, if it found one. */
export function guardedPage(verdict: GuardVerdict | undefined): WikiPage | undefined {
  switch (verdict?.kind) {
    case 'exists':
    case 'asLeft':
    case 'notOurs':
    case 'edited':
      return verdict.page;
    default:
      return undefined;
  }
}

/** Whether the guard looked at the wiki for this file (for the command line's "wiki edits checked" column). */
export function guardChecked(verdict: GuardVerdict | undefined): boolean {
  return verdict !== undefined && verdict.kind !== 'unchecked' && verdict.kind !== 'notNeeded';
}
