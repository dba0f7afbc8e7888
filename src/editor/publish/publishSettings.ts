import type { Dispatcher } from 'undici';
import { onDemand } from '../onDemandLoader';
import { setting, userSetting } from '../settings';

export const IMPORT_ENDPOINT_SETTING = 'wikiPublisher.importEndpoint';

let cached: { key: string; dispatcher: Dispatcher } | undefined;

/** Identifies the proxy configuration; it changes when the user changes a proxy setting or variable. */
export function proxyKey(): string {
  const { proxyUrl, noProxy } = proxySettings();
  return JSON.stringify([proxyUrl, noProxy, process.env.HTTPS_PROXY, process.env.HTTP_PROXY, process.env.NO_PROXY]);
}

/**
 * One dispatcher per proxy configuration, so connections are reused between requests. A replaced dispatcher is not
 * closed: a refresh, a retry or a sign-in that started before the change may still hold it, and a closed undici
 * dispatcher refuses new requests. Its idle connections close on their own.
 */
export function dispatcherForCurrentProxy(): Dispatcher {
  const key = proxyKey();
  if (cached?.key !== key) cached = { key, dispatcher: onDemand().createDispatcher(proxySettings()) };
  return cached.dispatcher;
}

/** The user's proxy, read from user settings only: a proxy sees every token-bearing request (reliability 7). */
function proxySettings(): { proxyUrl: string; noProxy: string[] } {
  return { proxyUrl: userSetting<string>('http.proxy') ?? '', noProxy: userSetting<string[]>('http.noProxy') ?? [] };
}

export function importEndpointSetting(): string | undefined {
  return userSetting<string>(IMPORT_ENDPOINT_SETTING);
}

export function requestDeadlineMs(): number {
  return Math.max(5, setting<number>('wikiPublisher.requestTimeoutSeconds', 60)) * 1000;
}
