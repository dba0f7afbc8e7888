import type * as vscode from 'vscode';
import type { SecretStore } from '../core/ports';

/** SecretStorage as the core's SecretStore (VS Code returns Thenables; the core works with Promises). */
export function secretStoreOf(secrets: vscode.SecretStorage): SecretStore {
  return {
    get: async (key) => secrets.get(key),
    store: async (key, value) => secrets.store(key, value),
    delete: async (key) => secrets.delete(key),
  };
}
