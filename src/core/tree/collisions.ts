// The service finds a page by title and parent, and the platform wants a title unique in a space, ignoring case.
// Two pages of one tree with such a title would land on one page, or the second would be refused half-way through a
// run; found here, the plan refuses them before anything is sent and names every page of the group.
import type { PageTree, TreeNode } from './shape';

/** Titles as the platform compares them; the same key planFiles uses for files of one plan. */
export function titleKey(title: string): string {
  return title.toLocaleLowerCase('en-US');
}

/** Groups of two or more pages (files and folder pages) whose titles are the same ignoring case, in tree order. */
export function findTitleCollisions(tree: PageTree): TreeNode[][] {
  const byTitle = new Map<string, TreeNode[]>();
  for (const node of tree.nodes) {
    const key = titleKey(node.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), node]);
  }
  return [...byTitle.values()].filter((group) => group.length > 1);
}
