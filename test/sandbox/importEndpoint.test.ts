import assert from 'node:assert/strict';
import { importBody, postImport, send, sentence } from './sandboxTestKit';
import { useSandbox } from '../support/importHarness';
import { startSandbox } from './server';

describe('sandbox import endpoint', () => {
  const env = useSandbox();

  it('creates a page (201), refuses the same title again (400), and updates it with overwrite (200)', async () => {
    const created = await postImport(env.sandbox, importBody(), env.token);
    assert.equal(created.status, 201);
    assert.equal(created.contentType, 'application/json');
    assert.deepEqual(created.json, { body: 'Success: Page created successfully' });
    const page = env.sandbox.findPageByTitle('DOCS', '123456', 'Release notes');
    assert.ok(page && /^\d+$/.test(page.id));
    assert.deepEqual({ ...page, id: '', versionCreatedAt: '' }, {
      id: '', spaceId: '1001', spaceKey: 'DOCS', parentId: '123456', title: 'Release notes',
      markdown: '# Release notes\n', version: 1, versionCreatedAt: '', authorId: 'alice', deleted: false,
      // No publish notice in what was sent: the text is all there is.
      notice: undefined, imported: '# Release notes\n',
    });
    assert.match(page.versionCreatedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    for (const overwrite of [undefined, false]) {
      const refused = await postImport(env.sandbox, importBody({ content: 'changed', overwrite }), env.token);
      assert.equal(refused.status, 400);
      assert.match(sentence(refused), /^Error: A page with this title already exists under the parent/);
    }

    const updated = await postImport(env.sandbox, importBody({ content: '# v2\n', overwrite: true }), env.token);
    assert.deepEqual([updated.status, updated.json], [200, { body: 'Success: Page updated successfully' }]);
    const afterUpdate = env.sandbox.findPageByTitle('1001', '123456', 'Release notes');
    assert.deepEqual({ ...afterUpdate, versionCreatedAt: '' }, { ...page, markdown: '# v2\n', imported: '# v2\n', version: 2, versionCreatedAt: '' });
    assert.ok((afterUpdate?.versionCreatedAt ?? '') >= page.versionCreatedAt);
  });

  it('creates with overwrite true when no page exists, and matches titles exactly', async () => {
    assert.equal((await postImport(env.sandbox, importBody({ overwrite: true }), env.token)).status, 201);
    assert.equal((await postImport(env.sandbox, importBody({ pageTitle: 'release notes' }), env.token)).status, 201);
    assert.equal((await postImport(env.sandbox, importBody({ parentId: '234567', spaceId: 'ENG' }), env.token)).status, 201);
    const ids = env.sandbox.pages().filter((page) => !['123456', '123457', '234567', '345678'].includes(page.id)).map((p) => p.id);
    assert.equal(new Set(ids).size, 3);
  });

  it('answers 400 with a distinct sentence for each malformed body', async () => {
    const cases: Array<[string, string | undefined, unknown, RegExp]> = [
      ['invalid JSON', '{"spaceId": "DOCS",', undefined, /not valid JSON/],
      ['an empty body', '', undefined, /not valid JSON/],
      ['a JSON array', '[1]', undefined, /must be a JSON object/],
      ['no spaceId', undefined, importBody({ spaceId: undefined }), /"spaceId" is required/],
      ['no parentId', undefined, importBody({ parentId: undefined }), /"parentId" is required/],
      ['an empty pageTitle', undefined, importBody({ pageTitle: '' }), /"pageTitle" is required/],
      ['no content', undefined, importBody({ content: undefined }), /"content" is required/],
      ['content null', undefined, importBody({ content: null }), /"content" is required/],
      ['a numeric spaceId', undefined, importBody({ spaceId: 1001 }), /"spaceId" must be a string/],
      ['a numeric parentId', undefined, importBody({ parentId: 123456 }), /"parentId" must be a string/],
      ['whitespace-only content', undefined, importBody({ content: ' \n\t ' }), /only whitespace/],
      ['a parentId with letters', undefined, importBody({ parentId: '12a' }), /made of digits/],
      ['overwrite as a string', undefined, importBody({ overwrite: 'true' }), /"overwrite" must be true or false/],
      ['overwrite null', undefined, importBody({ overwrite: null }), /"overwrite" must be true or false/],
      ['a body over 5 MiB', undefined, importBody({ content: 'x'.repeat(5 * 1024 * 1024) }), /larger than 5 MiB/],
    ];
    const sentences = new Set<string>();
    for (const [name, raw, body, expected] of cases) {
      const answer = await postImport(env.sandbox, body, env.token, raw);
      assert.equal(answer.status, 400, name);
      assert.match(sentence(answer), /^Error: Bad Request - /, name);
      assert.match(sentence(answer), expected, name);
      sentences.add(sentence(answer));
    }
    assert.ok(sentences.size >= 11, 'each kind of mistake has its own sentence');
    assert.equal(env.sandbox.pages().length, 4, 'nothing was created');
  });

  it('answers 404 naming the space or the parent', async () => {
    env.sandbox.deletePage('234567');
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ['an unknown space', { spaceId: 'NOPE' }, 'alice', /space "NOPE" does not exist/],
      ['a space only carol may see', { spaceId: 'SECRET', parentId: '345678' }, 'alice', /space "SECRET" does not exist or you do not have access/],
      ['an unknown parent', { parentId: '999' }, 'alice', /parent page 999 does not exist/],
      ['a deleted parent', { parentId: '123457' }, 'alice', /parent page 123457 has been deleted/],
      ['a parent deleted by the test', { spaceId: 'ENG', parentId: '234567' }, 'alice', /parent page 234567 has been deleted/],
      ['a parent in another space', { spaceId: 'DOCS', parentId: '345678' }, 'carol', /parent page 345678 is not in the space "DOCS"/],
    ];
    for (const [name, overrides, owner, expected] of cases) {
      const answer = await postImport(env.sandbox, importBody(overrides), env.sandbox.issueToken({ owner }).token);
      assert.equal(answer.status, 404, name);
      assert.match(sentence(answer), /^Error: Not Found - /, name);
      assert.match(sentence(answer), expected, name);
    }
    const carol = env.sandbox.issueToken({ owner: 'carol' }).token;
    assert.equal((await postImport(env.sandbox, importBody({ spaceId: '1003', parentId: '345678' }), carol)).status, 201);
  });

  it('answers 405 to other methods and 404 to other app or environment paths', async () => {
    const get = await send(env.sandbox.importEndpoint);
    assert.equal(get.status, 405);
    assert.match(sentence(get), /^Error: Method Not Allowed/);
    const otherApp = await send(env.sandbox.importEndpoint.replace('/dev/', '/prod/'), { method: 'POST', body: '{}' });
    assert.equal(otherApp.status, 404);
    assert.match(sentence(otherApp), /^Error: Not Found/);
  });

  it('records every request that reached the import path, without the token', async () => {
    await postImport(env.sandbox, importBody(), env.token);
    await postImport(env.sandbox, importBody(), undefined);
    await postImport(env.sandbox, undefined, env.token, 'not json');
    assert.deepEqual(env.sandbox.imports.map(({ status, authorization, body }) => ({ status, authorization, body })), [
      { status: 201, authorization: 'present', body: importBody() },
      { status: 401, authorization: 'none', body: importBody() },
      { status: 400, authorization: 'present', body: 'not json' },
    ]);
    assert.equal(env.sandbox.imports[2]?.rawBodyBytes, 8);
    assert.ok(!JSON.stringify(env.sandbox.imports).includes(env.token));
  });

  it('serves the endpoint under the app and environment it was given', async () => {
    const custom = await startSandbox({ appId: 'app-1', environmentId: 'staging' });
    try {
      assert.equal(custom.importEndpoint, `${custom.baseUrl}/wiki/apps/app-1/staging/webtrigger`);
      assert.equal((await postImport(custom, importBody(), custom.issueToken().token)).status, 201);
    } finally {
      await custom.close();
    }
  });
});
