// The edit guard looks at every page a plan would update before the first file is sent (guard.ts). One file is sent a
// moment later; a run of many files sends its last ones minutes later, and a colleague's edit made on the wiki in
// between was overwritten without a word, the file's line still saying its wiki edits were checked. So an update the
// guard saw as its file left it is looked at again just before its own send, by the same rule (a newer version, or a
// move to another parent), and held back as edited if it changed: a run of many files keeps one file's window.
import type { WikiPagesClient } from '../wikiPages';
import { underAnotherParent, type GuardOptions, type GuardVerdict } from './guard';
import { lookupDeadline } from './lookupDeadline';
import type { PlanItem } from './planItem';

/**
 * The item held back ('edited', with what the wiki holds now) when its page changed on the wiki since the guard saw
 * it; undefined to send it as planned. Only an update the guard saw as left is looked at: a create replaces no page,
 * and a page the user chose to replace (--overwrite-edited, Overwrite Edited Pages Too, or --overwrite of a page the
 * file did not publish) is replaced whatever it holds. A page gone since is sent as planned: an update of a page that
 * is gone creates it anew. A look that fails (the guard's deadline for one file) rejects: the caller sends the file as
 * planned, the guard's look before the run standing, and looks no more in that run rather than wait out a wiki site in
 * trouble for every update.
 */
export async function changedSincePlanned(
  item: PlanItem,
  pages: WikiPagesClient,
  overwriteEdited: GuardOptions['overwriteEdited'],
  signal?: AbortSignal,
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
  return { ...item, state: 'edited', guard: edited };
}

function chosenToReplace(item: PlanItem, overwriteEdited: GuardOptions['overwriteEdited']): boolean {
  return overwriteEdited === true || (typeof overwriteEdited === 'object' && overwriteEdited.has(item.file.key));
}
