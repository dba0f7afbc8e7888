// A tree page whose title changed only in case since the repository recorded its page (`Api reference` to `API
// reference`, a heading's capitalisation fixed or `Setup.md` renamed `setup.md`): the platform takes the two as one
// title, and the import cannot rename a page, so neither a new page nor an update of the old one gives the page the
// file's title. It is a change made in the file, refused before sending with its fix (rename the page on the wiki, or
// give the file its old title back), never taken for a page renamed on the wiki. Once the page is renamed on the wiki
// to the file's title, the wiki's title is the page's: the wiki is the truth, the record a cache of it.
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import type { Blocker } from '../publish/preflight';
import { changedOnlyInCase, sameTitle } from '../run/sameTitles';
import type { WikiPage } from '../wikiPages';
import type { RecordedPage } from './moves';
import type { PageTree } from './shape';
import type { TreeIdentity } from './treePlanTypes';

/** The refusal of a page titled `title` now whose record (`recorded`) names its page by a title other only in case. */
export function retitledOnlyInCase(title: string, recorded: RecordedPage | undefined, messages: PublishMessages = englishPublishMessages): Blocker | undefined {
  if (recorded === undefined || !changedOnlyInCase(recorded.title, title)) return undefined;
  return { code: 'duplicatePage', message: messages.retitledOnlyInCase(title, recorded.title, recorded.pageId), fix: 'editFile' };
}

/**
 * `previous` (the records by path) with the wiki's title for each page renamed there to its file's title, which the
 * record has but for case (`read`: the recorded pages as the wiki holds them; none without page access). Changed in
 * place, and given back.
 */
export function withTitlesRenamedOnWiki(previous: Map<string, RecordedPage>, tree: PageTree, read: ReadonlyMap<string, WikiPage> | undefined): Map<string, RecordedPage> {
  if (read === undefined || read.size === 0) return previous;
  for (const [path, recorded] of previous) {
    const title = tree.byPath.get(path)?.title;
    const page = read.get(recorded.pageId);
    if (title !== undefined && page !== undefined && changedOnlyInCase(recorded.title, title) && sameTitle(page.title, title)) previous.set(path, { ...recorded, title: page.title });
  }
  return previous;
}

/**
 * Whether some page the repository records (`identity`) is titled on the wiki (`read`) as the record says but for case:
 * a plan made before the wiki was read (treePlan.ts planWhileChecking) is made again with the wiki's titles.
 */
export function recordsRenamedOnWikiInCase(identity: Pick<TreeIdentity, 'entries'>, read: ReadonlyMap<string, WikiPage> | undefined): boolean {
  if (read === undefined || read.size === 0) return false;
  return identity.entries().some(([, entry]) => {
    const page = read.get(entry.id);
    return page !== undefined && changedOnlyInCase(entry.title, page.title);
  });
}
