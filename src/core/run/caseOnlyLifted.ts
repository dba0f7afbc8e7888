// A flat file whose title changed only in case since it published is refused by the plan (titleChange.ts), from its
// record alone, with the fix: rename the page on the wiki to the file's title. Once someone did, the wiki's title is the
// page's (the record is only a cache of it, as a tree takes it: tree/caseOnlyTitles.ts): the refusal is lifted and the
// file goes to its page under the title the wiki gives it, which the import finds the page by; the run records it.
import { readPages, type LookupOptions } from './guardLookups';
import type { PlanItem } from './planItem';
import { sameTitle } from './sameTitles';

/**
 * Reads the linked pages of the items refused only for a title changed in case, and lifts that refusal of each whose
 * page the wiki now titles as its file is (the item's other refusals stay). A page that could not be read keeps it.
 */
export async function liftCaseOnlyRefusals(items: readonly PlanItem[], options: LookupOptions): Promise<void> {
  const asked = new Map<PlanItem, string>();
  for (const item of items) {
    const pageId = item.caseOnlyRetitle !== undefined ? item.link?.pageId : undefined;
    if (pageId !== undefined) asked.set(item, pageId);
  }
  if (asked.size === 0) return;
  const read = await readPages(asked.values(), options);
  for (const [item, pageId] of asked) {
    const page = read.pages.get(pageId);
    const caseOnly = item.caseOnlyRetitle;
    if (page === undefined || page === null || caseOnly === undefined || !sameTitle(page.title, caseOnly.fileTitle)) continue;
    item.refusals = item.refusals.filter((refusal) => refusal !== caseOnly.refusal);
    if (item.refusals.length === 0) item.state = caseOnly.stateWithout;
    if (item.complete !== undefined) item.complete = { ...item.complete, pageTitle: page.title };
    item.target = { ...item.target, pageTitle: page.title };
    delete item.caseOnlyRetitle;
  }
}
