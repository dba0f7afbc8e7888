// Which of a tree's pages a page's links wait for: the pages its links name that have no ID yet. One rule for the run's
// schedule (runLinks.ts, waitsOn), the plan's foresight of second sends (foreseenSends.ts), the order of new siblings
// (sendOrder.ts) and the run's early second sends (treeRun.ts).
import { linkTarget } from '../links/rewrite/linkTarget';
import { linkingFileOf } from './linkTargets';
import { nodeOfFile } from './shape';
import type { TreePage, TreePlan } from './treePlanTypes';

/** The keys of the tree's pages `page`'s links name that `withoutId` says have no ID yet. */
export function linkedPagesWithoutId(page: TreePage, plan: Pick<TreePlan, 'tree' | 'rootInRepository'>, withoutId: (key: string) => boolean): string[] {
  return treePagesNamedBy(page, plan).filter(withoutId);
}

/** What a page's links name, as far as the tree goes: found once for each page (linksOf). */
interface NamedByLinks {
  /** The keys of the tree's pages other than its own, distinct, in the order of its links. */
  pages: readonly string[];
  /** Whether a link names the page itself (`./` in a folder's index.md, `setup.md#install` in setup.md). */
  itself: boolean;
  /** The paths (from the tree's root) named that are no page of the tree: files that name their own page. */
  outside: readonly string[];
}

/**
 * Each page's links resolved once: a page's links and its tree do not change once it is planned, and the run's
 * schedule asks what a page waits for each time a lane frees (a resolution of every link each time).
 */
const linksByPage = new WeakMap<TreePage, NamedByLinks>();

function linksOf(page: TreePage, plan: Pick<TreePlan, 'tree' | 'rootInRepository'>): NamedByLinks {
  const known = linksByPage.get(page);
  if (known !== undefined) return known;
  const rootPath = plan.tree.rootPath;
  const from = linkingFileOf(page.node, rootPath);
  const keys = new Set<string>();
  const outside = new Set<string>();
  let itself = false;
  for (const destination of page.linkFacts.destinations) {
    const target = linkTarget(destination, from, plan.rootInRepository);
    if (target.kind !== 'file' || target.path === undefined) continue;
    const key = nodeOfFile(plan.tree, `${rootPath}${target.path}`)?.path.slice(rootPath.length);
    if (key === page.key) itself = true;
    else if (key !== undefined) keys.add(key);
    else outside.add(target.path);
  }
  const links: NamedByLinks = { pages: [...keys], itself, outside: [...outside] };
  linksByPage.set(page, links);
  return links;
}

/** The keys of the tree's pages (other than its own) that `page`'s links name, distinct, in the order of its links. */
export function treePagesNamedBy(page: TreePage, plan: Pick<TreePlan, 'tree' | 'rootInRepository'>): readonly string[] {
  return linksOf(page, plan).pages;
}

/**
 * Whether one of `page`'s links names a file of the run that is no page of the tree (one whose front matter names its
 * own page) among `paths` (from the tree's root): such files go after the tree's pages.
 */
export function namesAnyOf(page: TreePage, plan: Pick<TreePlan, 'tree' | 'rootInRepository'>, paths: ReadonlySet<string>): boolean {
  return paths.size > 0 && linksOf(page, plan).outside.some((path) => paths.has(path));
}

/**
 * Whether one of `page`'s links names the page itself: such a link waits for nothing (the page cannot go before
 * itself), but a page created by the run has no ID for it until it lands, so it goes a second time to fill it in.
 */
export function namesItself(page: TreePage, plan: Pick<TreePlan, 'tree' | 'rootInRepository'>): boolean {
  return linksOf(page, plan).itself;
}
