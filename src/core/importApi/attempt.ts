import { failedBeforeConnecting, failsEveryTime } from '../http/networkError';
import { timedSend } from '../http/timedSend';
import { retryAfterMs } from '../http/retryAfter';
import { ANSWER_LIMITS, type Transport } from '../http/transport';
import { describeError } from '../log/redact';
import { parseJsonObject } from '../util/json';
import { importBody } from './jsonBody';
import type { AttemptResult, ImportBody } from './types';

export interface AttemptOptions {
  endpoint: URL;
  token: string;
  /** The body of spec 2.1; its content may come in parts, sent one after another (a page's text, then its notice). */
  body: Omit<ImportBody, 'content'> & { content: string | readonly string[] };
  transport: Transport;
  deadlineMs: number;
  signal?: AbortSignal;
}

/**
 * Sends one import request. No transport follows redirects, so the token goes to the configured endpoint's origin
 * and nowhere else.
 */
export async function sendImportAttempt(options: AttemptOptions): Promise<AttemptResult> {
  const { content, ...fields } = options.body;
  const result = await timedSend(
    options.transport,
    {
      method: 'POST',
      url: options.endpoint.toString(),
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: importBody(fields, typeof content === 'string' ? [content] : content),
      maxResponseBytes: ANSWER_LIMITS.smallJson,
    },
    options.signal ? { timeoutMs: options.deadlineMs, signal: options.signal } : { timeoutMs: options.deadlineMs },
  );
  switch (result.kind) {
    case 'response':
      return { kind: 'response', status: result.status, ...readServiceMessage(result.text), ...retryAfter(result.headers['retry-after']) };
    case 'tooLarge':
      return { kind: 'response', status: result.status, message: undefined, unreadable: 'tooLarge', limitBytes: result.limitBytes };
    case 'network':
      return { kind: 'network', detail: describeError(result.error), reachedServer: !failedBeforeConnecting(result.error), ...(failsEveryTime(result.error) ? { permanent: true } : {}) };
    default:
      return result;
  }
}

function readServiceMessage(text: string): { message: string | undefined; unreadable?: 'empty' | 'notJson' } {
  if (text.trim() === '') return { message: undefined, unreadable: 'empty' };
  // Anything but a JSON object with a string `body` (a proxy's HTML error page, say) is reported as unreadable.
  const body = parseJsonObject(text)?.body;
  return typeof body === 'string' ? { message: body } : { message: undefined, unreadable: 'notJson' };
}

function retryAfter(value: string | undefined): { retryAfterMs?: number } {
  const wait = retryAfterMs(value, Date.now());
  return wait === undefined ? {} : { retryAfterMs: wait };
}
