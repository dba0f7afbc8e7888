// Exports one page as Markdown through the export API (service-facts "Export API operations"): POST
// {apiUrl}/bulkExport with the session's access token, then the page's .md entry out of the answer's ZIP.
// A 401 refreshes the session once and retries once; 429, 5xx and lost connections are retried with backoff
// (an export only reads, so repeating it is safe). The token goes only to apiUrl's exact origin.
import { checkEndpoint, sameOrigin } from '../http/endpoint';
import type { Transport } from '../http/transport';
import { DEFAULT_RETRY_POLICY, backoffDelayMs, parseRetryAfterMs, realSleep, type RetryPolicy, type Sleep } from '../oauth/backoff';
import { timedSend, type TimedResult } from '../http/timedSend';
import { extractMarkdown, type ExtractedMarkdown } from './archive';
import { ExportError } from './errors';
import { readExportAnswer } from './exportAnswer';
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
}

export type ExportedPage = ExtractedMarkdown;

const DEFAULT_TIMEOUT_MS = 60_000;

export async function exportPageMarkdown(options: ExportPageOptions): Promise<ExportedPage> {
  const url = exportUrl(options.apiUrl);
  if (!/^\d+$/.test(options.pageId)) throw new ExportError('config', 'A page ID is a number, such as 123456.');
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
      { method: 'POST', url, body, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' } },
      options.signal ? { timeoutMs, signal: options.signal } : { timeoutMs },
    );
    if (result.kind === 'response' && result.status === 200) {
      const zip = readExportAnswer(result.text, options.pageId);
      return extractMarkdown(zip, options.pageTitle === undefined ? { pageId: options.pageId } : { pageId: options.pageId, pageTitle: options.pageTitle });
    }
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
      throw retryAfterMs === undefined ? failure : new ExportError(failure.kind, failure.message, { ...failure.details, retryAfterMs });
    }
    const delay = Math.max(backoffDelayMs(attempt - 1, policy, random), retryAfterMs ?? 0);
    options.retry?.onRetryWait?.(delay, attempt + 1, failure.message);
    try {
      await sleep(delay, options.signal);
    } catch (error) {
      throw new ExportError('cancelled', 'Cancelled.', { cause: error });
    }
    if (options.signal?.aborted) throw new ExportError('cancelled', 'Cancelled.');
  }
}

function exportUrl(apiUrl: string): string {
  const checked = checkEndpoint(apiUrl, EXPORT_API_SETTING);
  if (!checked.ok) {
    const message = checked.problem === 'missing' ? `The export API address is not configured. Set ${EXPORT_API_SETTING} in your user settings.` : checked.message;
    throw new ExportError('config', message);
  }
  // The base is opaque (service-facts): the operation's path is appended to it, query and fragment dropped.
  const base = new URL(checked.url.toString());
  base.search = '';
  base.hash = '';
  const url = `${base.toString().replace(/\/+$/, '')}/bulkExport`;
  if (!sameOrigin(url, checked.url)) throw new ExportError('config', `${EXPORT_API_SETTING} does not give a usable address.`);
  return url;
}

async function accessToken(options: ExportPageOptions, forceRefresh: boolean): Promise<string> {
  let token: string | undefined;
  try {
    token = await options.getAccessToken(options.signal, { forceRefresh });
  } catch (error) {
    throw tokenFailure(error, options.signal);
  }
  if (options.signal?.aborted) throw new ExportError('cancelled', 'Cancelled.');
  if (!token) throw new ExportError('notSignedIn', 'You are not signed in to the export API.');
  return token;
}

/** Every answer but a 200 (and the first 401) as the error it would end with. */
function classify(result: TimedResult, timeoutMs: number, attempts: number): ExportError {
  if (result.kind === 'cancelled') return new ExportError('cancelled', 'Cancelled.');
  if (result.kind === 'timeout') return new ExportError('timeout', `The export API did not answer within ${Math.round(timeoutMs / 1000)} s.`, { attempts });
  if (result.kind === 'network') return new ExportError('network', `Could not reach the export API: ${result.detail}`, { attempts });
  const status = result.status;
  const details = { status, attempts };
  if (status === 401) return new ExportError('unauthorized', 'The export API rejected the sign-in even after refreshing it (HTTP 401). Sign in again.', details);
  if (status === 403) {
    return new ExportError('forbidden', 'The export API refused the export (HTTP 403): the sign-in lacks the export:markdown:custom permission, or you may not export this page.', details);
  }
  if (status === 404) return new ExportError('notFound', 'The export API found no such page (HTTP 404): it was deleted, or you may not see it.', details);
  if (status === 429) return new ExportError('rateLimited', 'The export API is limiting requests (HTTP 429). Try again in a minute.', details);
  if (status >= 500) return new ExportError('server', `The export API is failing (HTTP ${status}). Try again later.`, details);
  if (status >= 300 && status < 400) {
    return new ExportError('protocol', `The export API answered with a redirect (HTTP ${status}); it is not followed, so the sign-in never leaves the configured address.`, details);
  }
  return new ExportError('protocol', `The export API answered HTTP ${status}.`, details);
}
