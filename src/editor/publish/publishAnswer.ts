// What a publish says afterwards: the notification's text and buttons (Open Page or Copy Target, Change Target,
// the fixes of each failure), the page's identity found in the background when signed in, and Open Page itself.
import * as vscode from 'vscode';
import type { PageLink } from '../../core/links/pageLink';
import { describeError } from '../../core/log/redact';
import type { PublishOutcome } from '../../core/publish/outcome';
import type { PublishTarget } from '../../core/publish/target';
import type { PlanItem } from '../../core/run/plan';
import type { WikiPagesClient } from '../../core/wikiPages';
import { editorPublishMessages } from '../messages/publishMessages';
import { showInfo } from '../notify';
import { onDemand } from '../onDemandLoader';
import { withProgressBeforeResult } from '../progressNotification';
import type { PublishDependencies } from './publishContext';
import { showWithActions, type FollowUp } from './showOutcome';

export class PublishAnswer {
  constructor(private readonly deps: PublishDependencies) {}

  /** Finds the page's ID, version and address after a publish; runs behind the notification, never failing it. */
  async identify(pages: WikiPagesClient, fileKey: string, link: PageLink, target: PublishTarget): Promise<PageLink | undefined> {
    const core = onDemand();
    try {
      const identity = await core.identifyPage(pages, target, AbortSignal.timeout(20_000));
      if (!identity) {
        this.deps.log.warn(`Could not find "${target.pageTitle}" among the children of page ${target.parentId} after publishing it.`);
        return undefined;
      }
      const known = core.withIdentity(link, identity);
      // A later publish of the same file has its own link by now; never overwrite it with this older one.
      if ((await this.deps.links.get(fileKey))?.publishedAt === link.publishedAt) await this.deps.links.set(fileKey, known);
      this.deps.log.info(`"${target.pageTitle}" is page ${identity.pageId}, version ${identity.version}.`);
      return known;
    } catch (error) {
      this.deps.log.warn(`Finding the published page on the wiki failed: ${describeError(error)}`);
      return undefined;
    }
  }

  async tell(outcome: PublishOutcome, item: PlanItem, target: PublishTarget, dirty: boolean, note: string, link: PageLink | undefined, identification: Promise<PageLink | undefined> | undefined): Promise<{ message: string; actions: FollowUp[] }> {
    const pinned = pinnedByFrontMatter(item);
    const fixTarget: FollowUp = pinned ? 'editFrontMatter' : 'changeTarget';
    if (outcome.kind === 'created' || outcome.kind === 'updated') {
      const unsaved = dirty ? ` ${vscode.l10n.t('(The unsaved edits in the editor were published; the file on disk is unchanged.)')}` : '';
      // Open Page once the page can be found; Copy Target copies its address then, else where it was published.
      const where: FollowUp[] = link?.url || identification ? ['openPage', 'copyTarget'] : ['copyTarget'];
      // What and where first; the service's own sentence after it, in brackets, says whether it created or updated.
      const published = vscode.l10n.t('Published "{0}" to {1} ({2})', target.pageTitle, target.spaceId, outcome.message);
      return { message: `${published}${note}${unsaved}`, actions: [...where, ...(pinned ? [] : (['changeTarget'] as const))] };
    }
    // "Never replace" in the front matter is respected: no Overwrite button against it.
    const allowed = outcome.actions.filter((action) => action !== 'overwrite' || item.prepared.frontMatterTarget.overwrite !== false);
    if (outcome.kind === 'notFound') {
      const signedIn = await this.deps.wiki.signedIn();
      const finding = signedIn ? await this.explainNotFound(target) : undefined;
      // Sign In stays, second, only where signing in would explain more.
      return { message: onDemand().notFoundMessage(outcome, finding), actions: [fixTarget, ...(signedIn ? [] : (['signIn'] as const)), 'showLog'] };
    }
    if (outcome.kind === 'badRequest') return { message: outcome.message, actions: [fixTarget, ...allowed] };
    return { message: outcome.message, actions: allowed };
  }

  /** Asks the platform which of space and parent is missing (spec 4.3), under a progress notification with Cancel. */
  private async explainNotFound(target: PublishTarget): Promise<string | undefined> {
    const diagnose = this.deps.diagnoseNotFound;
    if (!diagnose) return undefined;
    return withProgressBeforeResult(vscode.l10n.t('Checking which of the space and the parent page is missing...'), (_progress, signal) => {
      const explained = diagnose(target, AbortSignal.any([signal, AbortSignal.timeout(15_000)]))
        .then((diagnosis) => diagnosis && onDemand().explainNotFound(diagnosis, target.spaceId, target.parentId, editorPublishMessages));
      return explained.catch((error: unknown) => {
        this.deps.log.warn(`The 404 lookups failed: ${describeError(error)}`);
        return undefined;
      });
    },
    );
  }

  async openPage(after: AfterPublish | undefined): Promise<void> {
    const url = after?.link?.url ?? (await after?.identification)?.url;
    if (url) {
      await vscode.env.openExternal(vscode.Uri.parse(url, true));
      return;
    }
    const target = after?.target;
    const message = target
      ? vscode.l10n.t('The page\'s address could not be found on the wiki ("{0}" under parent page {1}).', target.pageTitle, target.parentId)
      : vscode.l10n.t('The page\'s address could not be found on the wiki.');
    const choice = await showWithActions('warning', message, ['copyTarget', 'showLog']);
    if (choice === 'copyTarget') await this.copyTarget(after);
    if (choice === 'showLog') this.deps.showLog();
  }

  /** Copy Target: the page's address once known, else where the page is (space, parent, title); then says which. */
  async copyTarget(after: AfterPublish | undefined): Promise<void> {
    const target = after?.target;
    if (!target) return;
    const url = after.link?.url ?? (await after.identification)?.url;
    await vscode.env.clipboard.writeText(url ?? copiedTarget(target));
    void showInfo(url
      ? vscode.l10n.t('Copied the address of "{0}".', target.pageTitle)
      : vscode.l10n.t('Copied where "{0}" is published: space, parent page and title.', target.pageTitle));
  }
}

export interface AfterPublish {
  target: PublishTarget;
  outcome?: PublishOutcome;
  link?: PageLink | undefined;
  identification?: Promise<PageLink | undefined> | undefined;
  /** When this publish first tried to send (a Retry passes it on). */
  startedAt?: number;
  /** When its answer came: a Retry of a throttled publish waits out the Retry-After from then (retryWait.ts). */
  answeredAt?: number;
}

/** What Copy Target puts on the clipboard when the page's address is not known. */
export function copiedTarget(target: PublishTarget): string {
  return vscode.l10n.t('space {0}, parent page {1}, title "{2}"', target.spaceId, target.parentId, target.pageTitle);
}

/** Whether front matter names the page itself: then "Change Target" cannot help, editing the front matter can. */
export function pinnedByFrontMatter(item: PlanItem): boolean {
  const pinned = item.prepared.frontMatterTarget;
  return pinned.spaceId !== undefined || pinned.parentId !== undefined || pinned.pageTitle !== undefined;
}
