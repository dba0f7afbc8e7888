// One sandbox world per test file with what a signed-in publisher has: before each test the wiki is reset, a fresh
// import token is issued and a page routes client reads with a fresh export session's access token.
import assert from 'node:assert/strict';
import { createUndiciTransport, type UndiciTransport } from '../../src/core/http/undiciTransport';
import { createWikiPagesClient, type WikiPagesClient } from '../../src/core/wikiPages';
import type { IdpOptions } from '../sandbox/idp';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';

export interface SignedInWorld {
  readonly world: SandboxWorld;
  readonly transport: UndiciTransport;
  /** The import API token of this test (owner alice). */
  apiToken: string;
  readonly accessToken: string;
  readonly pages: WikiPagesClient;
}

/** `idp`: options of the identity provider, such as a clock that moves with the test's. */
export function useSignedInWorld(options: { idp?: IdpOptions } = {}): SignedInWorld {
  const state = {} as { world: SandboxWorld; transport: UndiciTransport; apiToken: string; accessToken: string; pages: WikiPagesClient };
  before(async () => {
    state.world = await startSandboxWorld(options.idp ? { idp: options.idp } : {});
    state.transport = createUndiciTransport();
  });
  after(async () => {
    await state.transport.close();
    await state.world.close();
  });
  beforeEach(() => {
    state.world.sandbox.reset();
    state.apiToken = state.world.sandbox.issueToken({ label: 'writer' }).token;
    const accessToken = state.world.idp.issueSessionDirectly().access_token;
    state.accessToken = accessToken;
    state.pages = createWikiPagesClient({ baseUrl: state.world.sandbox.baseUrl, transport: state.transport, getAccessToken: async () => accessToken });
  });
  return {
    get world() { return state.world; },
    get transport() { return state.transport; },
    get apiToken() { return state.apiToken; },
    set apiToken(token: string) { state.apiToken = token; },
    get accessToken() { return state.accessToken; },
    get pages() { return state.pages; },
  };
}

/**
 * A page someone else's publish made on the sandbox wiki (another team's, not the tree's under test): `pageTitle` under
 * `parentId` in `spaceId`, through the import endpoint with this test's token.
 */
export async function pageOnWiki(signedIn: SignedInWorld, spaceId: string, parentId: string, pageTitle: string): Promise<{ id: string }> {
  const sent = await fetch(signedIn.world.sandbox.importEndpoint, {
    method: 'POST', headers: { authorization: `Bearer ${signedIn.apiToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ spaceId, parentId, pageTitle, content: 'Another team\'s page.' }),
  });
  assert.equal(sent.status, 201, await sent.text());
  const made = signedIn.world.sandbox.findPageByTitle(spaceId, parentId, pageTitle);
  assert.ok(made);
  return made;
}
