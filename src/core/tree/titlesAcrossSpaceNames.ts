// The import takes a space by its key (DOCS) or its numeric ID (1001), so a file whose front matter names its own page
// may name the tree's space otherwise than --space or the prompt did. The plan's title check (treeRefusals.ts,
// titleCollisions) compares spaces as written, since it has no way to know that DOCS is 1001: two pages with one
// title, one spelling each, went out, and the second met "already exists" half-way, or with `overwrite` replaced the
// first page of the same run and took its place in the manifest. With page access the spellings are resolved to the
// space's ID here, and such pages are refused before sending, named as the plan's own check names them.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { refuseItem } from '../run/plan';
import type { PlanItem } from '../run/planItem';
import type { WikiPagesClient } from '../wikiPages';
import { groupByTitleInSpace, otherNames, resolveSpaceSpellings } from '../run/sameTitles';
import { refuseUnderRefusedFolders } from './treeRefusals';
import type { TreePlan } from './treePlanTypes';

interface TitledPage {
  /** The file to edit, or the folder of a generated page. */
  name: string;
  /** The space as written: the tree's, or the front matter's. */
  spelling: string;
  title: string;
  item: PlanItem;
  generated: boolean;
}

/**
 * Refuses the pages whose titles are one ignoring case in one space that the plan wrote two ways (key and numeric
 * ID). A space that cannot be resolved (no such space, a failed lookup) is taken as written: sending then says what
 * the wiki says. Pages already refused take no title; the plan refused those of one spelling already.
 */
export async function checkTitlesAcrossSpaceNames(
  plan: Pick<TreePlan, 'pages' | 'pinned'>,
  pages: WikiPagesClient,
  spaceId: string,
  signal?: AbortSignal,
  messages: TreeMessages = englishTreeMessages,
): Promise<void> {
  const titled: TitledPage[] = [];
  for (const page of plan.pages) {
    if (page.item.state === 'refused') continue;
    // A folder page titled by a content file that holds nothing but its title is named by that file (treeSource.ts).
    const { node } = page;
    titled.push({ name: node.contentFrom ?? node.titleFrom ?? node.path, spelling: spaceId, title: node.title, item: page.item, generated: node.generated === true && node.titleFrom === undefined });
  }
  for (const item of plan.pinned) {
    if (item.complete && item.state !== 'refused') titled.push({ name: item.file.label, spelling: item.complete.spaceId, title: item.complete.pageTitle, item, generated: false });
  }
  const spellings = new Set(titled.map((entry) => entry.spelling.trim()));
  // One spelling: the plan's own check saw every pair already.
  if (spellings.size < 2) return;
  const spaceIdOf = await resolveSpaceSpellings(spellings, pages, signal);
  const resolved = (entry: TitledPage): string => spaceIdOf(entry.spelling);
  let refusedAny = false;
  for (const group of groupByTitleInSpace(titled, (entry) => entry.title, resolved)) {
    for (const entry of group) {
      // Only the pages of another spelling are news: those of its own the plan named already (and refused, so a group
      // holds one page of each spelling at most).
      const others = otherNames(group, (other) => other.spelling !== entry.spelling, (other) => other.name);
      if (others === '') continue;
      const message = entry.generated ? messages.generatedTitleCollision(entry.title, others) : messages.titleCollision(entry.title, others);
      refuseItem(entry.item, { code: 'duplicatePage', message, fix: entry.generated ? undefined : 'editFile' });
      refusedAny = true;
    }
  }
  // A folder page refused now takes the pages below it along, as the plan's own refusals do.
  if (refusedAny) refuseUnderRefusedFolders(plan.pages, messages);
}
