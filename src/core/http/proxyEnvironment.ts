// Whether any proxy is configured, without loading undici: the command line loads its proxying client (dist/cliHttp.js)
// only for a run that can use it (cli/transport.ts); proxy.ts builds the dispatcher from the same settings.

/** The user's proxy choices: VS Code's `http.proxy` / `http.noProxy`, then the usual environment variables. */
export interface ProxySettings {
  proxyUrl?: string;
  noProxy?: readonly string[];
}

/** The proxy variables set, by name, in the order undici reads them; each spelled out (a test lists what is read). */
export function proxyVariables(env: NodeJS.ProcessEnv): Array<[name: string, value: string]> {
  const named: Array<[string, string | undefined]> = [['HTTPS_PROXY', env.HTTPS_PROXY], ['https_proxy', env.https_proxy], ['HTTP_PROXY', env.HTTP_PROXY], ['http_proxy', env.http_proxy]];
  return named.filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()));
}

export function proxyConfigured(settings: ProxySettings, env: NodeJS.ProcessEnv): boolean {
  return Boolean(settings.proxyUrl?.trim()) || proxyVariables(env).length > 0;
}
