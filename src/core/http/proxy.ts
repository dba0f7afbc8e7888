import { EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { proxyConfigured, type ProxySettings } from './proxyEnvironment';

export type { ProxySettings };

/**
 * The dispatcher for requests that may go through a proxy, or undefined when no proxy is configured anywhere.
 * `settings` wins over HTTPS_PROXY / HTTP_PROXY; NO_PROXY adds to `settings.noProxy`. Certificate checks stay on.
 * Loopback addresses never reach this dispatcher (see undiciTransport.ts).
 */
export function createProxyDispatcher(settings: ProxySettings, env: NodeJS.ProcessEnv = process.env): Dispatcher | undefined {
  const proxyUrl = settings.proxyUrl?.trim();
  if (!proxyConfigured(settings, env)) return undefined;
  const noProxy = [...(settings.noProxy ?? []), env.NO_PROXY ?? env.no_proxy ?? '']
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .join(',');
  return new EnvHttpProxyAgent({
    httpProxy: proxyUrl || env.HTTP_PROXY || env.http_proxy,
    httpsProxy: proxyUrl || env.HTTPS_PROXY || env.https_proxy,
    noProxy,
  });
}
