// Which notice a send carries (publish/publishNotice.ts): the file it came from, the version it is to make, and the
// digest of what it carries. The version comes from the edit guard's look at the page just before: the version it saw
// plus one for an update, 1 for a create, 0 when nothing was seen (no page access), which later runs read as "not
// known" and settle from the page's history. One rule for the flat run, the tree and the editor's one file.
import { contentDigest, pathDigest, type PageNotice } from '../publish/publishNotice';
import { guardedPage } from './guardVerdict';
import type { PlanItem } from './planItem';

/** Whether pages carry the notice, and where a file's repository shows it. */
export interface NoticeSettings {
  /** No notice (the user's choice): the wiki cannot then tell a colleague's edit from this tool's publish. */
  off?: boolean;
  /** The file's address in its repository's web view (CI's commit), linked from the notice; undefined when unknown. */
  sourceUrl?(label: string): string | undefined;
  /** The repositoryDigest of the repository the files are in, when the run knows it: every marker carries it. */
  repository?: string;
  /**
   * What the notice calls the file instead of its label: an editor's document never saved ("an unsaved document") has no
   * path a reader could look for. The marker still digests the label, so the edit guard knows the page as the document's.
   */
  shownAs?: string;
}

/** The version a send of the item is to make: 0 when not known. */
export function expectedVersion(item: Pick<PlanItem, 'guard' | 'complete'>): number {
  const verdict = item.guard;
  if (verdict?.kind === 'absent' || verdict?.kind === 'deleted' || item.complete?.overwrite === false) return 1;
  const page = guardedPage(verdict);
  if (page !== undefined) return page.version + 1;
  return verdict?.kind === 'notNeeded' ? 1 : 0;
}

/**
 * The digest the wiki's marker must carry for the item's page to hold what the item would send now. A content that ends
 * in a block left open sends what closes it before the notice (closingLine): that counts too, so a page published
 * before that (its notice read into the block) is sent once more, now whole. Any other content digests as before.
 */
export function digestNow(item: Pick<PlanItem, 'contentSha256' | 'linkTargets' | 'closingLine'>, linkTargets: string | undefined = item.linkTargets): string {
  return contentDigest(item.closingLine === undefined ? item.contentSha256 : `${item.contentSha256}\n${item.closingLine}`, linkTargets);
}

/** The notice for a send of the item whose links reach `linkTargets`; undefined when notices are off. */
export function noticeFor(item: PlanItem, linkTargets: string | undefined, settings: NoticeSettings | undefined): PageNotice | undefined {
  if (settings?.off === true) return undefined;
  const sourceUrl = settings?.sourceUrl?.(item.file.label);
  return {
    label: settings?.shownAs ?? item.file.label,
    marker: { version: expectedVersion(item), digest: digestNow(item, linkTargets), path: pathDigest(item.file.label), ...(settings?.repository !== undefined ? { repository: settings.repository } : {}) },
    ...(sourceUrl !== undefined ? { sourceUrl } : {}),
  };
}
