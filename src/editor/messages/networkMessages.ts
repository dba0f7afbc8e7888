// The transport's one sentence in the user's language (a literal vscode.l10n.t call), typed as the core's catalogue.
// Small on purpose: the editor's transport is made by code on the start-up path.
import * as vscode from 'vscode';
import type { NetworkMessages } from '../../core/messages/networkMessages';

export const editorNetworkMessages: NetworkMessages = {
  requestFailed: () => vscode.l10n.t('The network request failed.'),
};
