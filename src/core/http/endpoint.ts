// Where a token may be sent (reliability requirements 5 and 6): https only, plain http only to loopback,
// and only to the exact origin of the configured endpoint.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export type EndpointCheck =
  | { ok: true; url: URL }
  | { ok: false; problem: 'missing' | 'invalid' | 'insecure'; message: string };

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/**
 * Any address of the loopback interface (127.0.0.0/8, ::1, IPv4-mapped 127.x) or the name localhost, as a URL's
 * `hostname` spells it. Such requests never go through a proxy: the proxy would deliver them (and the token) to
 * its own machine's loopback.
 */
export function isLoopbackAddress(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return (
    host === 'localhost' ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    // The URL parser writes [::ffff:127.0.0.1] as [::ffff:7f00:1].
    /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host)
  );
}

/** Checks a configured endpoint address. `settingName` goes into the messages so they say what to fix. */
export function checkEndpoint(raw: string | undefined, settingName: string): EndpointCheck {
  const text = (raw ?? '').trim();
  if (!text) {
    return { ok: false, problem: 'missing', message: `No wiki address is configured. Set ${settingName} in your user settings.` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'invalid', message: `${settingName} is not a valid URL.` };
  }
  if (url.username || url.password) {
    return { ok: false, problem: 'invalid', message: `${settingName} must not contain a user name or password.` };
  }
  if (url.protocol === 'https:') return { ok: true, url };
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return { ok: true, url };
  return {
    ok: false,
    problem: 'insecure',
    message: `${settingName} must use https:// (plain http:// is allowed only for 127.0.0.1, [::1] and localhost), so the API token is never sent unencrypted.`,
  };
}

/** Exact origin equality (scheme, host and port); never a substring or pattern match. */
export function sameOrigin(a: URL | string, b: URL | string): boolean {
  return new URL(a.toString()).origin === new URL(b.toString()).origin;
}
