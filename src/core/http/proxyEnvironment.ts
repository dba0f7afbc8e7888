// Whether any proxy is configured, without loading undici: the command line loads its proxying client (dist/cliHttp.js)
// only for a run that can use it (cli/transport.ts); proxy.ts builds the dispatcher from the same settings.

/** The user's proxy choices: VS Code's `http.proxy` / `http.noProxy`, then the usual environment variables. */
export interface ProxySettings {
  proxyUrl?: string;
  noProxy?: readonly string[];
}

export function proxyConfigured(settings: ProxySettings, env: NodeJS.ProcessEnv): boolean {
  return Boolean(settings.proxyUrl?.trim() || env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy);
}
