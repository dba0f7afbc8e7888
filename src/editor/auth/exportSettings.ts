import { userSetting } from '../settings';
import type { SecretStore } from '../../core/ports';

export const CLIENT_SECRET_KEY = 'wikiPublisher.export.clientSecret';
export const CLIENT_SECRET_ENV_VAR = 'WIKI_PUBLISHER_CLIENT_SECRET';
export const EXPORT_SETTINGS = ['wikiPublisher.export.authUrl', 'wikiPublisher.export.clientId', 'wikiPublisher.export.redirectPort', 'wikiPublisher.baseUrl', 'wikiPublisher.importEndpoint', 'wikiPublisher.export.apiUrl'];

export interface ExportSettings {
  authUrl: string;
  clientId: string;
  redirectPort: number;
  /** The wiki site ({base_url}); defaults to the import endpoint's origin. */
  baseUrl: string;
  /** The export API's base address; empty when not configured. */
  apiUrl: string;
}

/** Reads the export settings from user settings only (reliability requirement 7). */
export function readExportSettings(): ExportSettings {
  const explicitBase = userSetting<string>('wikiPublisher.baseUrl')?.trim();
  return {
    authUrl: userSetting<string>('wikiPublisher.export.authUrl')?.trim() ?? '',
    clientId: userSetting<string>('wikiPublisher.export.clientId')?.trim() ?? '',
    redirectPort: userSetting<number>('wikiPublisher.export.redirectPort') ?? 0,
    baseUrl: explicitBase || originOf(userSetting<string>('wikiPublisher.importEndpoint')),
    apiUrl: userSetting<string>('wikiPublisher.export.apiUrl')?.trim() ?? '',
  };
}

/** The stored client secret, else the environment variable (headless use). */
export async function readClientSecret(secrets: SecretStore, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return (await secrets.get(CLIENT_SECRET_KEY))?.trim() || env[CLIENT_SECRET_ENV_VAR]?.trim() || undefined;
}

function originOf(url: string | undefined): string {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
}
