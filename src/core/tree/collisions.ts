// A tree's pages that would share a title: found before anything is sent (run/sameTitles.ts says why).
import { groupByTitle } from '../run/sameTitles';
import type { PageTree, TreeNode } from './shape';

/** Groups of two or more pages (files and folder pages) whose titles are the same ignoring case, in tree order. */
export function findTitleCollisions(tree: PageTree): TreeNode[][] {
  return groupByTitle(tree.nodes, (node) => node.title);
}
