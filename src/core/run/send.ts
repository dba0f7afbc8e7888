// The one way a planned file is sent, for every front end: the import client with its retries, behind the
// plan's shared throttle gate. A 429 that the client waits out pauses every other file of the run too.
import type { Transport } from '../http/transport';
import type { RetryHooks } from '../importApi/client';
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import type { PublishOutcome } from '../publish/outcome';
import { importPage } from '../publish/pipeline';
import type { PublishTarget } from '../publish/target';
import type { PlanItem } from './planItem';
import type { SendContext } from './runner';
import { noticeFor, type NoticeSettings } from './pageNotice';
import { fromAnotherRepository, noticeAfter } from '../publish/publishNotice';

export interface SendSettings {
  endpoint: URL;
  token: string;
  transport: Transport;
  deadlineMs: number;
  /** Extra hooks (progress of attempts, tests' instant sleeps). */
  hooks?: RetryHooks;
  /** The words of the outcome; English when not given (the command line). */
  messages?: PublishMessages;
  /** The notice each page carries (pageNotice.ts); on when not given. */
  notice?: NoticeSettings;
}

export async function sendPlanned(item: PlanItem, target: PublishTarget, context: SendContext, settings: SendSettings): Promise<PublishOutcome> {
  const hooks = settings.hooks ?? {};
  // The notice that lets the wiki itself tell, later, what this send left there (pageNotice.ts): every send, one place.
  const notice = noticeFor(item, context.linkTargets ?? item.linkTargets, settings.notice);
  const outcome = await importPage({
    ...hooks,
    endpoint: settings.endpoint,
    token: settings.token,
    transport: settings.transport,
    deadlineMs: settings.deadlineMs,
    ...(settings.messages ? { messages: settings.messages } : {}),
    target,
    content: notice === undefined ? context.content : [context.content, noticeAfter(context.content, notice, settings.messages, { closingLine: item.closingLine })],
    signal: context.signal,
    beforeAttempt: () => context.gate.wait(context.signal),
    // The wiki asked for a longer wait than a run waits: the whole run stops, no new file is sent into it.
    onRetryAfterTooLong: (retryAfterMs, status) => {
      context.gate.stopFor(retryAfterMs, status);
      hooks.onRetryAfterTooLong?.(retryAfterMs, status);
    },
    onRetryWait: (delayMs, nextAttempt, previous) => {
      if (previous.kind === 'response' && previous.status === 429) context.gate.pauseFor(delayMs);
      hooks.onRetryWait?.(delayMs, nextAttempt, previous);
    },
  });
  return otherRepositoryOutcome(titleHeldOutcome(unseenPageOutcome(outcome, item, target, settings.messages), item, target, settings.messages), item, target, settings.messages);
}

/**
 * The edit guard took the file's page for deleted (its ID answered 404 to the account that checks wiki edits), so the
 * file was sent create only; "already exists" then means that page is most likely there, hidden from that account.
 * Said so, without Overwrite: replacing a page the guard cannot see would replace it unchecked.
 */
function unseenPageOutcome(outcome: PublishOutcome, item: PlanItem, target: PublishTarget, messages: PublishMessages = englishPublishMessages): PublishOutcome {
  if (outcome.kind !== 'alreadyExists' || item.guard?.kind !== 'deleted') return outcome;
  const said = outcome.said ?? outcome.message;
  const taken = item.guard.placeTakenBy;
  if (taken !== undefined) return { ...outcome, actions: [], message: messages.existsPlaceTaken(said, target.pageTitle, item.guard.pageId, taken.id, taken.version, taken.versionAuthorId) };
  return { ...outcome, actions: [], message: messages.existsUnseen(said, target.pageTitle, item.guard.pageId) };
}

/**
 * A create of a title the plan found on a page elsewhere in the space (titlesInSpace.ts), and on none under the parent
 * it goes to: "already exists" then means a wiki that keeps titles unique in a space. Overwrite updates only a page
 * under the file's own parent, so it would meet the same answer: the outcome names the page that holds the title and
 * the fix instead (another title, or that page renamed or moved on the wiki).
 */
function titleHeldOutcome(outcome: PublishOutcome, item: PlanItem, target: PublishTarget, messages: PublishMessages = englishPublishMessages): PublishOutcome {
  if (outcome.kind !== 'alreadyExists') return outcome;
  const held = item.titleHeldElsewhere;
  if (held !== undefined && held.parentId !== target.parentId) {
    return { ...outcome, actions: [], message: messages.titleHeldInSpace(outcome.said ?? outcome.message, target.pageTitle, held.id, held.url) };
  }
  // The guard looked under the parent and found no page of this title (nor one equal but for case): the title is held
  // elsewhere in the space, where the plan's lookup by exact title did not find it (written in another case, say).
  if (held === undefined && item.guard?.kind === 'absent') return { ...outcome, actions: [], message: messages.titleHeldSomewhere(outcome.said ?? outcome.message, target.pageTitle) };
  return outcome;
}

/**
 * "Already exists" from the page at the file's place whose notice names a file of the same path in another repository
 * (publishNotice.ts findMarker): said as that repository's page, so that nobody reads the service's "set overwrite"
 * as the fix for someone else's page.
 */
function otherRepositoryOutcome(outcome: PublishOutcome, item: PlanItem, target: PublishTarget, messages: PublishMessages = englishPublishMessages): PublishOutcome {
  if (outcome.kind !== 'alreadyExists' || item.guard?.kind !== 'exists') return outcome;
  if (item.guard.unknownRepository === true) return { ...outcome, message: messages.existsUnknownRepository(outcome.said ?? outcome.message, target.pageTitle, item.guard.page.id) };
  if (!fromAnotherRepository(item.guard.page.body?.marker)) return outcome;
  return { ...outcome, actions: [], message: messages.existsOtherRepository(outcome.said ?? outcome.message, target.pageTitle, item.guard.page.id) };
}
