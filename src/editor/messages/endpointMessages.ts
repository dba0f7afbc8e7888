// The configured addresses' refusals in the user's language (one literal vscode.l10n.t call per entry), typed as the
// core's catalogue so a missing entry does not compile.
import * as vscode from 'vscode';
import type { EndpointMessages } from '../../core/messages/endpointMessages';

export const editorEndpointMessages: EndpointMessages = {
  missing: (settingName) => vscode.l10n.t('No wiki address is configured. Set {0} in your user settings.', settingName),
  notAUrl: (settingName) => vscode.l10n.t('{0} is not a valid URL.', settingName),
  hasCredentials: (settingName) => vscode.l10n.t('{0} must not contain a user name or password.', settingName),
  insecure: (settingName) => vscode.l10n.t('{0} must use https:// (plain http:// is allowed only for 127.0.0.1, [::1] and localhost), so the API token is never sent unencrypted.', settingName),
};
