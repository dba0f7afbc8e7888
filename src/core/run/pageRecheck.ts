// The edit guard looks at every page a plan would update before the first file is sent (guard.ts). One file is sent a
// moment later; a run of many files sends its last ones minutes later, and a colleague's edit made on the wiki in
// between was overwritten without a word, the file's line still saying its wiki edits were checked. So an update the
// guard saw as its file left it is looked at again just before its own send, and held back as edited if it changed: a
// run of many files keeps one file's window. A page that moved on is judged as the guard judges it, by what it holds
// (its notice, its history: wikiVerdict.ts), not by its version number alone: another run of the same file (a second CI
// job of the same commit, racing this one) publishes a version that is this tool's, and holding it back as a
// colleague's edit was a false alarm that failed the run.
import type { WikiPage, WikiPagesClient } from '../wikiPages';
import { underAnotherParent, type GuardOptions, type GuardVerdict } from './guard';
import { HISTORY_LOOKED_AT } from './guardLookups';
import { lookupDeadline } from './lookupDeadline';
import type { PlanItem } from './planItem';
import { publishedFromThisFile } from './publishedFrom';
import { historyVerdict, holdsWhatItSends } from './wikiVerdict';

/**
 * What the page holds now when it changed since the guard saw it, as the item to go on with; undefined to send it as
 * planned. State 'edited': held back, with what the wiki holds now. State 'unchanged': another publish of this file
 * left what this send would (its marker's digest, at `linkTargets`, the pages its links reach as sent), so nothing is
 * sent. State 'send': another publish of this file left other content, as this tool left it: sent as an update of the
 * version there now (the guard's page is that version, so the link it leaves names the one after it).
 * Only an update the guard saw as left is looked at: a create replaces no page,
 * and a page the user chose to replace (--overwrite-edited, Overwrite Edited Pages Too, or --overwrite of a page the
 * file did not publish) is replaced whatever it holds. A page gone since is sent as planned: an update of a page that
 * is gone creates it anew. A first look that fails (the guard's deadline for one file) rejects: the caller sends the
 * file as planned, the guard's look before the run standing, and looks no more in that run rather than wait out a wiki
 * site in trouble for every update. Once the version is known to have moved, a read of what it holds that fails holds
 * the page back: a newer version nothing explains is taken for an edit.
 */
export async function changedSincePlanned(
  item: PlanItem,
  pages: WikiPagesClient,
  overwriteEdited: GuardOptions['overwriteEdited'],
  signal?: AbortSignal,
  linkTargets: string | undefined = item.linkTargets,
): Promise<PlanItem | undefined> {
  const verdict = item.guard;
  const target = item.complete;
  if (verdict?.kind !== 'asLeft' || !target || chosenToReplace(item, overwriteEdited)) return undefined;
  const seen = verdict.page;
  // The deadline is held until the look ends: a timeout signal nothing holds may be collected before it fires.
  const looking = lookupDeadline(signal ? { signal } : {});
  const now = await pages.getPage(seen.id, looking.signal);
  if (looking.deadline.aborted || !now) return undefined;
  // Moved away from the file's parent since: the import would make a second page where the file says.
  const movedUnder = underAnotherParent(now, target.parentId) && !underAnotherParent(seen, target.parentId) ? { id: now.parentId } : undefined;
  if (now.version <= seen.version && !movedUnder) return undefined;
  const edited: GuardVerdict = {
    kind: 'edited', page: now, knownVersion: seen.version, publishedAt: item.link?.publishedAt ?? 0,
    ...(movedUnder ? { movedUnder } : {}),
  };
  const held: PlanItem = { ...item, state: 'edited', guard: edited };
  if (movedUnder) return held;
  const judged = await ownPublishSince(item, seen.id, pages, looking.signal).catch(() => undefined);
  if (judged === undefined || looking.deadline.aborted) return held;
  if (judged.verdict.kind !== 'asLeft') return { ...item, state: 'edited', guard: judged.verdict };
  const page = judged.verdict.page;
  const marker = page.body?.marker;
  // As the guard does at plan time: a page that holds what the file sends is left alone, unless the user forced it.
  const holds = item.forced !== true && marker !== undefined && holdsWhatItSends(page, marker, item, linkTargets);
  return holds
    // With the links it was judged by, so that the page is learnt as holding them (recordSend.ts, foundLink).
    ? { ...item, ...(linkTargets !== undefined ? { linkTargets } : {}), state: 'unchanged', guard: { kind: 'asLeft', page, sameContent: true }, pageFound: { id: page.id, version: page.version } }
    : { ...item, guard: { kind: 'asLeft', page } };
}

/**
 * The guard's verdict for the page read again with its body (and its history when its notice names an older version
 * than the page's), when its notice is this file's: as left by a publish of it, or edited since that publish.
 * Undefined when the page carries no notice of this file (a colleague's version, another file's publish) or is gone:
 * the version that moved stands as the edit.
 */
async function ownPublishSince(item: PlanItem, pageId: string, pages: WikiPagesClient, signal: AbortSignal): Promise<{ verdict: GuardVerdict } | undefined> {
  const page: WikiPage | undefined = (await pages.getPages([pageId], signal, { withBody: true })).get(pageId);
  const marker = page?.body?.marker;
  if (page === undefined || marker === undefined || !publishedFromThisFile(marker, [item.file.label, item.file.key, item.link?.formerFile])) return undefined;
  if (marker.version === page.version) return { verdict: { kind: 'asLeft', page } };
  const versions = await pages.pageVersions(pageId, HISTORY_LOOKED_AT, signal);
  return versions === undefined ? undefined : { verdict: historyVerdict(page, versions, item, item.link) };
}

function chosenToReplace(item: PlanItem, overwriteEdited: GuardOptions['overwriteEdited']): boolean {
  return overwriteEdited === true || (typeof overwriteEdited === 'object' && overwriteEdited.has(item.file.key));
}
