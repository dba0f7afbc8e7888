import { mayHaveLanded } from '../importApi/client';
import type { ImportResult } from '../importApi/types';
import type { PublishTarget } from './target';

export type OutcomeAction = 'overwrite' | 'setApiToken' | 'retry' | 'showLog' | 'openSettings' | 'signIn';

export type OutcomeKind =
  | 'throttled'
  | 'created'
  | 'updated'
  | 'alreadyExists'
  | 'existsAfterRetry'
  | 'badRequest'
  | 'unauthorized'
  | 'licenseExpired'
  | 'forbidden'
  | 'notFound'
  | 'serverError'
  | 'unexpected'
  | 'network'
  | 'timeout'
  | 'cancelled';

/** What the user is told: the service's own words first, then what they mean for the user and what fixes it. */
export interface PublishOutcome {
  kind: OutcomeKind;
  severity: 'info' | 'warning' | 'error';
  status: number | undefined;
  message: string;
  actions: OutcomeAction[];
  attempts: number;
  /** Whether this run or an earlier attempt may have reached the server; a Retry passes it on. */
  mayHaveLanded: boolean;
}

/**
 * Maps the last attempt to an outcome. Branches on the status, never on the sentence, with one exception: the spec
 * gives 400 to both "already exists" and "bad request", so a 400 to a create (overwrite false) counts as "exists"
 * when the service's sentence says so.
 */
export function outcomeOf(result: ImportResult, target: PublishTarget): PublishOutcome {
  const { last, attempts } = result;
  const base = { attempts, mayHaveLanded: result.earlierAttemptMayHaveLanded || mayHaveLanded(last) };
  switch (last.kind) {
    case 'cancelled':
      return { ...base, kind: 'cancelled', severity: 'info', status: undefined, message: 'Publishing was cancelled.', actions: [] };
    case 'timeout':
      return { ...base, kind: 'timeout', severity: 'error', status: undefined, actions: ['retry', 'showLog'],
        message: `The wiki did not answer in time (${tries(attempts)}). The page may or may not have been published.` };
    case 'network':
      return { ...base, kind: 'network', severity: 'error', status: undefined, actions: ['retry', 'showLog'],
        message: `Could not reach the wiki (${tries(attempts)}): ${last.detail}` };
    case 'response':
      return { ...base, ...responseOutcome(last.status, last.message, last.unreadable, last.retryAfterMs, result, target) };
  }
}

function responseOutcome(
  status: number,
  serviceMessage: string | undefined,
  unreadable: 'empty' | 'notJson' | undefined,
  retryAfterMs: number | undefined,
  result: ImportResult,
  target: PublishTarget,
): Omit<PublishOutcome, 'attempts' | 'mayHaveLanded'> {
  const said = serviceMessage ?? unreadableMessage(status, unreadable);
  const where = `space "${target.spaceId}", parent page ${target.parentId}`;
  if (status === 201) return { kind: 'created', severity: 'info', status, message: said, actions: [] };
  if (status === 200) return { kind: 'updated', severity: 'info', status, message: said, actions: [] };
  if (status === 400 && !target.overwrite && /\bexist/i.test(serviceMessage ?? '')) {
    if (result.earlierAttemptMayHaveLanded) {
      // Not a success: the page may be this run's (an attempt that seemed to fail) or someone else's with the same
      // title. It is not linked, so no later publish updates it without a question.
      return { kind: 'existsAfterRetry', severity: 'error', status, actions: ['overwrite'],
        message: `${said} A page titled "${target.pageTitle}" exists now. An earlier attempt that seemed to fail may have created it, or it may be someone else's page: it was not linked to this file. Look at it on the wiki, then choose Overwrite to make this file's text its content.` };
    }
    return { kind: 'alreadyExists', severity: 'error', status, actions: ['overwrite'],
      message: `${said} Choose Overwrite to update the page "${target.pageTitle}".` };
  }
  switch (status) {
    case 400:
      return { kind: 'badRequest', severity: 'error', status, message: said, actions: ['showLog'] };
    case 401:
      return { kind: 'unauthorized', severity: 'error', status, actions: ['setApiToken'],
        message: `${said} The API token is missing, malformed, unknown to the wiki or was deleted: set a new one.` };
    case 402:
      return { kind: 'licenseExpired', severity: 'error', status, actions: ['setApiToken'],
        message: `${said} This token was created while the app's license was inactive (or the trial has ended). Once the license is active, create a new token in the app's settings (tab "API") and set it.` };
    case 403:
      return { kind: 'forbidden', severity: 'error', status, actions: ['setApiToken'],
        message: `${said} The token has expired or could not be verified; if it has not expired, check that this computer's clock is right (clock skew).` };
    case 404:
      return { kind: 'notFound', severity: 'error', status, actions: ['signIn', 'showLog'],
        message: `${said} Used ${where}: the space or the parent page does not exist, was deleted, or the token's owner cannot see it.` };
  }
  if (status === 429) {
    const wait = retryAfterMs === undefined ? '' : ` Try again in ${Math.ceil(retryAfterMs / 1000)} s.`;
    return { kind: 'throttled', severity: 'error', status, actions: ['retry', 'showLog'],
      message: `${said} The wiki is limiting requests (HTTP 429, ${tries(result.attempts)}).${wait}` };
  }
  if (status >= 500) {
    return { kind: 'serverError', severity: 'error', status, actions: ['retry', 'showLog'],
      message: `${said} (HTTP ${status}, ${tries(result.attempts)})` };
  }
  return { kind: 'unexpected', severity: 'error', status, actions: ['showLog'], message: `${said} (HTTP ${status})` };
}

function unreadableMessage(status: number, unreadable: 'empty' | 'notJson' | undefined): string {
  return unreadable === 'empty'
    ? `The wiki answered with HTTP ${status} and no message.`
    : `The wiki answered with HTTP ${status} and a response that is not the import service's JSON (a proxy or gateway error page?).`;
}

function tries(attempts: number): string {
  return attempts === 1 ? '1 attempt' : `${attempts} attempts`;
}
