// The page a tree is published under (the prompt, --parent, the manifest's "parent") is never rewritten by a tree
// publish (issue 14 section 2): its files and subfolders become its children. Front matter still wins for a file that
// names its page, so a file of the tree could name the chosen page itself, and a pull request that adds one would
// have CI with --overwrite rewrite the page the whole tree hangs under. Such a file is refused before anything is
// sent: by its wiki.pageId (or the page this machine last published it to) in the plan, with no page access needed;
// by a title and parent that are the chosen page's own once the chosen page has been read (checkTreeParent).
import type { TreeMessages } from '../messages/treeMessages';
import type { Blocker } from '../publish/preflight';
import { refuseItem } from '../run/plan';
import type { PlanItem } from '../run/planItem';
import type { WikiPage } from '../wikiPages';
import { titleKey } from '../run/sameTitles';

/**
 * Why a file of the tree names the chosen page by its ID, if it does: its front matter's wiki.pageId, or (a file whose
 * front matter names its page) the page this machine last published it to, at the very place the front matter names.
 * A comparison or two per file: planning 10,000 files is benchmarked.
 */
export function namesChosenPageById(item: PlanItem, parentId: string, words: TreeMessages): Blocker | undefined {
  if (item.prepared.frontMatterPageId === parentId) return { code: 'treeParent', message: words.namesTreeParentById(item.file.label, parentId), fix: 'editFile' };
  const complete = item.complete;
  if (item.linkedPage && item.link?.pageId === parentId && complete !== undefined) {
    return { code: 'treeParent', message: words.namesTreeParentPlace(item.file.label, complete.pageTitle, complete.parentId, parentId), fix: 'editFile' };
  }
  return undefined;
}

/**
 * Refuses the files whose front matter names the chosen page by its own title and parent (the importer finds a page by
 * title and parent), compared as the platform compares titles. A space's home page has no parent: no import names it.
 */
export function refuseFilesAtChosenPage(pinned: readonly PlanItem[], chosen: Pick<WikiPage, 'id' | 'title' | 'parentId'>, words: TreeMessages): void {
  const grandparentId = chosen.parentId;
  if (grandparentId === undefined) return;
  const title = titleKey(chosen.title);
  for (const item of pinned) {
    const complete = item.complete;
    // Refused for another reason too (a title used twice), it still says this one: fixing that would not make it go.
    if (complete === undefined || complete.parentId !== grandparentId || titleKey(complete.pageTitle) !== title || item.refusals.some((refusal) => refusal.code === 'treeParent')) continue;
    refuseItem(item, { code: 'treeParent', message: words.namesTreeParentPlace(item.file.label, complete.pageTitle, grandparentId, chosen.id), fix: 'editFile' });
  }
}

/**
 * Whether a file that names its own page could rewrite the chosen page unseen when the chosen page's title and parent
 * cannot be read (no page access, or the lookup failed): only a send that updates or overwrites a page can, and never
 * one under the chosen page itself. A create of a title that exists is refused by the service as "already exists".
 */
export function mayBeChosenPage(item: PlanItem, parentId: string): boolean {
  const complete = item.complete;
  return item.state === 'send' && complete !== undefined && complete.parentId !== parentId && (complete.overwrite || item.linkedPage);
}

/** Says on each such file that whether it names the chosen page could not be checked: `detail` why, or undefined for no page access. */
export function cautionUncheckedChosenPage(pinned: readonly PlanItem[], parentId: string, detail: string | undefined, words: TreeMessages): void {
  for (const item of pinned) {
    if (mayBeChosenPage(item, parentId)) item.cautions.push({ code: 'treeParentUnchecked', message: words.treeParentUnchecked(parentId, detail) });
  }
}
