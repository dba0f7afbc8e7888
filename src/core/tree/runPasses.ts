// A tree run's second pass (treeRun.ts): after every page of the tree went once, the pages whose links waited for a
// page that landed meanwhile go again, as updates of what they just wrote; so do pages that linked to a page created
// anew under another ID (its recorded page deleted on the wiki), and unchanged pages that link to a page this run
// created. The order the first pass takes (runSchedule.ts) keeps these few: only links no order could satisfy.
import type { LinkCaution } from '../links/rewrite';
import { sentAgain } from '../run/landedPage';
import type { PlanItem } from '../run/planItem';
import { runPlan, type RunOptions } from '../run/runner';
import { linkingFileOf, treePageIdByPath } from './linkTargets';
import { linkTargetsDigest } from '../links/linkTargets';
import { guardTreePages } from './runPrepare';
import type { RunLinks } from './runLinks';
import type { TreePage, TreePlan } from './treePlanTypes';
import type { TreeFileResult, TreeRunOptions } from './runTypes';

export interface PassContext extends TreeRunOptions {
  links: RunLinks;
  onStart: NonNullable<RunOptions['onStart']>;
  onStopped: NonNullable<RunOptions['onStopped']>;
  results: TreeFileResult[];
}

/**
 * Whether links were left as written that a later run can fill in: to pages of the run or of the repository, or to a
 * folder that has a page once Markdown is added to it.
 */
export function waitsForPages(pending: boolean, cautions: readonly LinkCaution[]): boolean {
  return pending || cautions.some((caution) => caution.reason === 'unknownPage' || caution.reason === 'refusedPage' || caution.reason === 'noPageYet' || caution.reason === 'folderWithoutPage');
}

/**
 * Pages left alone as unchanged whose links reach a page this run created, or created anew under another ID (its
 * recorded page was deleted on the wiki): they still link to no page, or to the deleted one. Asked only when some page
 * got an ID it did not have before this run.
 */
export function pagesLinkingAnew(plan: TreePlan, results: readonly TreeFileResult[], knownBefore: (key: string) => string | undefined, ids: ReadonlyMap<string, string>): TreePage[] {
  const skipped = new Set(results.filter((result) => result.state === 'skipped').map((result) => result.key));
  // Only the tree's own pages can have changed ID in this run: links out of the tree count the same either way.
  const before = treePageIdByPath(plan.tree, knownBefore, () => undefined);
  const now = treePageIdByPath(plan.tree, (key) => ids.get(key), () => undefined);
  const root = plan.tree.rootPath;
  return plan.pages.filter((page) => {
    // Skipped as unchanged by the plan, or by the guard (its page's notice says it holds what it would send).
    if (!skipped.has(page.key)) return false;
    const file = linkingFileOf(page.node, root);
    return linkTargetsDigest(page.linkFacts.destinations, file, before, plan.rootInRepository) !== linkTargetsDigest(page.linkFacts.destinations, file, now, plan.rootInRepository);
  });
}

/**
 * Sends the unchanged pages that link to a page created (or created anew), in the second pass, so their links reach the
 * new page in this run rather than the next one. Unlike the pages the second pass sends again, nothing in this run
 * looked at them on the wiki yet: they go through the edit guard first, and one edited there is held back as in any run.
 */
export async function relinkUnchanged(pages: readonly TreePage[], context: PassContext): Promise<void> {
  if (pages.length === 0 || context.signal?.aborted || context.gate.stoppedBy) return;
  // What its links reach now is what the guard compares with its page's notice (the plan's digest was before this run's pages landed).
  const entries = pages.map((page) => ({ page, ...context.links.decide(page), item: { ...page.item, state: 'send' as const, linkTargets: context.links.reachedNow(page) } }));
  await guardTreePages(entries, {
    ...context.guard, pages: context.pages, ...(context.signal ? { signal: context.signal } : {}), underNewPage: () => false,
  });
  await sendAgain(entries, context, true);
  // Each page once in the run's results: its send, not the "unchanged" its first pass gave before it was known to go.
  const sent = new Set(context.results.filter((result) => result.relinked).map((result) => result.key));
  const kept = context.results.filter((result) => result.relinked === true || !(result.pass === 1 && result.state === 'skipped' && sent.has(result.key)));
  context.results.splice(0, context.results.length, ...kept);
}

/** The pass-1 "unchanged" results a run holds until it knows whether their pages go after all (relinkUnchanged). */
export interface HeldUnchanged {
  /** Keeps a skipped page's result unreported when its page may yet go; whether it did. */
  hold(result: TreeFileResult): boolean;
  /** Reports the held results, but those of `going` (pages about to be sent, or sent), which stay unreported. */
  release(onResult: ((result: TreeFileResult) => void) | undefined, going?: ReadonlySet<string>): void;
}

/**
 * Holds the "unchanged" of pages with links while the run sends anything: only a page sent in this run can get an ID
 * it did not have, and only a page with links can reach it. A re-run that sends nothing reports each page at once.
 */
export function holdsUnchangedResults(plan: Pick<TreePlan, 'pages'>): HeldUnchanged {
  const linking = plan.pages.some((page) => page.item.state === 'send')
    ? new Set(plan.pages.filter((page) => page.linkFacts.destinations.length > 0).map((page) => page.key)) : undefined;
  const held = new Map<string, TreeFileResult>();
  return {
    hold(result) {
      if (linking === undefined || result.state !== 'skipped' || !linking.has(result.key)) return false;
      held.set(result.key, result);
      return true;
    },
    release(onResult, going) {
      for (const [key, result] of held) {
        if (going?.has(key)) continue;
        held.delete(key);
        onResult?.(result);
      }
    },
  };
}

/** Sends again, as updates of the pages just written, the pages whose links needed this run's new pages. */
export async function secondPass(pending: ReadonlyArray<{ page: TreePage; version: number | undefined }>, context: PassContext): Promise<void> {
  if (pending.length === 0 || context.signal?.aborted || context.gate.stoppedBy) return;
  const entries = pending.map(({ page, version }) => ({ page, ...context.links.decide(page), item: sentAgain({ ...page.item }, context.links.ids.get(page.key), version) }));
  await sendAgain(entries, context);
}

/**
 * Sends pages in the second pass and reports each as a pass-2 result; `relinked`: unchanged pages going for the first
 * time in this run, each reported as its one send, in place of its first pass's "unchanged".
 */
async function sendAgain(entries: ReadonlyArray<{ page: TreePage; item: PlanItem; cautions: LinkCaution[]; pending: boolean }>, context: PassContext, relinked = false): Promise<void> {
  const { links } = context;
  const results = await runPlan(entries.map((entry) => entry.item), {
    ...context, onResult: undefined, content: (item) => links.content(item), linkTargetsOf: (item) => links.linkTargetsWhenSent(item),
  });
  for (const [index, result] of results.entries()) {
    const entry = entries[index] as (typeof entries)[number];
    const pageId = links.ids.get(entry.page.key);
    const treeResult: TreeFileResult = {
      ...result, pass: relinked ? 1 : 2, key: entry.page.key, depth: entry.page.node.depth, ...(pageId ? { pageId } : {}), linkCautions: entry.cautions,
      linksToFillIn: waitsForPages(entry.pending, entry.cautions), ...links.reached(entry.page, result), ...(relinked ? { relinked: true as const } : {}),
    };
    context.results.push(treeResult);
    context.onResult?.(treeResult);
  }
}

