// The edit guard's decision for one page, from what the wiki holds now (CONTRIBUTING.md, "The wiki is the truth"): the
// page's version and the marker its publish notice carries (publish/publishNotice.ts). A marker whose version is the
// page's is this tool's last publish, untouched since, whoever ran it (a teammate, CI, this machine): the page is as
// left, and unchanged when the marker's digest is what the file would send now. A page past its marker's version is
// settled from its history: a version that carries the same marker and the same body is the same send landing again (a
// retry whose first attempt committed), anything else is an edit by whoever made it: a copy of an earlier publish
// restored over a later one too, and a notice put back (or pasted from another page) with other words above it. Only a
// page without a notice falls back to what this machine recorded (its link's version); without that either, nothing
// can tell an edit from a publish, and the guard says so. Who the import token acts as never enters into it.
import { linkNames, type PageLink } from '../links/pageLink';
import { pathDigest, type PublishMarker } from '../publish/publishNotice';
import type { PageVersion, WikiPage } from '../wikiPages';
import { changedOnWikiSince, type GuardVerdict } from './guardVerdict';
import { digestNow } from './pageNotice';
import type { PlanItem } from './planItem';
import { sameTitle } from './sameTitles';

/**
 * A marker of version 0 (sent without page access), or one whose version the page is past, is settled from the page's
 * history: 'history' asks for it (historyVerdict); so do the others a page's notice alone cannot settle
 * ('replaceHistory': replaceVerdict; 'recordHistory', 'ownHistory': pageOwnership.ts).
 */
export type WikiVerdict = GuardVerdict | 'history' | 'replaceHistory' | 'recordHistory' | 'ownHistory' | 'unconfirmed';

/** The verdict for the file's own page, which its link or the repository's record names by ID (`link`). */
export function ownPageVerdict(page: WikiPage, item: Pick<PlanItem, 'file' | 'complete' | 'contentSha256' | 'linkTargets' | 'linkTargetsKept'>, link: PageLink): WikiVerdict {
  const marker = page.body?.marker;
  if (marker !== undefined) {
    if (page.version === marker.version) return asLeft(page, item, marker);
    // Pull took the page's current version into the file on this machine (and no send went out since): nothing on the
    // page is news to the file, whoever made it.
    if (link.pulledVersion === page.version && link.unconfirmedSend === undefined) return { kind: 'asLeft', page };
    return 'history';
  }
  // Read with its body and no notice there: only this machine's record of the version it left can tell.
  const recorded = link.version !== undefined || link.publishedAt > 0;
  if (page.body !== undefined && !recorded) return { kind: 'edited', page, knownVersion: undefined, publishedAt: 0, noNotice: true };
  return changedOnWikiSince(page, link) ? { kind: 'edited', page, knownVersion: link.version, publishedAt: link.publishedAt } : { kind: 'asLeft', page };
}

/**
 * The verdict for a page found at the place a create of the file would go (its parent, its title): the file's own when
 * it carries the file's notice and nothing changed it since (taken over, the create becomes an update), an edited one
 * when something did; else another's page, which a create meets as "already exists" and an overwrite replaces. Front
 * matter that says `overwrite: false` never takes a page, not even the file's own. `noticeOff`: a page without a notice
 * may be the file's own, published so: held back, as nothing tells. `repositoryKnown`: the run's markers name its
 * repository (CI), so the notice tells this file's page from another repository's; else see below.
 */
export function placeVerdict(page: WikiPage, item: Pick<PlanItem, 'file' | 'complete' | 'contentSha256' | 'linkTargets' | 'linkTargetsKept' | 'prepared' | 'closingLine' | 'createMayHaveLanded' | 'foundOnWiki'>, noticeOff = false, repositoryKnown = false): WikiVerdict {
  const marker = page.body?.marker;
  // Published without notices, this file's own page carries none either: it cannot be told from another's (GuardOptions.noticeOff).
  if (noticeOff && marker === undefined && page.body !== undefined && item.prepared.frontMatterTarget.overwrite !== false) {
    return { kind: 'edited', page, knownVersion: undefined, publishedAt: 0, noNotice: true };
  }
  const ownNotice = marker !== undefined && marker.path === pathDigest(item.file.label);
  const neverReplaces = item.prepared.frontMatterTarget.overwrite === false;
  if (ownNotice && !neverReplaces) return page.version === marker.version ? takenAtPlace({ ...asLeft(page, item, marker), adopted: true }, item, repositoryKnown) : 'history';
  // Its own page as it left it, which overwrite: false does not take: what it holds tells whether anything would be
  // sent, and a changed file is refused for the front matter's word (applyVerdict), not sent to meet "already exists".
  if (ownNotice && neverReplaces && page.version === marker.version) return { ...asLeft(page, item, marker), adopted: true };
  if (!item.complete?.overwrite) return { kind: 'exists', page };
  // Another file's page as this tool left it is replaced, as an overwrite asks. Any other page may hold someone's words
  // over a publish of this tool (its notice taken off, a renamed file's old page edited since): its history tells.
  return marker !== undefined && page.version === marker.version ? { kind: 'notOurs', page } : 'replaceHistory';
}

/**
 * The verdict for a page at a create's place that an overwrite would replace (placeVerdict's 'replaceHistory'), once
 * its history is read (`versions` newest first): a page no version of which carries a notice of this tool's, or one
 * as this tool's last publish of any file left it, is replaced (notOurs); one changed since that publish holds
 * someone's words, and is held as edited whoever made the change (a fresh runner's overwrite must not take a
 * colleague's edit for a page made by hand because the notice went with it). A history listed without a notice that
 * does not reach the page's first version (more versions since than listed) cannot tell: held without a notice.
 */
export function replaceVerdict(page: WikiPage, versions: readonly PageVersion[]): GuardVerdict {
  const newestFirst = versions.filter((version) => version.number <= page.version);
  const at = newestFirst.findIndex((version) => version.body?.marker !== undefined);
  const marker = newestFirst[at]?.body?.marker;
  // No notice in the versions listed: a page this tool never wrote, when the list reaches the page's first version;
  // else the notice may be further back than listed, and nothing tells (held, as a page without a notice is).
  if (marker === undefined) return reachesFirstVersion(newestFirst) ? { kind: 'notOurs', page } : { kind: 'edited', page, knownVersion: undefined, publishedAt: 0, noNotice: true };
  const { sent } = sendOf(newestFirst, at, marker, page.version);
  return holdsSendsBody(newestFirst, sent, page.version) ? { kind: 'notOurs', page } : { kind: 'edited', page, knownVersion: sent, publishedAt: 0 };
}

/** Whether a version carries this very marker (the same send's version, digest and file). */
function carriesMarker(version: PageVersion, marker: PublishMarker): boolean {
  const carried = version.body?.marker;
  return carried !== undefined && carried.version === marker.version && carried.digest === marker.digest && carried.path === marker.path;
}

/**
 * The send `marker` names in a history newest first, from `newestFirst[from]` back: `first`, the oldest of the run of
 * versions carrying it (`latest` when none does), and `sent`, the version its marker names. Only a marker of version 0
 * (sent without page access: no version could be named) takes `first` for its send. A marker that names a version
 * before that run is not a send landing there: a send lands at the version it names (the guard's look plus one) and
 * its retries right after, so a later copy is a notice put back by hand, a restore, or another page's notice pasted in
 * (the version named is then another send, or not this page's at all). Whether the page is that send's is then its
 * body's to tell (holdsSendsBody); a send that landed past an edit made in the moment before it reads so too, an edit
 * it already overwrote, said rather than passed over.
 */
function sendOf(newestFirst: readonly PageVersion[], from: number, marker: PublishMarker, latest: number): { first: number; sent: number } {
  let first = latest;
  for (let at = from; at < newestFirst.length; at++) {
    const version = newestFirst[at] as PageVersion;
    if (!carriesMarker(version, marker)) break;
    first = version.number;
  }
  return { first, sent: marker.version === 0 ? first : marker.version };
}

/**
 * Whether the page holds now (version `now`) the body the send (version `sent`) wrote: an edit since, undone by hand
 * or by the wiki's restore, leaves nothing of anyone's to lose.
 */
function holdsSendsBody(newestFirst: readonly PageVersion[], sent: number, now: number): boolean {
  const sentBody = newestFirst.find((version) => version.number === sent)?.body?.digest;
  return sentBody !== undefined && newestFirst.find((version) => version.number === now)?.body?.digest === sentBody;
}

/**
 * The verdict once the page's history is read (`versions` newest first, as the wiki lists them): the send is the
 * version its marker names (or, for a marker of version 0, the first that carries the marker); a later version with
 * the same marker and the same body is that send landing again, anything else is someone's edit, a copy of the notice
 * put back with other words too. The page is as left when it holds
 * the send's body now (an edit since, undone, left nothing of anyone's). A page found at a create's place (no `link`) that is as left is taken over as
 * placeVerdict takes it. A history that does not reach the send (more versions since than listed) is an edit.
 */
export function historyVerdict(page: WikiPage, versions: readonly PageVersion[], item: Pick<PlanItem, 'file' | 'complete' | 'contentSha256' | 'linkTargets' | 'linkTargetsKept'>, link: PageLink | undefined): GuardVerdict {
  const marker = page.body?.marker as PublishMarker;
  const newestFirst = versions.filter((version) => version.number <= page.version);
  const carriesIt = (version: PageVersion): boolean => carriesMarker(version, marker);
  // The versions that carry this very marker, newest back to the first of them.
  const { first, sent } = sendOf(newestFirst, 0, marker, page.version);
  const holdsSend = holdsSendsBody(newestFirst, sent, page.version);
  // Unless the page holds that send's very body and the file is back at what it wrote (reverted in the repository
  // too): nothing then to send. The marker alone cannot tell: a colleague's version that kept the notice, restored,
  // carries it as well.
  const rolledBack = rolledBackSend(newestFirst, marker, first, carriesIt);
  if (rolledBack !== undefined && !(holdsSend && holdsWhatItSends(page, marker, item))) return { kind: 'edited', page, knownVersion: rolledBack, publishedAt: link?.publishedAt ?? 0 };
  // An edit is what the page holds now and the send did not write: a version since with another body.
  if (!holdsSend) return { kind: 'edited', page, knownVersion: sent, publishedAt: link?.publishedAt ?? 0 };
  const left = asLeft(page, item, marker);
  return link === undefined ? { ...left, adopted: true } : left;
}

/**
 * A copy of an earlier send made after a later send of the same file (the wiki's "restore" of an old version): the
 * version its marker names carries it, and a version between that one and the copy carries another marker of this
 * file. Someone on the wiki rolled this tool's later publish back: an edit, not that earlier send landing again.
 * Gives the later publish rolled back (the version this tool last left). Not a colleague's own edit undone by
 * restoring this tool's version: nothing of this tool's came between, and the page holds what that send wrote.
 */
function rolledBackSend(newestFirst: readonly PageVersion[], marker: PublishMarker, first: number, carriesIt: (version: PageVersion) => boolean): number | undefined {
  if (marker.version === 0 || marker.version >= first) return undefined;
  const named = newestFirst.find((version) => version.number === marker.version);
  if (named === undefined || !carriesIt(named)) return undefined;
  return newestFirst.find((version) => version.number > marker.version && version.number < first && version.body?.marker?.path === marker.path && !carriesIt(version))?.number;
}

/** As left by this tool; `sameContent` when the marker says the page holds what the file would send now. */
function asLeft(page: WikiPage, item: Pick<PlanItem, 'file' | 'complete' | 'contentSha256' | 'linkTargets' | 'linkTargetsKept'>, marker: PublishMarker): Extract<GuardVerdict, { kind: 'asLeft' }> {
  return holdsWhatItSends(page, marker, item) ? { kind: 'asLeft', page, sameContent: true } : { kind: 'asLeft', page };
}

/**
 * Whether the page's marker says it holds what the item sends with its links reaching `linkTargets` (the plan's, by
 * default; a tree's run asks again with what the links reach when the page's turn comes): the same content from the
 * same file at the same title. A retitle or a renamed file goes once to put that right.
 */
export function holdsWhatItSends(page: WikiPage, marker: PublishMarker, item: Pick<PlanItem, 'file' | 'complete' | 'contentSha256' | 'linkTargets' | 'linkTargetsKept'>, linkTargets: string | undefined = item.linkTargets): boolean {
  return sendsDigest(marker, item, linkTargets) && marker.path === pathDigest(item.file.label) && item.complete !== undefined && sameTitle(page.title, item.complete.pageTitle);
}

/**
 * A page found at a create's place carrying the file's marker, which no record names, as the verdict takes it (as left,
 * adopted): a run that does not know its repository writes and reads markers without one, and a file of the same path
 * in another repository (a second clone, a second root of one workspace) makes the same marker. Such a page is taken
 * only when nothing is lost by taking it (it holds what this file would send now), when the user chose to replace
 * pages anyway, or when this machine's record says a create of this file went out to that very place (a run stopped
 * before its answer); else it is a page the create meets as "already exists", said as one nobody can tell is ours.
 */
export function takenAtPlace(verdict: GuardVerdict, item: TakingItem, repositoryKnown: boolean): GuardVerdict {
  if (verdict.kind !== 'asLeft') return verdict;
  const marker = verdict.page.body?.marker;
  return marker === undefined || mayTakeUnrecordedPage(marker, item, repositoryKnown) ? verdict : { kind: 'exists', page: verdict.page, unknownRepository: true };
}

type TakingItem = Pick<PlanItem, 'complete' | 'createMayHaveLanded' | 'contentSha256' | 'linkTargets' | 'linkTargetsKept' | 'closingLine' | 'foundOnWiki'>;

/**
 * Whether a page carrying the item's marker that no record names may be taken as its own (takenAtPlace). A tree's page
 * found by its marker alone updates its page by the tree's plan, not the user's choice, which was Create only.
 */
export function mayTakeUnrecordedPage(marker: PublishMarker, item: TakingItem, repositoryKnown: boolean): boolean {
  if (repositoryKnown || item.complete === undefined || (item.complete.overwrite && item.foundOnWiki !== 'byMarkerOnly')) return true;
  return sendsDigest(marker, item) || linkNames(item.createMayHaveLanded, item.complete);
}

/** Whether the marker's digest is the one the item would send now, its links as `linkTargets` say or as kept. */
function sendsDigest(marker: PublishMarker, item: Pick<PlanItem, 'contentSha256' | 'linkTargets' | 'linkTargetsKept' | 'closingLine'>, linkTargets: string | undefined = item.linkTargets): boolean {
  return marker.digest === digestNow(item, linkTargets) || (item.linkTargetsKept !== undefined && marker.digest === digestNow(item, item.linkTargetsKept));
}

/**
 * Whether an item the guard found as left (asLeft) holds, by its marker, what it would send now that its links reach
 * `linkTargets`: a page of a tree whose links were decided at its turn, or a file sent after them. Forced sends go.
 */
export function alreadyHolds(item: Pick<PlanItem, 'file' | 'complete' | 'contentSha256' | 'linkTargets' | 'linkTargetsKept' | 'guard' | 'forced'>, linkTargets: string | undefined): boolean {
  const verdict = item.guard;
  if (verdict?.kind !== 'asLeft' || item.forced === true) return false;
  const marker = verdict.page.body?.marker;
  return marker !== undefined && marker.version === verdict.page.version && holdsWhatItSends(verdict.page, marker, item, linkTargets);
}

/** Whether versions listed newest first go back to the page's first version: nothing older was left out. */
export function reachesFirstVersion(newestFirst: readonly PageVersion[]): boolean {
  const oldest = newestFirst[newestFirst.length - 1];
  return oldest !== undefined && oldest.number <= 1;
}
