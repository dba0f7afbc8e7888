// The command line's HTTP client: the bundled undici, with HTTPS_PROXY/NO_PROXY and loopback never through a proxy.
// scripts/build.mjs bundles this file on its own (dist/cliHttp.js), required only when a run sends: --help, usage
// errors and --dry-run never compile it. (Node's own fetch would need no bundle, but its per-request cost is higher:
// the 200-file bench's sending phase went from 1.05x to 1.10x of the ideal with it.)
export { createUndiciTransport } from '../core/http/undiciTransport';
