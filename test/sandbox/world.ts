// The whole sandbox a person or an end-to-end test talks to: the wiki and its identity provider, wired so
// the platform lookups (spec 4.3) and the export API accept the provider's access tokens.
import { startIdp, type Idp, type IdpOptions } from './idp';
import { startSandbox, type Sandbox, type SandboxOptions } from './server';

export interface SandboxWorld {
  sandbox: Sandbox;
  idp: Idp;
  /** The user settings that point the extension at this world (no secrets: those go to env or secret storage). */
  settings: Record<string, string | number>;
  close(): Promise<void>;
}

export async function startSandboxWorld(options: { wiki?: SandboxOptions; idp?: IdpOptions } = {}): Promise<SandboxWorld> {
  const idp = await startIdp({ owner: 'alice', ...options.idp });
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({ ...options.wiki, verifyPlatformToken: (token) => idp.verifyAccessToken(token) });
  } catch (error) {
    await idp.close();
    throw error;
  }
  return {
    sandbox,
    idp,
    settings: {
      'wikiPublisher.importEndpoint': sandbox.importEndpoint,
      'wikiPublisher.export.authUrl': idp.authUrl,
      'wikiPublisher.export.clientId': idp.clientId,
      'wikiPublisher.export.apiUrl': sandbox.exportApiUrl,
    },
    close: async () => {
      await Promise.all([sandbox.close(), idp.close()]);
    },
  };
}
