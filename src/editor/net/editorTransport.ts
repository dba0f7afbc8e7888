// The editor sends HTTP through the extension host's global fetch. VS Code (1.100, @vscode/proxy-agent) replaces
// that fetch with one that applies the user's proxy (http.proxy, PAC or the system proxy, HTTPS_PROXY), http.noProxy
// and the certificates the operating system trusts (settings http.proxySupport, http.systemCertificates,
// http.fetchAdditionalSupport). An HTTP client bundled into the extension would bypass all of it.
import * as vscode from 'vscode';
import { isLoopbackAddress } from '../../core/http/endpoint';
import type { FetchFunction } from '../../core/http/fetchTransport';
import type { Transport } from '../../core/http/transport';
import { editorNetworkMessages } from '../messages/networkMessages';
import { onDemand } from '../onDemandLoader';

// VS Code's proxy resolver sends exactly these host names DIRECT whatever the proxy settings say (proxy-agent's
// useProxySettings); any other loopback address would go to the proxy.
const DIRECT_IN_VSCODE = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Where VS Code keeps Node's own fetch before patching the global one; Node's fetch never uses a proxy. */
interface PatchedFetchGlobals {
  __vscodeOriginalFetch?: FetchFunction;
}

function fetchFor(url: URL): FetchFunction {
  if (!isLoopbackAddress(url.hostname) || DIRECT_IN_VSCODE.has(url.hostname)) return globalThis.fetch;
  const unpatched = (globalThis as PatchedFetchGlobals).__vscodeOriginalFetch;
  if (unpatched) return unpatched;
  // Without the unpatched fetch this loopback address might reach the proxy: refuse rather than risk the token.
  return async () => {
    throw onDemand().notSentError(vscode.l10n.t('{0} is a loopback address this VS Code might send through its proxy; use 127.0.0.1 or localhost instead.', url.hostname));
  };
}

let transport: Transport | undefined;

/** The one transport of the editor; VS Code reads its proxy and certificate settings on every request. */
export function editorTransport(): Transport {
  // The transport itself comes from dist/onDemand.js, so the start-up bundle carries only this choice of fetch.
  transport ??= onDemand().createFetchTransport({ name: 'vscode', fetchFor, messages: editorNetworkMessages });
  return transport;
}
