// The command line's transport when the environment names a proxy: the bundled undici with HTTPS_PROXY/NO_PROXY.
// scripts/build.mjs bundles this file on its own (dist/cliProxy.js), loaded only when a proxy is configured, so a
// run without one never compiles undici.
export { createUndiciTransport } from '../core/http/undiciTransport';
