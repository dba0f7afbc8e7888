// The command line's proxying HTTP client: the bundled undici, with HTTPS_PROXY/NO_PROXY and loopback never through a proxy.
// scripts/build.mjs bundles this file on its own (dist/cliHttp.js), required only when a run sends through a proxy
// (transport.ts); every other request goes through Node's own http (nodeHttpTransport.ts).
export { createUndiciTransport } from '../core/http/undiciTransport';
