// Explains an import 404 (spec 4.3, spec 7): asks the platform whether the space and the parent page exist
// for this user. The access token goes only to the exact origin of baseUrl, and redirects are not followed.
import { checkEndpoint, sameOrigin } from '../http/endpoint';
import { platformFetchTransport } from '../http/fetchTransport';
import { ANSWER_LIMITS, type Transport } from '../http/transport';
import { describeError } from '../log/redact';
import { englishSignInMessages } from '../messages/signInMessages';

/** A lookup's failure is only logged (the 404 message speaks from the outcomes), and the log is English. */
const ENGLISH = englishSignInMessages;

/** found: exists and readable; missing: not there or hidden from this user (the platform does not say which);
 *  forbidden: exists but this user may not read it; failed: the lookup itself did not work. */
export type LookupOutcome = 'found' | 'missing' | 'forbidden' | 'failed';

export interface NotFoundDiagnosis {
  space: LookupOutcome;
  parent: LookupOutcome;
  /** Set when the platform rejected the token itself (401): the user should sign in again. */
  tokenRejected: boolean;
  /** A short, token-free reason when a lookup failed. */
  failure?: string;
}

export interface PlatformLookupOptions {
  baseUrl: string;
  accessToken: string;
  /** The import's spaceId: a space key such as DOCS or a numeric space ID. */
  space: string;
  parentId: string;
  /** VS Code's network stack in the editor; Node's fetch when not given. */
  transport?: Transport;
  signal?: AbortSignal;
  timeoutMs?: number;
}

interface Probe {
  outcome: LookupOutcome;
  unauthorized: boolean;
  failure?: string;
}

export async function diagnoseNotFound(options: PlatformLookupOptions): Promise<NotFoundDiagnosis> {
  const base = checkEndpoint(options.baseUrl, 'wikiPublisher.baseUrl');
  if (!base.ok) return { space: 'failed', parent: 'failed', tokenRejected: false, failure: base.message };
  const origin = base.url.origin;
  // Spec 4.3 looks spaces up by key; a numeric spaceId is an ID, which the same route takes as `ids`.
  const spaceQuery = /^\d+$/.test(options.space) ? 'ids' : 'keys';
  const spaceUrl = `${origin}/wiki/api/v2/spaces?${spaceQuery}=${encodeURIComponent(options.space)}`;
  const pageUrl = `${origin}/wiki/api/v2/pages/${encodeURIComponent(options.parentId)}`;
  const [space, parent] = await Promise.all([
    probe(spaceUrl, origin, options, spaceFound),
    probe(pageUrl, origin, options, () => true),
  ]);
  const failure = space.failure ?? parent.failure;
  return {
    space: space.outcome,
    parent: parent.outcome,
    tokenRejected: space.unauthorized || parent.unauthorized,
    ...(failure ? { failure } : {}),
  };
}

/** The spaces route answers 200 with an empty `results` list when no visible space has the key. */
function spaceFound(body: unknown): boolean {
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) && results.length > 0;
}

async function probe(url: string, origin: string, options: PlatformLookupOptions, found: (body: unknown) => boolean): Promise<Probe> {
  // Defence in depth: the URL was built from the origin, but the token must never leave it.
  if (!sameOrigin(url, origin)) return { outcome: 'failed', unauthorized: false, failure: ENGLISH.lookupLeftOrigin() };
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 15_000);
  try {
    const response = await (options.transport ?? platformFetchTransport()).send({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${options.accessToken}`, accept: 'application/json' },
      signal: options.signal ? AbortSignal.any([options.signal, deadline]) : deadline,
      maxResponseBytes: ANSWER_LIMITS.pageRoute,
    });
    const text = await response.text();
    const status = response.status;
    if (status === 401) return { outcome: 'failed', unauthorized: true, failure: ENGLISH.lookupRejected() };
    if (status === 403) return { outcome: 'forbidden', unauthorized: false };
    if (status === 404) return { outcome: 'missing', unauthorized: false };
    if (status !== 200) return { outcome: 'failed', unauthorized: false, failure: ENGLISH.lookupStatus(status) };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { outcome: 'failed', unauthorized: false, failure: ENGLISH.lookupNotJson() };
    }
    return { outcome: found(body) ? 'found' : 'missing', unauthorized: false };
  } catch (error) {
    return { outcome: 'failed', unauthorized: false, failure: ENGLISH.lookupFailed(describeError(error)) };
  }
}
