// The command line's network, loaded when a run first sends (see httpClient.ts). undici honours HTTPS_PROXY and
// NO_PROXY, never sends a loopback address through a proxy, and never follows redirects.
import type { Transport } from '../core/http/transport';
import type * as HttpClient from './httpClient';

export interface CliTransport extends Transport {
  close(): Promise<void>;
}

export function cliTransport(env: NodeJS.ProcessEnv): CliTransport {
  // A plain require on purpose: scripts/build.mjs turns it into a runtime require of dist/cliHttp.js.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const http = require('./httpClient') as typeof HttpClient;
  return http.createUndiciTransport({}, env);
}
