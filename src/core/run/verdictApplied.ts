// What a file's verdict from the edit guard (guard.ts) does to its plan: held back, sent anyway at the user's word,
// created anew, left alone as the wiki already holds it, or taken over as the file's own page at a create's place.
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import { rememberPlanBeforeWiki } from './beforeWiki';
import { guardedPage, pageElsewhere, unreadOnWiki } from './guardVerdict';
import type { PlanItem } from './planItem';
import { refuseItem } from './plan';

/**
 * The user's choice to send a file whose page was edited on the wiki: it replaces the page. A page found under another
 * parent cannot be reached from here: the file makes a new page where it says, create only (as for a deleted page), so
 * that whatever holds the title there is not replaced unchecked.
 */
export function sendEditedAnyway(item: PlanItem): void {
  item.state = 'send';
  if (pageElsewhere(item.guard) && item.complete) {
    item.complete = { ...item.complete, overwrite: false };
    item.linkedPage = false;
  }
}

/**
 * Changes the item as its verdict says: an edited page is held back (an unchanged file's too: the wiki changed it), and
 * so is an update whose lookup failed (unreadOnWiki); a deleted one is created anew; a page that already holds what the
 * file would send is left alone (unchanged); one that holds another publish of an unchanged file is sent; the file's own
 * page taken over at a create's place becomes an update; the file's own page found where its front matter names now is
 * no page left behind.
 */
export function applyVerdict(item: PlanItem, overwriteEdited: boolean | ReadonlySet<string> | undefined, messages: PublishMessages | undefined): void {
  const verdict = item.guard;
  const page = guardedPage(verdict);
  // Only a send that may replace a page is held: a create (overwrite false) cannot overwrite a colleague's edit.
  const held = verdict?.kind === 'edited' || (unreadOnWiki(verdict) && item.complete?.overwrite === true && item.state !== 'unchanged');
  const sameContent = verdict?.kind === 'asLeft' && verdict.sameContent === true;
  if (held || verdict?.kind === 'deleted' || (verdict?.kind === 'asLeft' && (verdict.adopted || sameContent !== (item.state === 'unchanged')))) rememberPlanBeforeWiki(item);
  if (page !== undefined && (item.state === 'unchanged' || sameContent)) item.pageFound = { id: page.id, version: page.version };
  if (item.link?.pageId !== undefined && page?.id === item.link.pageId) item.cautions = item.cautions.filter((caution) => caution.code !== 'leavesPage');
  if (held) {
    const overwrite = overwriteEdited === true || (overwriteEdited instanceof Set && overwriteEdited.has(item.file.key));
    if (overwrite) sendEditedAnyway(item);
    else item.state = 'edited';
    return;
  }
  if (verdict?.kind === 'asLeft') {
    // The file's own page, found where its create would go: front matter overwrite: false never replaces a page, its
    // own included, so a changed file is refused as the plan refuses it when a record names the page, not sent to meet
    // "already exists" (a fresh runner has no record).
    const neverReplaces = item.prepared.frontMatterTarget.overwrite === false;
    if (verdict.adopted && item.complete && neverReplaces && !sameContent && item.state === 'send') {
      refuseItem(item, { code: 'frontMatter', message: (messages ?? englishPublishMessages).neverReplacesOwnPage(item.complete.pageTitle), fix: 'editFile' });
      return;
    }
    if (verdict.adopted && item.complete && !neverReplaces) item.complete = { ...item.complete, overwrite: true };
    // The wiki is the truth: it already holds what would be sent, or it holds another publish of an unchanged file.
    if (sameContent && item.state === 'send' && item.forced !== true) item.state = 'unchanged';
    else if (!sameContent && verdict.page.body?.marker !== undefined && item.state === 'unchanged') item.state = 'send';
  } else if ((verdict?.kind === 'deleted' || (verdict?.kind === 'exists' && verdict.unknownRepository === true)) && item.complete) {
    // The ID is stale, or names a page that may be another repository's (a tree's page found by its marker alone,
    // planned as an update of it): create the page anew rather than replace whatever holds its title now.
    item.complete = { ...item.complete, overwrite: false };
    item.linkedPage = false;
    if (item.state === 'unchanged') item.state = 'send';
  }
}
