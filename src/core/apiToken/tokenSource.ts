// Where the import API token comes from. The secret storage wins; the environment variable exists for
// headless and CI use and is read only when nothing is stored (issue 2, section 2).

/** The SecretStorage key of the import API token. */
export const API_TOKEN_SECRET_KEY = 'wikiPublisher.apiToken';
/** The environment variable consulted when no token is stored. */
export const API_TOKEN_ENV_VAR = 'WIKI_PUBLISHER_API_TOKEN';

export type ApiTokenSource = 'secretStorage' | 'environment';

export interface FoundApiToken {
  token: string;
  source: ApiTokenSource;
}

/**
 * What readApiToken needs from a secret store. PromiseLike (not Promise) so that both the core
 * SecretStore and VS Code's SecretStorage (whose methods return Thenable) fit without an adapter.
 */
export interface SecretReader {
  get(key: string): PromiseLike<string | undefined>;
}

/**
 * The token to use, or undefined when there is none. Values are trimmed because a pasted or exported
 * value often carries a newline. A failing secret store rejects; callers decide how to report that.
 */
export async function readApiToken(
  store: SecretReader,
  env: Record<string, string | undefined>,
): Promise<FoundApiToken | undefined> {
  const stored = (await store.get(API_TOKEN_SECRET_KEY))?.trim();
  if (stored) return { token: stored, source: 'secretStorage' };
  const fromEnv = env[API_TOKEN_ENV_VAR]?.trim();
  if (fromEnv) return { token: fromEnv, source: 'environment' };
  return undefined;
}
