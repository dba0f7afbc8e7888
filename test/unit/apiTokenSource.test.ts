import * as assert from 'node:assert/strict';
import { API_TOKEN_ENV_VAR, API_TOKEN_SECRET_KEY, readApiToken } from '../../src/core/apiToken/tokenSource';
import { MemorySecretStore } from '../fakes/memorySecretStore';

describe('readApiToken', () => {
  const cases: { name: string; stored?: string; env?: string; expected: unknown }[] = [
    { name: 'nothing anywhere', expected: undefined },
    { name: 'only a stored token', stored: 'stored.a.b', expected: { token: 'stored.a.b', source: 'secretStorage' } },
    { name: 'only the environment', env: 'env.a.b', expected: { token: 'env.a.b', source: 'environment' } },
    { name: 'both: the stored one wins', stored: 's.a.b', env: 'e.a.b', expected: { token: 's.a.b', source: 'secretStorage' } },
    { name: 'a blank stored value falls back to the environment', stored: ' \n', env: 'e.a.b', expected: { token: 'e.a.b', source: 'environment' } },
    { name: 'values are trimmed', stored: ' s.a.b\n', expected: { token: 's.a.b', source: 'secretStorage' } },
    { name: 'a blank environment variable counts as unset', env: '  ', expected: undefined },
  ];

  for (const { name, stored, env, expected } of cases) {
    it(name, async () => {
      const store = new MemorySecretStore();
      if (stored !== undefined) await store.store(API_TOKEN_SECRET_KEY, stored);
      const environment: Record<string, string | undefined> = { OTHER: 'x' };
      if (env !== undefined) environment[API_TOKEN_ENV_VAR] = env;
      assert.deepEqual(await readApiToken(store, environment), expected);
    });
  }

  it('uses the documented key and variable names', () => {
    assert.equal(API_TOKEN_SECRET_KEY, 'wikiPublisher.apiToken');
    assert.equal(API_TOKEN_ENV_VAR, 'WIKI_PUBLISHER_API_TOKEN');
  });
});
