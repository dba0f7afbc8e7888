import * as vscode from 'vscode';

/**
 * Reads a setting a repository must not be able to change (reliability requirement 7): only the user's own value
 * or the default counts. `inspect` keeps the scopes apart, so a value from .vscode/settings.json, in either the
 * dotted or the nested form, is ignored even if VS Code's own restriction were bypassed.
 */
export function userSetting<T>(key: string): T | undefined {
  const [section, ...rest] = key.split('.');
  const inspected = vscode.workspace.getConfiguration(section).inspect<T>(rest.join('.'));
  return inspected?.globalValue ?? inspected?.defaultValue;
}

/** An ordinary setting, where a workspace value is fine. */
export function setting<T>(key: string, fallback: T): T {
  const [section, ...rest] = key.split('.');
  return vscode.workspace.getConfiguration(section).get<T>(rest.join('.'), fallback);
}
