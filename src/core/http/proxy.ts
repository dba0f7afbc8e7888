import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';

/** The user's proxy choices: VS Code's `http.proxy` / `http.noProxy`, then the usual environment variables. */
export interface ProxySettings {
  proxyUrl?: string;
  noProxy?: readonly string[];
}

/**
 * Builds the dispatcher every wiki request goes through. Certificate checks stay on whatever the proxy settings say.
 * With no proxy configured anywhere, EnvHttpProxyAgent connects directly, so one code path serves both cases.
 */
export function createDispatcher(settings: ProxySettings, env: NodeJS.ProcessEnv = process.env): Dispatcher {
  const proxyUrl = settings.proxyUrl?.trim();
  const noProxy = [...(settings.noProxy ?? []), env.NO_PROXY ?? env.no_proxy ?? '']
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .join(',');
  if (!proxyUrl && !env.HTTPS_PROXY && !env.https_proxy && !env.HTTP_PROXY && !env.http_proxy) {
    return new Agent();
  }
  return new EnvHttpProxyAgent({
    httpProxy: proxyUrl || env.HTTP_PROXY || env.http_proxy,
    httpsProxy: proxyUrl || env.HTTPS_PROXY || env.https_proxy,
    noProxy,
  });
}
