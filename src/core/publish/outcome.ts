import { megabytesOf } from '../http/networkError';
import { mayHaveLanded } from '../importApi/client';
import type { ImportResult } from '../importApi/types';
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
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
  /** The message itself says the page may have been published (an answer too large to read): a front end says it no more. */
  mayHaveLandedSaid?: true;
  /** The service's own sentence (or ours for an unreadable answer), so a front end can add a finding to it. */
  said?: string;
  /** A 429's Retry-After: how long after this answer the wiki takes a request again, which a Retry waits out. */
  retryAfterMs?: number;
}

/**
 * Maps the last attempt to an outcome. Branches on the status, never on the sentence, with one exception: the spec
 * gives 400 to both "already exists" and "bad request", so a 400 to a create (overwrite false) counts as "exists"
 * when the service's sentence says so.
 */
export function outcomeOf(result: ImportResult, target: PublishTarget, messages: PublishMessages = englishPublishMessages): PublishOutcome {
  const { last, attempts } = result;
  const base = { attempts, mayHaveLanded: result.earlierAttemptMayHaveLanded || mayHaveLanded(last) };
  switch (last.kind) {
    case 'cancelled':
      return { ...base, kind: 'cancelled', severity: 'info', status: undefined, message: messages.cancelled(), actions: [] };
    case 'timeout':
      return { ...base, kind: 'timeout', severity: 'error', status: undefined, actions: ['retry', 'showLog'],
        message: messages.timeout(messages.attempts(attempts)) };
    case 'network':
      return { ...base, kind: 'network', severity: 'error', status: undefined, actions: ['retry', 'showLog'],
        message: messages.network(messages.attempts(attempts), last.detail) };
    case 'response': {
      if (last.unreadable === 'tooLarge') {
        const said = messages.answerTooLarge(last.status, megabytesOf(last.limitBytes ?? 0));
        return { ...base, mayHaveLanded: true, mayHaveLandedSaid: true, said, kind: 'unexpected', severity: 'error', status: last.status, actions: ['showLog'], message: said };
      }
      const said = last.message ?? (last.unreadable === 'empty' ? messages.emptyAnswer(last.status) : messages.notJsonAnswer(last.status));
      if (last.message === undefined && (last.status === 200 || last.status === 201)) {
        // A success status with no answer from the service (a proxy's or sign-in page's "200 OK") proves nothing was
        // published: not counted as published, never recorded as this file's last publish, and it may have landed.
        return { ...base, mayHaveLanded: true, said, kind: 'unexpected', severity: 'error', status: last.status, actions: ['showLog'], message: messages.unexpected(said, last.status) };
      }
      return { ...base, said, ...responseOutcome(last.status, said, last.message, last.retryAfterMs, result, target, messages) };
    }
  }
}

function responseOutcome(
  status: number,
  said: string,
  serviceMessage: string | undefined,
  retryAfterMs: number | undefined,
  result: ImportResult,
  target: PublishTarget,
  messages: PublishMessages,
): Omit<PublishOutcome, 'attempts' | 'mayHaveLanded'> {
  if (status === 201) return { kind: 'created', severity: 'info', status, message: said, actions: [] };
  if (status === 200) return { kind: 'updated', severity: 'info', status, message: said, actions: [] };
  if (status === 400 && !target.overwrite && /\bexist/i.test(serviceMessage ?? '')) {
    if (result.earlierAttemptMayHaveLanded) {
      // Not a success: the page may be this run's (an attempt that seemed to fail) or someone else's with the same
      // title. It is not linked, so no later publish updates it without a question.
      return { kind: 'existsAfterRetry', severity: 'error', status, actions: ['overwrite'], message: messages.existsAfterRetry(said, target.pageTitle) };
    }
    return { kind: 'alreadyExists', severity: 'error', status, actions: ['overwrite'], message: messages.alreadyExists(said, target.pageTitle) };
  }
  const tries = messages.attempts(result.attempts);
  switch (status) {
    case 400:
      return { kind: 'badRequest', severity: 'error', status, message: said, actions: ['showLog'] };
    case 401:
      return { kind: 'unauthorized', severity: 'error', status, actions: ['setApiToken'], message: messages.unauthorized(said) };
    case 402:
      return { kind: 'licenseExpired', severity: 'error', status, actions: ['setApiToken'], message: messages.licenseExpired(said) };
    case 403:
      return { kind: 'forbidden', severity: 'error', status, actions: ['setApiToken'], message: messages.forbidden(said) };
    case 404:
      return { kind: 'notFound', severity: 'error', status, actions: ['signIn', 'showLog'], message: messages.notFound(said, target.spaceId, target.parentId) };
  }
  if (status === 429) {
    const waitSeconds = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000);
    return { kind: 'throttled', severity: 'error', status, actions: ['retry', 'showLog'], message: messages.throttled(said, tries, waitSeconds), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
  if (status === 413) return { kind: 'unexpected', severity: 'error', status, actions: ['showLog'], message: messages.payloadTooLarge(serviceMessage) };
  if (status >= 500) return { kind: 'serverError', severity: 'error', status, actions: ['retry', 'showLog'], message: messages.serverError(said, status, tries) };
  return { kind: 'unexpected', severity: 'error', status, actions: ['showLog'], message: messages.unexpected(said, status) };
}
