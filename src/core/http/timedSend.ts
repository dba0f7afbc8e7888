// One request through the Transport with a deadline that also covers reading the body (a response can stall
// after its headers) and the caller's Cancel. Returns what happened as a value; never throws.
import type { HttpRequest, HttpResponse, Transport } from './transport';
import { describeError } from '../log/redact';
import { answerTooLargeLimit } from './networkError';

export type TimedResult =
  | { kind: 'response'; status: number; headers: HttpResponse['headers']; text: string }
  | { kind: 'timeout' }
  /** `inFlight` false: cancelled before the request went out. */
  | { kind: 'cancelled'; inFlight?: false }
  /** `error` is the transport's rejection, for callers that classify it further (never connected, permanent). */
  | { kind: 'network'; detail: string; error: unknown }
  /**
   * The answer came (its status) with a body past the request's maxResponseBytes, which was not read: the request was
   * sent and answered, so this is no failure to reach the server.
   */
  | { kind: 'tooLarge'; status: number; limitBytes: number; error: unknown };

export async function timedSend(
  transport: Transport,
  request: Omit<HttpRequest, 'signal'>,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<TimedResult> {
  if (options.signal?.aborted) return { kind: 'cancelled', inFlight: false };
  // One controller fed by a timer and by Cancel: cheaper per request than AbortSignal.any over AbortSignal.timeout,
  // which shows in the publish benchmark for small documents.
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancel: (() => void) | undefined;
  // The deadline and Cancel end the send themselves, whether or not the transport settles: undici ignores the signal
  // while a proxy's CONNECT is pending (nodejs/undici#3897), and a transport that never settles must not hold a run.
  const ended = new Promise<TimedResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ kind: 'timeout' });
    }, options.timeoutMs);
    cancel = (): void => {
      controller.abort();
      resolve({ kind: 'cancelled' });
    };
    options.signal?.addEventListener('abort', cancel, { once: true });
  });
  const exchange = exchangeOf(transport, { ...request, signal: controller.signal });
  try {
    return await Promise.race([exchange, ended]);
  } finally {
    clearTimeout(timer);
    if (cancel) options.signal?.removeEventListener('abort', cancel);
  }
}

/** The request and its whole body; a failure as a value. What comes after the race is decided is never read. */
async function exchangeOf(transport: Transport, request: HttpRequest): Promise<TimedResult> {
  let status: number | undefined;
  try {
    const response = await transport.send(request);
    status = response.status;
    const text = await response.text();
    return { kind: 'response', status, headers: response.headers, text };
  } catch (error) {
    const limitBytes = answerTooLargeLimit(error);
    if (status !== undefined && limitBytes !== undefined) return { kind: 'tooLarge', status, limitBytes, error };
    return { kind: 'network', detail: networkDetail(error), error };
  }
}

/** The error's message plus the first system error code in its cause chain (ECONNREFUSED, ...), token-free. */
export function networkDetail(error: unknown): string {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code !== '') return `${describeError(error)} (${code})`;
  }
  return describeError(error);
}
