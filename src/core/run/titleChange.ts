// A flat file's title against the one it published with (its link): unchanged, however Unicode writes its letters;
// changed, which the plan asks about first ('retitled'); or changed only in case, which no page can take. The import
// finds a page by its title and cannot rename one, and the platform takes two titles that differ only in case as one:
// a new page of the new title would be refused or land on the old one, and the old page keeps its title.
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import type { PageLink } from '../links/pageLink';
import type { Blocker } from '../publish/preflight';
import type { PreparedDocument } from '../publish/pipeline';
import type { PlanItem } from './planItem';
import { changedOnlyInCase, sameTitle, titleKey } from './sameTitles';

/** Whether front matter names the page's title itself (then the title is the user's explicit choice). */
export function namesTitle(prepared: Pick<PreparedDocument, 'frontMatterTarget'>): boolean {
  return prepared.frontMatterTarget.pageTitle !== undefined;
}

/**
 * The file's own title (front matter title, first heading, name) against the one it had when it last published:
 * changed, and not to the linked page's title, means the file may now be another document (a rename over a deleted
 * file, a rewrite). Links from before `fileTitle` was kept compare with the page's title. Compared letter for letter
 * in whatever form Unicode writes them; a title changed only in case is caseOnlyRetitle's.
 */
export function titleChange(link: PageLink | undefined, fileTitle: string): PlanItem['retitled'] {
  if (!link) return undefined;
  const before = link.fileTitle ?? link.pageTitle;
  return !sameTitle(fileTitle, before) && titleKey(fileTitle) !== titleKey(link.pageTitle) ? { fileTitle, pageTitle: link.pageTitle } : undefined;
}

/**
 * The refusal of a file whose title differs from its linked page's only in case, unless the file published with that
 * very title (its user took the page as it is): a change made in the file, said before sending with its fix (rename
 * the page on the wiki, or give the file its old title back), as a tree says it (tree/treeRefusals.ts).
 */
export function caseOnlyRetitle(link: PageLink | undefined, fileTitle: string, messages: PublishMessages = englishPublishMessages): Blocker | undefined {
  if (link === undefined || !changedOnlyInCase(link.pageTitle, fileTitle) || sameTitle(link.fileTitle ?? link.pageTitle, fileTitle)) return undefined;
  return { code: 'duplicatePage', message: messages.retitledOnlyInCase(fileTitle, link.pageTitle, link.pageId), fix: 'editFile' };
}
