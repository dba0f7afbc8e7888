import type { Dispatcher } from 'undici';
import { onDemand } from '../onDemandLoader';
import { setting, userSetting } from '../settings';

export const IMPORT_ENDPOINT_SETTING = 'wikiPublisher.importEndpoint';

let cached: { key: string; dispatcher: Dispatcher } | undefined;

/** One dispatcher per proxy configuration, so connections are reused between publishes. */
export function dispatcherForCurrentProxy(): Dispatcher {
  const proxyUrl = setting<string>('http.proxy', '');
  const noProxy = setting<string[]>('http.noProxy', []);
  const key = JSON.stringify([proxyUrl, noProxy, process.env.HTTPS_PROXY, process.env.HTTP_PROXY, process.env.NO_PROXY]);
  if (cached?.key !== key) {
    void cached?.dispatcher.close();
    cached = { key, dispatcher: onDemand().createDispatcher({ proxyUrl, noProxy }) };
  }
  return cached.dispatcher;
}

export function importEndpointSetting(): string | undefined {
  return userSetting<string>(IMPORT_ENDPOINT_SETTING);
}

export function requestDeadlineMs(): number {
  return Math.max(5, setting<number>('wikiPublisher.requestTimeoutSeconds', 60)) * 1000;
}
