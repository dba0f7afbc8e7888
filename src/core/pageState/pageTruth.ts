// What a linked file's page holds now, decided as the edit guard decides it (CONTRIBUTING.md, "The wiki is the truth"):
// the guard's own verdict functions (run/wikiVerdict.ts) on the publish notice the page carries, read with its body in
// the view's one bulk read, and on the page's history when the notice names an older version than the page's. This
// machine's link is only a cache: a page whose notice says it is this file's publish of exactly what the file holds now
// is in sync however far behind the link is, and a publish of another text of the file is no colleague's edit.
import type { PageLink } from '../links/pageLink';
import { pathDigest } from '../publish/publishNotice';
import type { GuardVerdict } from '../run/guardVerdict';
import { digestNow } from '../run/pageNotice';
import type { PlanItem } from '../run/planItem';
import { historyVerdict, ownPageVerdict } from '../run/wikiVerdict';
import type { PageVersion, WikiPage } from '../wikiPages';
import type { LocalFacts } from './localPlan';

/** The plan item the verdict functions ask of: what a publish of the file would send now, and where. */
export type SendItem = Pick<PlanItem, 'file' | 'complete' | 'contentSha256' | 'linkTargets' | 'linkTargetsKept' | 'closingLine'>;

/**
 * The item for a file of the view: its local plan's facts, with the pages its links reached when this machine last
 * published it (the view plans one file alone, and does not resolve its links). Undefined without those facts.
 */
export function sendItem(file: { key: string; label: string }, local: LocalFacts | undefined, link: PageLink | undefined): SendItem | undefined {
  if (local?.sends?.complete === undefined) return undefined;
  const item: SendItem = { file: { key: file.key, label: file.label }, complete: local.sends.complete, contentSha256: local.contentSha256 };
  if (local.sends.closingLine !== undefined) item.closingLine = local.sends.closingLine;
  if (link?.linkTargets !== undefined) item.linkTargets = link.linkTargets;
  return item;
}

/**
 * The guard's verdict for the file's own page, from what it holds: 'history' when the page's notice names an older
 * version and its history was not read (readable with `pageVersions`), undefined when the page says nothing the guard
 * could go by (read without its body): the link then decides, as before notices. A page renamed on the wiki (a title
 * neither the file's nor the one it was last published with) is edited, as the guard holds it (guard.ts renamedOnWiki).
 */
export function pageTruth(page: WikiPage, item: SendItem, link: PageLink, history: readonly PageVersion[] | undefined): GuardVerdict | 'history' | undefined {
  if (page.body === undefined) return undefined;
  const title = item.complete?.pageTitle;
  if (title !== undefined && page.title !== title && page.title !== link.pageTitle) {
    return { kind: 'edited', page, knownVersion: link.version, publishedAt: link.publishedAt, renamedTo: page.title };
  }
  const verdict = ownPageVerdict(page, item, link);
  if (verdict === 'history') return history === undefined ? 'history' : historyVerdict(page, history, item, link);
  return typeof verdict === 'string' ? undefined : verdict;
}

/** Whether the page's notice says it holds a publish of this very file of what the file would send now (its title aside). */
export function noticeHoldsFile(page: WikiPage, item: SendItem): boolean {
  const marker = page.body?.marker;
  return marker !== undefined && marker.path === pathDigest(item.file.label) && marker.digest === digestNow(item);
}

/** Whether the page's latest version is a publish of this file (its notice names the file and the page's version). */
export function publishOfFile(page: WikiPage, item: SendItem): boolean {
  const marker = page.body?.marker;
  return marker !== undefined && marker.version === page.version && marker.path === pathDigest(item.file.label);
}
