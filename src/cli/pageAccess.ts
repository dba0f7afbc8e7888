// How the command line reads the wiki's page routes (run the edit guard, know page IDs, tell create from update in
// a dry run): a service account's client credentials, or a ready platform token. Secrets come only from the
// environment; the addresses from a flag or the environment. Nothing here prints, and no message holds a secret.
import { formatUtc } from '../core/apiToken/timeText';
import { englishTokenMessages } from '../core/messages/tokenMessages';
import { checkEndpoint } from '../core/http/endpoint';
import type { Transport } from '../core/http/transport';
import type { PlanItem } from '../core/run/plan';
import { createClientCredentialsSource } from '../core/oauth/clientCredentials';
import { readAccessClaims } from '../core/oauth/session';
import { createWikiPagesClient, type WikiPagesClient } from '../core/wikiPages';

export const CLIENT_ID_ENV_VAR = 'WIKI_PUBLISHER_CLIENT_ID';
export const CLIENT_SECRET_ENV_VAR = 'WIKI_PUBLISHER_CLIENT_SECRET';
export const AUTH_URL_ENV_VAR = 'WIKI_PUBLISHER_AUTH_URL';
export const BASE_URL_ENV_VAR = 'WIKI_PUBLISHER_BASE_URL';
export const PLATFORM_TOKEN_ENV_VAR = 'WIKI_PUBLISHER_PLATFORM_TOKEN';
/** Optional: the scopes to ask the service account's token for (space-separated); by default all it was given. */
export const SCOPE_ENV_VAR = 'WIKI_PUBLISHER_SCOPE';

/**
 * Said once for a run (a tree's or a flat publish's) whose links between files reach pages yet stay as written, since
 * no page address can be made without the wiki's address: one reason and one fix, not a caution under every file.
 */
export function linksWithoutAddressProblem(count: number): string {
  return `Links between files stay as written (${count} of them): without page access, page addresses are made from the wiki's address. Set --base-url or ${BASE_URL_ENV_VAR}.`;
}

export type PageAccess =
  /**
   * `secrets` are for Output.forget: the client secret or the platform token. `ready` asks for an access token once
   * before anything is planned, so refused credentials are a configuration error, not a run of unchecked updates.
   */
  | { kind: 'pages'; client: WikiPagesClient; via: 'clientCredentials' | 'platformToken'; secrets: string[]; baseUrl: string; ready(signal?: AbortSignal): Promise<string | undefined> }
  /**
   * Nothing (or no secret) is configured: the run goes on without reading the wiki; `reason` says what to set.
   * `baseUrl`: the wiki site's address when given anyway, which still makes page addresses for links between files.
   */
  | { kind: 'none'; reason: string; baseUrl?: string }
  /** A secret is set but its companions are missing or malformed: a usage error. */
  | { kind: 'invalid'; message: string };

export interface PageAccessInputs {
  env: NodeJS.ProcessEnv;
  /** `--auth-url` as given on the command line, undefined when absent. */
  authUrl: string | undefined;
  /** `--base-url` as given on the command line, undefined when absent. */
  baseUrl: string | undefined;
  /** Called only when access is configured, so a run without it never loads the network stack. */
  transport(): Transport;
  now(): number;
  /** Deadline of one request to the identity provider or the wiki. */
  timeoutMs?: number;
  /** Told every access token the identity provider issues (they are secrets too): pass Output.forget. */
  forget?(secret: string): void;
  /** The repositoryDigest of the run's repository, when known (repositoryIdentity.ts): the pages client reads markers with it. */
  ownRepository?: string;
}

const NONE_REASON =
  `set ${CLIENT_ID_ENV_VAR} and ${CLIENT_SECRET_ENV_VAR} (a service account's credentials) with ${AUTH_URL_ENV_VAR} and ` +
  `${BASE_URL_ENV_VAR}, or ${PLATFORM_TOKEN_ENV_VAR}, so the edit guard can check for wiki edits.`;

export function resolvePageAccess(inputs: PageAccessInputs): PageAccess {
  const { env } = inputs;
  const clientId = env[CLIENT_ID_ENV_VAR]?.trim() ?? '';
  const clientSecret = env[CLIENT_SECRET_ENV_VAR]?.trim() ?? '';
  const platformToken = env[PLATFORM_TOKEN_ENV_VAR]?.trim() ?? '';
  // No secret at all is "not configured", even with the other settings present: CI runs for pull requests from
  // forks get empty secrets, and they should still publish (without the guard), not fail as misconfigured.
  if (!clientSecret && !platformToken) {
    const partial = clientId ? `${CLIENT_ID_ENV_VAR} is set but ${CLIENT_SECRET_ENV_VAR} is empty; ` : '';
    const given = inputs.baseUrl?.trim() || env[BASE_URL_ENV_VAR]?.trim() ? address(inputs.baseUrl, env[BASE_URL_ENV_VAR], '--base-url', BASE_URL_ENV_VAR, 'wiki address') : undefined;
    if (given && !given.ok) return invalid(given.message);
    return { kind: 'none', reason: `No page access: ${partial}${NONE_REASON}`, ...(given?.ok ? { baseUrl: given.url } : {}) };
  }
  if (clientSecret && platformToken) {
    return invalid(`Set either ${PLATFORM_TOKEN_ENV_VAR} or ${CLIENT_ID_ENV_VAR} and ${CLIENT_SECRET_ENV_VAR}, not both.`);
  }
  if (clientSecret && !clientId) return invalid(`${CLIENT_SECRET_ENV_VAR} is set but ${CLIENT_ID_ENV_VAR} is not: a service account needs both.`);
  const base = address(inputs.baseUrl, env[BASE_URL_ENV_VAR], '--base-url', BASE_URL_ENV_VAR, 'wiki address');
  if (!base.ok) return invalid(`${clientSecret ? CLIENT_SECRET_ENV_VAR : PLATFORM_TOKEN_ENV_VAR} is set, but ${base.message}`);
  return clientSecret ? withClientCredentials(inputs, clientId, clientSecret, base.url) : withPlatformToken(inputs, platformToken, base.url);
}

function withClientCredentials(inputs: PageAccessInputs, clientId: string, clientSecret: string, baseUrl: string): PageAccess {
  const auth = address(inputs.authUrl, inputs.env[AUTH_URL_ENV_VAR], '--auth-url', AUTH_URL_ENV_VAR, 'identity provider');
  if (!auth.ok) return invalid(`${CLIENT_SECRET_ENV_VAR} is set, but ${auth.message}`);
  const scope = inputs.env[SCOPE_ENV_VAR]?.trim();
  const transport = inputs.transport();
  const source = createClientCredentialsSource({
    authUrl: auth.url, clientId, clientSecret, transport, clock: { now: () => inputs.now() },
    authUrlName: auth.name,
    refusedHint: `Check ${CLIENT_ID_ENV_VAR} and ${CLIENT_SECRET_ENV_VAR}.`,
    ...(scope ? { scope } : {}),
    ...(inputs.timeoutMs === undefined ? {} : { timeoutMs: inputs.timeoutMs }),
  });
  const forgotten = new Set<string>();
  const getAccessToken = async (signal?: AbortSignal): Promise<string> => {
    const token = await source.getAccessToken(signal);
    if (!forgotten.has(token)) {
      forgotten.add(token);
      inputs.forget?.(token);
    }
    return token;
  };
  const client = pagesClient(inputs, baseUrl, transport, getAccessToken, 'service account token');
  const ready = async (signal?: AbortSignal): Promise<string | undefined> => {
    const answer = await source.token(signal);
    return answer.ok ? undefined : answer.error.message;
  };
  return { kind: 'pages', client, via: 'clientCredentials', secrets: [clientSecret], baseUrl, ready };
}

function withPlatformToken(inputs: PageAccessInputs, token: string, baseUrl: string): PageAccess {
  if (/\s/.test(token)) return invalid(`${PLATFORM_TOKEN_ENV_VAR} must be one token, without spaces or line breaks.`);
  // Read for a clear message only; the wiki decides whether the token is good.
  const expiresAt = readAccessClaims(token)?.expiresAt;
  if (expiresAt !== undefined && expiresAt <= inputs.now()) {
    return invalid(`${PLATFORM_TOKEN_ENV_VAR} expired on ${formatUtc(expiresAt, englishTokenMessages)}; give the run a fresh one.`);
  }
  const client = pagesClient(inputs, baseUrl, inputs.transport(), async () => token, 'platform token');
  // A platform token is checked by the wiki on first use: a 401 to a lookup stops the run as refused client credentials
  // do (publish.ts); any other failed lookup leaves that file's wiki edits unknown, said per file.
  return { kind: 'pages', client, via: 'platformToken', secrets: [token], baseUrl, ready: async () => undefined };
}

function pagesClient(
  inputs: PageAccessInputs,
  baseUrl: string,
  transport: Transport,
  getAccessToken: (signal?: AbortSignal) => Promise<string>,
  credentialName: string,
): WikiPagesClient {
  const timeout = inputs.timeoutMs === undefined ? {} : { timeoutMs: inputs.timeoutMs };
  const repository = inputs.ownRepository === undefined ? {} : { ownRepository: inputs.ownRepository };
  return createWikiPagesClient({ baseUrl, transport, getAccessToken, credentialName, ...timeout, ...repository });
}

type Address = { ok: true; url: string; name: string } | { ok: false; message: string };

/** The flag wins over the environment; https only, plain http only for loopback. */
function address(flag: string | undefined, fromEnv: string | undefined, flagName: string, envName: string, what: string): Address {
  const fromFlag = flag?.trim();
  const raw = fromFlag || fromEnv?.trim();
  const name = fromFlag ? flagName : envName;
  if (!raw) return { ok: false, message: `no ${what}: pass ${flagName} URL or set ${envName}.` };
  const checked = checkEndpoint(raw, name);
  if (checked.ok) return { ok: true, url: checked.url.toString(), name };
  if (checked.problem === 'insecure') {
    return { ok: false, message: `${name} must use https:// (plain http:// only for 127.0.0.1, [::1] and localhost), so no credential is sent unencrypted.` };
  }
  return { ok: false, message: checked.message };
}

function invalid(message: string): PageAccess {
  return { kind: 'invalid', message };
}

/**
 * Credentials the wiki refused outright (401) to the edit guard's lookups: a configuration error, as refused client
 * credentials are, for a flat run and a tree alike. The sentence to stop the run with, or undefined.
 */
export function refusedPageAccess(items: Iterable<PlanItem>): string | undefined {
  for (const item of items) {
    if (item.guard?.kind === 'unchecked' && item.guard.credentialRefused) return refusedPageAccessMessage(item.guard.detail);
  }
  return undefined;
}

/** The sentence for a credential the wiki refused, from the guard's words for the lookup (a tree's run stops on it). */
export function refusedPageAccessMessage(detail: string): string {
  return `Page access is configured but does not work: ${detail}`;
}
