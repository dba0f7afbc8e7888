// Why a configured address (the import endpoint, the identity provider, the wiki, the diagram renderer) cannot be
// used, naming the setting or flag to fix: the editor names a setting, the command line a flag or variable.

export interface EndpointMessages {
  missing(settingName: string): string;
  notAUrl(settingName: string): string;
  hasCredentials(settingName: string): string;
  insecure(settingName: string): string;
}

export const englishEndpointMessages: EndpointMessages = {
  missing: (settingName) => `No wiki address is configured. Set ${settingName} in your user settings.`,
  notAUrl: (settingName) => `${settingName} is not a valid URL.`,
  hasCredentials: (settingName) => `${settingName} must not contain a user name or password.`,
  insecure: (settingName) =>
    `${settingName} must use https:// (plain http:// is allowed only for 127.0.0.1, [::1] and localhost), so the API token is never sent unencrypted.`,
};
