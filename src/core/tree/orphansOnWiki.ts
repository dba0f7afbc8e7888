// An orphan is a page the folder's .wiki-pages.json records for a file or folder that is gone. The plan lists it, run
// after run, so the user can remove it on the wiki; but once they have, the entry still names it and the list still
// says "orphans: 1", with an address that opens nothing, and never says what would end it. With page access the
// orphans are looked up (in bulk, as gonePages.ts looks up unchanged pages) and one the wiki does not list is marked:
// the front ends then say that only its entry is left, to remove. The entry itself stays: a page hidden from the
// account that checks looks the same, and is an orphan still on the wiki.
import { isPageId } from '../publish/target';
import { mapBounded } from '../util/mapBounded';
import { MAX_IDS_PER_REQUEST, type WikiPagesClient } from '../wikiPages';
import type { TreePlan } from './treePlanTypes';

const LOOKUPS_AT_ONCE = 4;

/** Marks `notOnWiki` the plan's orphans whose pages the wiki does not list. A failed lookup marks none of its batch. */
export async function checkOrphansOnWiki(plan: Pick<TreePlan, 'moves'>, pages: WikiPagesClient, signal?: AbortSignal): Promise<void> {
  const ids = [...new Set(plan.moves.orphans.map((orphan) => orphan.pageId).filter(isPageId))];
  if (ids.length === 0) return;
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += MAX_IDS_PER_REQUEST) batches.push(ids.slice(start, start + MAX_IDS_PER_REQUEST));
  const missing = new Set<string>();
  await mapBounded(batches, LOOKUPS_AT_ONCE, async (batch) => {
    const found = await pages.getPages(batch, signal).catch((error: unknown) => {
      if (signal?.aborted) throw error;
      return undefined; // not known to be gone: said as any orphan
    });
    if (!found) return;
    for (const id of batch) if (!found.has(id)) missing.add(id);
  });
  for (const orphan of plan.moves.orphans) if (missing.has(orphan.pageId)) orphan.notOnWiki = true;
}
