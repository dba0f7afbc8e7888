import * as vscode from 'vscode';
import { readApiToken } from '../../core/apiToken/tokenSource';
import type { Transport } from '../../core/http/transport';
import type { PageLink } from '../../core/links/pageLink';
import type { NoticeSettings } from '../../core/run/pageNotice';
import type { PublishMessages } from '../../core/messages/publishMessages';
import type { NotFoundDiagnosis } from '../../core/oauth/platformLookup';
import type { Clock, Logger, SecretStore } from '../../core/ports';
import type { PublishOutcome } from '../../core/publish/outcome';
import type { PublishTarget } from '../../core/publish/target';
import type { PullBaseStore } from '../../core/pull/pullBase';
import { editorEndpointMessages } from '../messages/endpointMessages';
import { editorPublishMessages } from '../messages/publishMessages';
import { onDemand } from '../onDemandLoader';
import { setting } from '../settings';
import type { WikiAccess } from '../wiki/wikiAccess';
import type { GlobalStateLinkStore } from './pageLinks';
import { importEndpointSetting, IMPORT_ENDPOINT_SETTING, pageNoticeOff, rendererOption, requestDeadlineMs } from './publishSettings';
import type { RecentTargets } from './recentTargets';
import { showWithActions } from './showOutcome';

/** What publishing one file or many needs from the rest of the extension. */
export interface PublishDependencies {
  secrets: SecretStore;
  links: GlobalStateLinkStore;
  recent: RecentTargets;
  log: Logger;
  clock: Clock;
  env: NodeJS.ProcessEnv;
  transport(): Transport;
  wiki: WikiAccess;
  showLog(): void;
  /** Runs "Set API Token"; resolves true when a token was stored. */
  setApiToken(): Promise<boolean>;
  /** The platform lookups of a 404 when signed in to the export API; undefined when not signed in. */
  diagnoseNotFound?(target: PublishTarget, signal: AbortSignal): Promise<NotFoundDiagnosis | undefined>;
  /** Tells the token status item what the wiki said of the token (401/403: rejected; a success: accepted). */
  tokenVerdict?(outcome: PublishOutcome): void;
  /** Opens the diff of a file against its page (Compare with Wiki Page); `page` when the plan knows which page it is. */
  compare?(fileUri: string, page?: WikiPageRef): Promise<void>;
  /** Merges the wiki's edit of the file's page into the file (Pull from Wiki). */
  pull?(fileUri: string): Promise<void>;
  /** Before a publish: a pulled edit the unsaved text holds counts as seen (Pull records it otherwise on save). */
  beforePublish?(document: vscode.TextDocument): Promise<void>;
  /** After a publish landed: keeps the page's export as Pull's base, in the background (returns at once). */
  keepPullBase?(fileKey: string, link: PageLink, identification: Promise<PageLink | undefined> | undefined): void;
  /** Pull's bases: a file renamed outside the editor takes its base with its link (renamedOutside.ts). */
  bases?: PullBaseStore & { move?(from: string, to: string): Promise<void> };
}

/** A page by ID, with its title for the diff's name. */
export interface WikiPageRef {
  id: string;
  title: string;
}

export interface SendSetup {
  endpoint: URL;
  token: string;
  deadlineMs: number;
  /** The core's words for outcomes, in the user's language. */
  messages: PublishMessages;
  /** The publish notice each page carries (core/run/pageNotice.ts): off only by the user's setting. */
  notice: NoticeSettings;
}

/**
 * The endpoint and the token, or undefined after telling the user what is missing (with the button that fixes it).
 * `retry` runs again once the user fixed it.
 */
export async function sendSetup(deps: PublishDependencies, retry: () => Promise<void>): Promise<SendSetup | undefined> {
  const core = onDemand();
  const endpoint = core.checkEndpoint(importEndpointSetting(), IMPORT_ENDPOINT_SETTING);
  if (!endpoint.ok) {
    if ((await showWithActions('error', endpoint.say(editorEndpointMessages), ['openSettings'])) === 'openSettings') await openEndpointSettings();
    return undefined;
  }
  const token = await readApiToken(deps.secrets, deps.env);
  if (!token) {
    const message = vscode.l10n.t('No API token is set. Create one in the app\'s settings on the wiki (tab "API"), then set it here.');
    if ((await showWithActions('error', message, ['setApiToken'])) === 'setApiToken' && (await deps.setApiToken())) await retry();
    return undefined;
  }
  return { endpoint: endpoint.url, token: token.token, deadlineMs: requestDeadlineMs(), messages: editorPublishMessages, notice: { off: pageNoticeOff() } };
}

export async function openEndpointSettings(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.openSettings', IMPORT_ENDPOINT_SETTING);
}

// Read where Pull's base keeper reads them too, which is loaded at start-up and must not load this module.
export { diagramRendererSetting, omitTitleHeadingSetting, rendererOption } from './publishSettings';

/** What every publish plan of the editor shares: the diagram renderer setting and the core's words in the user's language. */
export function sharedPlanOptions(): { diagramRenderer?: string; messages: PublishMessages } {
  return { ...rendererOption(), messages: editorPublishMessages };
}

export function concurrencySetting(): number {
  return setting<number>('wikiPublisher.concurrency', 4);
}

/** "10:32" today, else "2026-11-20 10:32": when a file was last published, in the user's local time. */
export function publishedAtText(epochMs: number, now: number): string {
  const at = new Date(epochMs);
  const time = at.toTimeString().slice(0, 5);
  const sameDay = new Date(now).toDateString() === at.toDateString();
  if (sameDay) return time;
  const date = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  return `${date} ${time}`;
}
