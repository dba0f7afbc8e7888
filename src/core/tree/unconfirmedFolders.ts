// A folder page the edit guard holds back because nothing on the wiki tells whose page it is (it carries no publish
// notice, and no record that can tell names its version) is no place to create pages under: a .wiki-pages.json entry a
// pull request wrote may name a page written by hand at the folder's place (another team's), and the guard holding
// that page back would still hang the pull request's new pages under it. Those pages are refused, naming the folder
// page, until it is sent (overwriting edited pages sends it) or confirmed. A step of the tree's plan guard
// (treePlanGuard.ts), so the dry run, the editor's confirmation and the run agree; the run sends no refused page.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { refuseItem } from '../run/plan';
import type { TreePage, TreePlan } from './treePlanTypes';

export function refuseCreatesUnderUnconfirmedFolders(plan: Pick<TreePlan, 'pages'>, words: TreeMessages = englishTreeMessages): void {
  let byPath: Map<string, TreePage> | undefined;
  // The pages come parents first, so a page refused here refuses the creates below it in turn.
  for (const page of plan.pages) {
    const parentPath = page.node.parent;
    if (parentPath === undefined || page.pageId !== undefined || page.linkedPageId !== undefined || page.item.state !== 'send') continue;
    byPath ??= new Map(plan.pages.map((each) => [each.node.path, each]));
    const parent = byPath.get(parentPath);
    const held = parent?.item.guard;
    const unconfirmed = parent !== undefined && parent.item.state === 'edited' && held?.kind === 'edited' && held.noNotice === true;
    const refusedAbove = parent !== undefined && parent.item.state === 'refused' && parent.item.refusals.some((refusal) => refusal.code === 'recordedEntry');
    if (!unconfirmed && !refusedAbove) continue;
    refuseItem(page.item, { code: 'recordedEntry', message: unconfirmed && held?.kind === 'edited' ? words.underUnconfirmedFolder(parent.node.title, held.page.id) : words.parentRefused(parent.node.title), fix: undefined });
  }
}
