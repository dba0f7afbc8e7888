// Exports one page as Markdown through the export API (service-facts "Export API operations"): POST
// {apiUrl}/bulkExport with the session's access token, then the page's .md entry out of the answer's ZIP.
// A 401 refreshes the session once and retries once; 429, 5xx and lost connections are retried with backoff
// (an export only reads, so repeating it is safe). The token goes only to apiUrl's exact origin.
import { checkEndpoint, sameOrigin } from '../http/endpoint';
import type { Transport } from '../http/transport';
import { DEFAULT_RETRY_POLICY, backoffDelayMs, parseRetryAfterMs, realSleep, type RetryPolicy, type Sleep } from '../oauth/backoff';
import { timedSend, type TimedResult } from '../http/timedSend';
import { extractMarkdown, type ExtractedMarkdown } from './archive';
import { englishExportMessages, type ExportMessages } from '../messages/exportMessages';
import { ExportError } from './errors';
import { MAX_ANSWER_CHARS, readExportAnswer } from './exportAnswer';
import { tokenFailure } from './tokenFailure';

export const EXPORT_API_SETTING = 'wikiPublisher.export.apiUrl';

export interface ExportRetryOptions {
  policy?: RetryPolicy;
  sleep?: Sleep;
  random?: () => number;
  now?: () => number;
  /** Called before each wait, so a progress notification can say why it is waiting. */
  onRetryWait?(delayMs: number, nextAttempt: number, reason: string): void;
}

export interface ExportPageOptions {
  /** The export API's base address (the `wikiPublisher.export.apiUrl` setting). */
  apiUrl: string;
  pageId: string;
  /** Helps pick the right .md entry when an archive holds several. */
  pageTitle?: string;
  transport: Transport;
  /** The session's access token (refreshed when close to expiry, or at once with forceRefresh); undefined when signed out. */
  getAccessToken(signal: AbortSignal | undefined, options: { forceRefresh: boolean }): Promise<string | undefined>;
  signal?: AbortSignal;
  /** Deadline per attempt, body included. */
  timeoutMs?: number;
  retry?: ExportRetryOptions;
  /** The words of the retry reason given to onRetryWait (the editor's progress shows it); English when not given. */
  messages?: ExportMessages;
}

export type ExportedPage = ExtractedMarkdown;

const DEFAULT_TIMEOUT_MS = 60_000;

export async function exportPageMarkdown(options: ExportPageOptions): Promise<ExportedPage> {
  const url = exportUrl(options.apiUrl);
  if (!/^\d+$/.test(options.pageId)) throw new ExportError('config', (m) => m.exportNotAPageId());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy = options.retry?.policy ?? DEFAULT_RETRY_POLICY;
  const sleep = options.retry?.sleep ?? realSleep;
  const random = options.retry?.random ?? Math.random;
  const now = options.retry?.now ?? Date.now;
  const body = JSON.stringify({ pageId: options.pageId, bulkExport: false, maxPages: 1, includeAttachments: false });
  let token = await accessToken(options, false);
  let refreshed = false;
  for (let attempt = 1; ; attempt++) {
    const result = await timedSend(
      options.transport,
      { method: 'POST', url, body, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' }, maxResponseBytes: MAX_ANSWER_CHARS },
      options.signal ? { timeoutMs, signal: options.signal } : { timeoutMs },
    );
    if (result.kind === 'response' && result.status === 200) {
      const zip = readExportAnswer(result.text, options.pageId);
      // The page as the wiki holds it, its publish notice included: which paragraph is the notice and which the file's
      // own text takes the file to tell (publish/noticeTakenOff.ts), so Pull, Compare and Open take it off themselves.
      return extractMarkdown(zip, options.pageTitle === undefined ? { pageId: options.pageId } : { pageId: options.pageId, pageTitle: options.pageTitle });
    }
    // An archive past the limit, not read: as readExportAnswer refuses one (an error status goes on by its status below).
    if (result.kind === 'tooLarge' && result.status === 200) throw new ExportError('archive', (m) => m.answerTooLarge());
    if (result.kind === 'response' && result.status === 401 && !refreshed) {
      // The token may have been revoked or expired early: one refresh and one more try, outside the backoff budget.
      refreshed = true;
      attempt--;
      token = await accessToken(options, true);
      continue;
    }
    const failure = classify(result, timeoutMs, attempt);
    const retryAfterMs = result.kind === 'response' ? parseRetryAfterMs(result.headers['retry-after'], now()) : undefined;
    const retryable = failure.kind === 'rateLimited' || failure.kind === 'server' || failure.kind === 'network';
    if (!retryable || attempt >= policy.maxAttempts || (retryAfterMs ?? 0) > policy.maxDelayMs) {
      throw retryAfterMs === undefined ? failure : new ExportError(failure.kind, failure.sentence, { ...failure.details, retryAfterMs });
    }
    const delay = Math.max(backoffDelayMs(attempt - 1, policy, random), retryAfterMs ?? 0);
    options.retry?.onRetryWait?.(delay, attempt + 1, failure.wordedIn(options.messages ?? englishExportMessages));
    try {
      await sleep(delay, options.signal);
    } catch (error) {
      throw new ExportError('cancelled', (m) => m.cancelled(), { cause: error });
    }
    if (options.signal?.aborted) throw new ExportError('cancelled', (m) => m.cancelled());
  }
}

function exportUrl(apiUrl: string): string {
  const checked = checkEndpoint(apiUrl, EXPORT_API_SETTING);
  if (!checked.ok) {
    const { problem, say } = checked;
    throw new ExportError('config', problem === 'missing' ? (m) => m.exportNotConfigured(EXPORT_API_SETTING) : say);
  }
  // The base is opaque (service-facts): the operation's path is appended to it, query and fragment dropped.
  const base = new URL(checked.url.toString());
  base.search = '';
  base.hash = '';
  const url = `${base.toString().replace(/\/+$/, '')}/bulkExport`;
  if (!sameOrigin(url, checked.url)) throw new ExportError('config', (m) => m.exportUnusableAddress(EXPORT_API_SETTING));
  return url;
}

async function accessToken(options: ExportPageOptions, forceRefresh: boolean): Promise<string> {
  let token: string | undefined;
  try {
    token = await options.getAccessToken(options.signal, { forceRefresh });
  } catch (error) {
    throw tokenFailure(error, options.signal);
  }
  if (options.signal?.aborted) throw new ExportError('cancelled', (m) => m.cancelled());
  if (!token) throw new ExportError('notSignedIn', (m) => m.notSignedIn());
  return token;
}

/** Every answer but a 200 (and the first 401) as the error it would end with. */
function classify(result: TimedResult, timeoutMs: number, attempts: number): ExportError {
  if (result.kind === 'cancelled') return new ExportError('cancelled', (m) => m.cancelled());
  if (result.kind === 'timeout') return new ExportError('timeout', (m) => m.exportTimedOut(Math.round(timeoutMs / 1000)), { attempts });
  if (result.kind === 'network') return new ExportError('network', (m) => m.exportUnreachable(result.detail), { attempts });
  const status = result.status;
  const details = { status, attempts };
  if (status === 401) return new ExportError('unauthorized', (m) => m.exportUnauthorized(), details);
  if (status === 403) {
    return new ExportError('forbidden', (m) => m.exportForbidden(), details);
  }
  if (status === 404) return new ExportError('notFound', (m) => m.exportNotFound(), details);
  if (status === 429) return new ExportError('rateLimited', (m) => m.exportRateLimited(), details);
  if (status >= 500) return new ExportError('server', (m) => m.exportFailing(status), details);
  if (status >= 300 && status < 400) {
    return new ExportError('protocol', (m) => m.exportRedirected(status), details);
  }
  return new ExportError('protocol', (m) => m.exportStatus(status), details);
}
