// The import takes a space by its key (DOCS) or its numeric ID (1001). planFiles compares the spaces of files that
// name their own pages as written, since it cannot know that DOCS is 1001: two files giving one title in one space,
// one spelling each, under different parents, both went out, and the second met "already exists" half-way (or, on a
// wiki that keeps titles unique in a space, was refused after the first landed). With page access the spellings are
// resolved to the space's ID here, with the helper trees use too (sameTitles.ts), and such files are refused before
// sending, named as planFiles names those of one spelling.
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import { groupByTitleInSpace, otherNames, resolveSpaceSpellings } from './sameTitles';
import type { WikiPagesClient } from '../wikiPages';
import { refuseItem } from './plan';
import type { PlanItem } from './planItem';

/**
 * Refuses the flat plan's files whose titles are one ignoring case in one space that they wrote two ways (key and
 * numeric ID). Files already refused take no title: planFiles refused those of one spelling, and those of one parent.
 */
export async function checkFlatTitlesAcrossSpaceNames(
  items: readonly PlanItem[],
  pages: WikiPagesClient,
  signal?: AbortSignal,
  messages: PublishMessages = englishPublishMessages,
): Promise<void> {
  const titled = items.filter((item) => item.complete !== undefined && item.state !== 'refused');
  const spellingOf = (item: PlanItem): string => item.complete?.spaceId ?? '';
  const spellings = new Set(titled.map((item) => spellingOf(item).trim()));
  // One spelling: planFiles saw every pair already.
  if (spellings.size < 2) return;
  const spaceIdOf = await resolveSpaceSpellings(spellings, pages, signal);
  for (const group of groupByTitleInSpace(titled, (item) => item.complete?.pageTitle ?? '', (item) => spaceIdOf(spellingOf(item)))) {
    for (const item of group) {
      // Only the files of another spelling are news: those of its own planFiles named already (and refused, so a
      // group holds one file of each spelling at most).
      const spelling = spellingOf(item).trim();
      const others = otherNames(group, (other) => spellingOf(other).trim() !== spelling, (other) => other.file.label);
      if (others === '') continue;
      refuseItem(item, {
        code: 'duplicatePage',
        message: messages.titleTakenInSpace(others, item.complete?.pageTitle ?? '', spellingOf(item)),
        fix: 'editFile',
      });
    }
  }
}
