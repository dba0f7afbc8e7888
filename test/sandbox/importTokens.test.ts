import assert from 'node:assert/strict';
import { ManualClock } from '../fakes/manualClock';
import { importBody, postImport, send, sentence } from './sandboxTestKit';
import { startSandbox, type Sandbox } from './server';

const DAY = 24 * 60 * 60 * 1000;

function decodePart(token: string, index: number): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

function encodePart(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('sandbox API tokens', () => {
  const clock = new ManualClock();
  let sandbox: Sandbox;

  before(async () => {
    sandbox = await startSandbox({ now: () => clock.now() });
  });
  beforeEach(() => {
    clock.set(Date.UTC(2026, 10, 21, 12, 0, 0));
    sandbox.reset();
  });
  after(() => sandbox.close());

  it('issues HS256 JWTs with sub, label, jti, iat and exp for each lifetime', () => {
    const lifetimes = [['1d', 1], ['3d', 3], ['1w', 7], ['2w', 14], ['30d', 30]] as const;
    for (const [lifetime, days] of lifetimes) {
      const issued = sandbox.issueToken({ lifetime, owner: 'bob', label: `life_${lifetime}` });
      assert.deepEqual(decodePart(issued.token, 0), { alg: 'HS256', typ: 'JWT' });
      const claims = decodePart(issued.token, 1);
      assert.deepEqual({ ...claims, jti: typeof claims.jti }, {
        sub: 'bob', label: `life_${lifetime}`, jti: 'string', iat: clock.now() / 1000, exp: (clock.now() + days * DAY) / 1000,
      });
      assert.deepEqual([issued.owner, issued.issuedAt, issued.expiresAt], ['bob', clock.now(), clock.now() + days * DAY]);
    }
    const defaults = sandbox.issueToken();
    assert.match(defaults.label, /^token-\d+$/);
    assert.equal(defaults.owner, 'alice');
    assert.equal(defaults.expiresAt - defaults.issuedAt, 30 * DAY);
  });

  it('refuses labels that are too short, too long, have other characters, or are taken', () => {
    sandbox.issueToken({ label: 'taken' });
    for (const label of ['ab', 'x'.repeat(51), 'has space', 'dot.ted', 'taken']) {
      assert.throws(() => sandbox.issueToken({ label }), /label/, label);
    }
    assert.doesNotThrow(() => sandbox.issueToken({ label: 'A-b_3' }));
    assert.doesNotThrow(() => sandbox.issueToken({ label: 'y'.repeat(50) }));
  });

  it('answers 401, 402 and 403 for each cause the spec names', async () => {
    const good = sandbox.issueToken().token;
    const [header, claims] = good.split('.') as [string, string, string];
    const revoked = sandbox.issueToken({ label: 'revoked' }).token;
    sandbox.revokeToken('revoked');
    const otherSandbox = await startSandbox();
    const foreign = otherSandbox.issueToken().token; // correctly signed there, unknown here
    await otherSandbox.close();
    sandbox.setLicenseActive(false);
    const unlicensed = sandbox.issueToken().token;
    sandbox.setLicenseActive(true);
    const forged = `${header}.${encodePart({ ...decodePart(good, 1), sub: 'carol' })}.${good.split('.')[2]}`;

    const cases: Array<[string, Record<string, string>, number, RegExp]> = [
      ['no Authorization header', {}, 401, /Missing or invalid authorization header/],
      ['a Basic scheme', { Authorization: `Basic ${good}` }, 401, /Missing or invalid authorization header/],
      ['Bearer without a token', { Authorization: 'Bearer ' }, 401, /Missing or invalid authorization header/],
      ['two parts', { Authorization: `Bearer ${header}.${claims}` }, 401, /not in the expected format/],
      ['non-base64url characters', { Authorization: `Bearer ${header}.${claims}.sig+/=` }, 401, /not in the expected format/],
      ['claims that are not JSON', { Authorization: `Bearer ${header}.bm90IGpzb24.sig` }, 401, /not in the expected format/],
      ['a revoked token', { Authorization: `Bearer ${revoked}` }, 401, /not known/],
      ['a token this sandbox never issued', { Authorization: `Bearer ${foreign}` }, 401, /not known/],
      ['a token with a bad signature', { Authorization: `Bearer ${sandbox.issueToken({ badSignature: true }).token}` }, 403, /could not be verified/],
      ['altered claims', { Authorization: `Bearer ${forged}` }, 403, /could not be verified/],
      ['an expired token', { Authorization: `Bearer ${sandbox.issueToken({ issuedAt: clock.now() - 2 * DAY, lifetime: '1d' }).token}` }, 403, /expired/],
      ['exp exactly now', { Authorization: `Bearer ${sandbox.issueToken({ expiresAt: clock.now() }).token}` }, 403, /expired/],
      ['iat over 60 s ahead', { Authorization: `Bearer ${sandbox.issueToken({ issuedAt: clock.now() + 61_000 }).token}` }, 403, /not valid yet/],
      ['issued while the license was inactive', { Authorization: `Bearer ${unlicensed}` }, 402, /^Error: License Expired/],
    ];
    for (const [name, headers, status, expected] of cases) {
      const answer = await send(sandbox.importEndpoint, {
        method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(importBody()),
      });
      assert.equal(answer.status, status, name);
      assert.match(sentence(answer), expected, name);
    }
    assert.equal(sandbox.pages().length, 4, 'no refused request wrote anything');
  });

  it('accepts a token within the 60 s skew, one issued earlier that expires later, and a lowercase scheme', async () => {
    const accepted = [
      sandbox.issueToken({ issuedAt: clock.now() + 60_000 }).token,
      sandbox.issueToken({ issuedAt: clock.now() - 29 * DAY, lifetime: '30d' }).token,
    ];
    for (const [index, token] of accepted.entries()) {
      assert.equal((await postImport(sandbox, importBody({ pageTitle: `page ${index}` }), token)).status, 201);
    }
    const lowercase = await send(sandbox.importEndpoint, {
      method: 'POST', headers: { Authorization: `bearer ${accepted[0]}` }, body: JSON.stringify(importBody({ pageTitle: 'lower' })),
    });
    assert.equal(lowercase.status, 201);
  });

  it('follows the clock: a token valid now is refused once it expires', async () => {
    const { token } = sandbox.issueToken({ expiresAt: clock.now() + 2 * DAY });
    assert.equal((await postImport(sandbox, importBody(), token)).status, 201);
    clock.advance(2 * DAY);
    assert.equal((await postImport(sandbox, importBody({ overwrite: true }), token)).status, 403);
  });

  it('keeps a token issued under an active license valid after the license lapses', async () => {
    const { token } = sandbox.issueToken();
    sandbox.setLicenseActive(false);
    assert.equal((await postImport(sandbox, importBody(), token)).status, 201);
  });

  it('checks the token before the body, so a bad body with no token is 401', async () => {
    assert.equal((await postImport(sandbox, undefined, undefined, 'not json')).status, 401);
  });
});
