// The files of a tree run that are no page of the tree (treeRun.ts): those whose front matter names their own page
// publish there, through the same guard, once the tree's pages have their addresses (their links to those pages are
// rewritten like any tree page's); those refused before the tree was shaped end refused. The repository learns the
// page of each that lands, as any page of the tree.
import type { LinkCaution } from '../links/rewrite';
import { learnLandedPage } from '../run/landedPage';
import { guardPlan, type GuardOptions } from '../run/guard';
import type { PlanItem } from '../run/planItem';
import { runPlan, type RunOptions } from '../run/runner';
import { linksReachOtherPages } from '../run/plan';
import { waitsForPages } from './runPasses';
import type { RunLinks } from './runLinks';
import type { TreeFileResult, TreeRunOptions } from './runTypes';

export interface PinnedContext extends TreeRunOptions {
  links: RunLinks;
  guardOptions: GuardOptions;
  onStart: NonNullable<RunOptions['onStart']>;
  onStopped: NonNullable<RunOptions['onStopped']>;
  /** The run stopped (a refused credential): these files end not started, and nothing more is looked up. */
  stoppedBy: string | undefined;
  /** Whether the guard's verdicts stop the run here (a refused credential), as the tree's pages' did. */
  stopsOnRefusal(items: readonly PlanItem[]): boolean;
  /** Calls into the wiki's page routes, as many at once as the guard's lookups. */
  lookUp<T>(call: () => Promise<T>): Promise<T>;
  expectMore(count: number): void;
  results: TreeFileResult[];
}

export async function sendPinnedFiles(context: PinnedContext): Promise<void> {
  const { plan, links } = context;
  // An unchanged file that names its own page goes again when a page it links to landed under another ID in this run
  // (deleted on the wiki, created anew).
  const reachedNow = (item: PlanItem): string | undefined => (links.addressable ? links.pinnedLinkTargets(item) : undefined);
  const resent = plan.pinned.map((item) => linksReachOtherPages(item, () => reachedNow(item)));
  context.expectMore(resent.filter((again) => again).length);
  // What the guard compares with the page's notice: what its links reach now that the tree's pages have landed.
  const pinned = plan.pinned.map((item, index): PlanItem => {
    const now = reachedNow(item);
    const linkTargets = now === undefined ? {} : { linkTargets: now };
    return resent[index] ? { ...item, ...linkTargets, state: 'send' } : { ...item, ...linkTargets };
  });
  const loose = [...plan.refused, ...pinned];
  if (loose.length === 0) return;
  const linkCautionsOf = new Map<PlanItem, LinkCaution[]>();
  for (const item of pinned) {
    const cautions = links.decidePinned(item);
    if (cautions) linkCautionsOf.set(item, cautions);
  }
  // The tree compared their titles in the space (checkTreeOnWiki): not the flat plan's check again. A run stopped on
  // a refused credential looks up nothing more: these files end not started, as the pages after its stop.
  if (context.stoppedBy === undefined) await guardPlan(pinned, { ...context.guardOptions, titlesCheckedByTree: true });
  const notSending = context.stoppedBy !== undefined || context.stopsOnRefusal(pinned);
  const stopped = new AbortController();
  stopped.abort();
  const looseResults = await runPlan(loose, {
    ...context, ...(notSending ? { signal: stopped.signal } : {}), onResult: undefined,
    content: (item) => links.content(item), linkTargetsOf: (item) => links.linkTargetsWhenSent(item),
  });
  // The repository learns the page of a file that names its own, as any page of the tree: a teammate's clone and CI
  // then update it through the edit guard instead of meeting "already exists". Looked up side by side.
  const learning = await Promise.all(looseResults.map(async (result) => {
    const key = result.state === 'published' ? links.pinnedKeyOf(result.item) : undefined;
    const learnt = key === undefined ? undefined : await context.lookUp(() => learnLandedPage(result, result.item.link?.pageId, context.pages, context.signal));
    if (key !== undefined && learnt && context.identity.get?.(key)?.id !== learnt.pageId) {
      const followed = links.pinnedFollowed.get(key);
      await context.identity.record(key, { id: learnt.pageId, title: result.item.complete?.pageTitle ?? '' }).then(async () => {
        // Its page followed it from its old path: that key would otherwise show as an orphan on the next run.
        if (followed?.id === learnt.pageId) await context.identity.forget?.(followed.oldKey);
      }).catch(() => undefined); // a failed write is the front end's to report, through the store's settled()
    }
    if (key !== undefined && learnt) links.pinnedLanded.set(key, { id: learnt.pageId, title: result.item.complete?.pageTitle ?? '' });
    return learnt;
  }));
  for (const [index, result] of looseResults.entries()) {
    const learnt = learning[index];
    const linkCautions = linkCautionsOf.get(loose[index] as PlanItem) ?? [];
    const linkTargets = result.state === 'published' ? links.pinnedLinkTargets(result.item) : undefined;
    const treeResult: TreeFileResult = {
      ...result, pass: 1, key: result.item.file.label, depth: 0, linkCautions, linksToFillIn: waitsForPages(false, linkCautions),
      ...(learnt ? { pageId: learnt.pageId } : {}), ...(linkTargets !== undefined ? { linkTargets } : {}),
    };
    context.results.push(treeResult);
    context.onResult?.(treeResult);
  }
}
