// The transport's sentences in the user's language (literal vscode.l10n.t calls), typed as the core's catalogue.
// Small on purpose: the editor's transport is made by code on the start-up path.
import * as vscode from 'vscode';
import type { NetworkMessages } from '../../core/messages/networkMessages';

export const editorNetworkMessages: NetworkMessages = {
  requestFailed: () => vscode.l10n.t('The network request failed.'),
  proxyTunnelNotOpened: (detail) => vscode.l10n.t('the proxy did not open a tunnel to the wiki: {0}', detail),
  notHttps: () => vscode.l10n.t('the endpoint does not speak HTTPS on that port (TLS handshake failed)'),
  tlsHandshakeFailed: (reason) => (reason ? vscode.l10n.t('the TLS handshake failed: {0}', reason) : vscode.l10n.t('the TLS handshake failed')),
  answerTooLarge: (megabytes) => vscode.l10n.t('the answer was larger than {0} MB, so it was not read', megabytes),
};
