// Where the command line sends and with what: the endpoint from --endpoint or WIKI_PUBLISHER_ENDPOINT, the token
// only from WIKI_PUBLISHER_API_TOKEN. The same rules as the editor: https except loopback, an unexpired JWT.
// No message ever contains any part of the token.
import { API_TOKEN_ENV_VAR } from '../core/apiToken/tokenSource';
import { englishTokenMessages } from '../core/messages/tokenMessages';
import { validateApiToken } from '../core/apiToken/validate';
import { checkEndpoint } from '../core/http/endpoint';
import { proxyVariables } from '../core/http/proxyEnvironment';

export const ENDPOINT_ENV_VAR = 'WIKI_PUBLISHER_ENDPOINT';

export type Resolved<T> = { ok: true; value: T } | { ok: false; message: string };

/** The endpoint, or undefined when none is configured and `required` is false (a dry run). */
export function resolveEndpoint(flag: string | undefined, env: NodeJS.ProcessEnv, required: boolean): Resolved<URL | undefined> {
  const fromFlag = flag?.trim();
  const raw = fromFlag || env[ENDPOINT_ENV_VAR]?.trim();
  const name = fromFlag ? '--endpoint' : ENDPOINT_ENV_VAR;
  if (!raw) {
    if (!required) return { ok: true, value: undefined };
    return { ok: false, message: `No import endpoint: pass --endpoint URL or set ${ENDPOINT_ENV_VAR}.` };
  }
  const checked = checkEndpoint(raw, name);
  return checked.ok ? { ok: true, value: checked.url } : { ok: false, message: checked.message };
}

export function resolveToken(env: NodeJS.ProcessEnv, now: number): Resolved<string> {
  const raw = env[API_TOKEN_ENV_VAR];
  if (!raw?.trim()) {
    return { ok: false, message: `No API token. Set ${API_TOKEN_ENV_VAR} (in CI, from a secret); it is never read from a flag.` };
  }
  const checked = validateApiToken(raw, now, englishTokenMessages);
  return checked.ok ? { ok: true, value: checked.token } : { ok: false, message: `${API_TOKEN_ENV_VAR} is refused. ${checked.message}` };
}

/** Where a CLI user sets a diagram renderer, as cautions and refusals name it (the editor names its setting). */
export const DIAGRAMS_FLAG = '--diagrams (or WIKI_PUBLISHER_DIAGRAMS)';

/** --diagrams, else WIKI_PUBLISHER_DIAGRAMS: the renderer the organisation runs; nothing else ever sees diagram source. */
export function resolveDiagramRenderer(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  return flag ?? (env.WIKI_PUBLISHER_DIAGRAMS?.trim() || undefined);
}


/**
 * Each proxy variable that is set is a proxy's address (http:// or https://, a host, a port if any, nothing after it): one that is not
 * failed every request as "could not reach the wiki ... it may have reached the wiki all the same", three attempts a
 * file, and marked sends that never went as ones that may have landed. Its value is never said: it may hold a password.
 */
export function checkProxyVariables(env: NodeJS.ProcessEnv): Resolved<undefined> {
  for (const [name, value] of proxyVariables(env)) {
    const raw = value.trim();
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {
      url = undefined;
    }
    // A path, query or fragment is no part of a proxy's address: undici refuses every request through it ("invalid url").
    const notJustAnAddress = url !== undefined && (url.pathname !== '/' || url.search !== '' || url.hash !== '' || raw.endsWith('?') || raw.endsWith('#'));
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || notJustAnAddress) {
      return { ok: false, message: `${name} is not a proxy address such as http://proxy.example.com:3128 (its value is not shown: it may hold a password). Set it to the proxy's address, or unset it.` };
    }
  }
  return { ok: true, value: undefined };
}
