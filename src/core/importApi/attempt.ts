import { failedBeforeConnecting, failsEveryTime } from '../http/networkError';
import type { Transport } from '../http/transport';
import { describeError } from '../log/redact';
import { parseJsonObject } from '../util/json';
import type { AttemptResult, ImportBody } from './types';

export interface AttemptOptions {
  endpoint: URL;
  token: string;
  body: ImportBody;
  transport: Transport;
  deadlineMs: number;
  signal?: AbortSignal;
}

/**
 * Sends one import request. No transport follows redirects, so the token goes to the configured endpoint's origin
 * and nowhere else.
 */
export async function sendImportAttempt(options: AttemptOptions): Promise<AttemptResult> {
  // One controller fed by a timer and by the caller's Cancel: cheaper per request than AbortSignal.any over
  // AbortSignal.timeout, which shows in the publish benchmark for small documents.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.deadlineMs);
  const cancel = (): void => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });
  const signal = controller.signal;
  try {
    const response = await options.transport.send({
      method: 'POST',
      url: options.endpoint.toString(),
      signal,
      headers: {
        authorization: `Bearer ${options.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(options.body),
    });
    const text = await response.text();
    return { kind: 'response', status: response.status, ...readServiceMessage(text), ...retryAfter(response.headers['retry-after']) };
  } catch (error) {
    if (options.signal?.aborted) return { kind: 'cancelled' };
    if (timedOut) return { kind: 'timeout' };
    return { kind: 'network', detail: describeError(error), reachedServer: !failedBeforeConnecting(error), ...(failsEveryTime(error) ? { permanent: true } : {}) };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

function readServiceMessage(text: string): { message: string | undefined; unreadable?: 'empty' | 'notJson' } {
  if (text.trim() === '') return { message: undefined, unreadable: 'empty' };
  // Anything but a JSON object with a string `body` (a proxy's HTML error page, say) is reported as unreadable.
  const body = parseJsonObject(text)?.body;
  return typeof body === 'string' ? { message: body } : { message: undefined, unreadable: 'notJson' };
}

function retryAfter(value: string | undefined): { retryAfterMs?: number } {
  if (!value) return {};
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return { retryAfterMs: seconds * 1000 };
  const date = Date.parse(value);
  return Number.isNaN(date) ? {} : { retryAfterMs: Math.max(0, date - Date.now()) };
}
