// Where a token may be sent (reliability requirements 5 and 6): https only, plain http only to loopback,
// and only to the exact origin of the configured endpoint.
import { englishEndpointMessages, type EndpointMessages } from '../messages/endpointMessages';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export type EndpointCheck =
  | { ok: true; url: URL }
  | {
      ok: false;
      problem: 'missing' | 'invalid' | 'insecure';
      /** In English, as the command line prints it. */
      message: string;
      /** The same sentence from another catalogue: the editor words it in the user's language. */
      say(messages: EndpointMessages): string;
    };

function refused(problem: 'missing' | 'invalid' | 'insecure', say: (messages: EndpointMessages) => string): EndpointCheck {
  return { ok: false, problem, message: say(englishEndpointMessages), say };
}

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
    return refused('missing', (messages) => messages.missing(settingName));
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused('invalid', (messages) => messages.notAUrl(settingName));
  }
  if (url.username || url.password) {
    return refused('invalid', (messages) => messages.hasCredentials(settingName));
  }
  if (url.protocol === 'https:') return { ok: true, url };
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return { ok: true, url };
  return refused('insecure', (messages) => messages.insecure(settingName));
}

/** Exact origin equality (scheme, host and port); never a substring or pattern match. */
export function sameOrigin(a: URL | string, b: URL | string): boolean {
  return originOf(a) === originOf(b);
}

/** The last address given as text and its origin: a list of 250 pages asks about one site 250 times. */
let lastParsed = { address: '', origin: '' };

function originOf(address: URL | string): string {
  if (typeof address !== 'string') return address.origin;
  if (lastParsed.address !== address) lastParsed = { address, origin: new URL(address).origin };
  return lastParsed.origin;
}
