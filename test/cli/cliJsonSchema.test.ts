// --json is the machine interface (issue 16): every line the CLI prints in the runs below, of every record type, is
// valid against schema/wiki-publisher-json.schema.json; and the schema is strict (it refuses what it does not document).
// Beyond these runs, the harness checks every --json run of every CLI test against it (cliHarness.ts startCli): a run
// stopped in its second pass (cliFlatSecondPassStop) printed secondPassNotStarted and linksLeft[].stopped, which the
// schema lacked until such runs were checked too.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LINK_CAUTION_REASONS } from '../../src/core/links/rewrite/rewriteLinks';
import { jsonLines, runCli, useCliWorld } from './cliHarness';
import { assertRecordsValid, recordsNotMatchingSchema, SCHEMA_PATH, validateRecord } from './jsonSchema';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI --json against its JSON Schema', () => {
  const cli = useCliWorld();

  it('every record of flat and tree runs, dry and sending, with and without page access, matches the schema', async () => {
    const seen = new Set<string>();
    const check = async (args: string[], cwd: string, env: Record<string, string>): Promise<void> => {
      const run = await runCli([...args, '--json'], { cwd, env });
      assert.ok(run.code !== 2, `${args.join(' ')}: ${run.stderr}`);
      for (const type of assertRecordsValid(jsonLines(run), args.join(' '))) seen.add(type);
    };
    const root = await cli.tree({
      'docs/a.md': '# Alpha\n\n![local](a.png) and [b](b.md)\n',
      'docs/b.md': '# Beta\n',
      'docs/empty.md': '',
      'tree/index.md': '# Overview\n\nSee [setup](guide/setup.md) and [gone](nowhere.md).\n',
      'tree/guide/setup.md': '# Setup\n',
    });
    await check(['plan', 'docs', ...DOCS], root, {});
    await check(['publish', 'docs', ...DOCS, '--state', 's.json'], root, cli.env());
    // From a fresh clone (no --state): the pages' notices say they hold the files' text (wikiEdits.sameContent).
    const fresh = await runCli(['publish', 'docs', ...DOCS, '--json'], { cwd: root, env: cli.env() });
    assertRecordsValid(jsonLines(fresh), 'a fresh clone\'s publish of unchanged files');
    assert.ok(jsonLines(fresh).some((record) => (record.wikiEdits as { sameContent?: boolean } | undefined)?.sameContent === true), fresh.stdout);
    const alpha = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha');
    assert.ok(alpha);
    cli.world.sandbox.editPageOnWiki(alpha.id, '# Alpha\n\nEdited on the wiki.\n');
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nChanged.\n');
    await writeFile(join(root, 'docs', 'b.md'), '# Beta\n\nChanged.\n');
    await check(['plan', 'docs', ...DOCS, '--state', 's.json'], root, cli.env());
    await check(['publish', 'docs', ...DOCS, '--state', 's.json'], root, cli.env());
    await check(['publish', 'docs', ...DOCS, '--state', 's.json', '--expect-plan', 'f'.repeat(64)], root, cli.env());
    await check(['plan', 'tree', '--tree', ...DOCS], root, cli.env());
    await check(['publish', 'tree', '--tree', ...DOCS], root, cli.env());
    await check(['plan', 'tree', '--tree', ...DOCS], root, cli.env(false));
    // Published again with the notice off (and a new page, first published so), then a teammate's clone: the
    // repository's record and no notice on any page. A page whose history shows its file's notice on an earlier version
    // is held as edited since then (wikiEdits.publishedVersion); the new page never carried one, so nothing tells a
    // publish from an edit there: held back and said so (wikiEdits.noNotice).
    await writeFile(join(root, 'tree', 'guide', 'setup.md'), '# Setup\n\nAgain.\n');
    await writeFile(join(root, 'tree', 'quiet.md'), '# Quiet\n\nNever carried a notice.\n');
    await check(['publish', 'tree', '--tree', ...DOCS, '--no-notice', '--force'], root, cli.env());
    const teammate = cli.world.sandbox.issueToken({ label: 'teammate', owner: 'bob' }).token;
    cli.secrets.push(teammate);
    const held = await runCli(['publish', 'tree', '--tree', '--json'], { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_API_TOKEN: teammate } });
    assertRecordsValid(jsonLines(held), 'a teammate\'s tree publish');
    const heldEdits = (file: string) => jsonLines(held).find((record) => record.file === file)?.wikiEdits as { noNotice?: boolean; publishedVersion?: number } | undefined;
    assert.equal(heldEdits('tree/quiet.md')?.noNotice, true, held.stdout);
    assert.equal(heldEdits('tree/guide/setup.md')?.publishedVersion, 1, held.stdout);
    // A colleague's edit of a page with a notice: held back, with the version its notice names (publishedVersion).
    const beta = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Beta');
    assert.ok(beta);
    cli.world.sandbox.editLineOnWiki(beta.id);
    const edited = await runCli(['publish', 'docs', ...DOCS, '--json'], { cwd: root, env: cli.env() });
    assertRecordsValid(jsonLines(edited), 'a flat publish with a colleague\'s edit');
    assert.ok(jsonLines(edited).some((record) => typeof (record.wikiEdits as { publishedVersion?: number } | undefined)?.publishedVersion === 'number'), edited.stdout);
    for (const type of ['plan', 'file', 'tree', 'planCheck', 'summary:dryRun', 'summary:run', 'summary:planChanged']) assert.ok(seen.has(type), `no ${type} record was checked`);
  });

  it('names every reason a link stays as written that a tree run gives, and no other', () => {
    // The schema had drifted from the code: it lacked folderWithoutPage, which runs print, and kept a word none does.
    const schema = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as { $defs: { file: { properties: { linkCautions: { items: { properties: { reason: { enum: string[] } } } } } } } };
    assert.deepEqual([...schema.$defs.file.properties.linkCautions.items.properties.reason.enum].sort(), [...LINK_CAUTION_REASONS].sort());
  });

  it('is strict: a record with an undocumented field or a wrong value does not match', () => {
    const plan = { type: 'plan', file: 'a.md', status: 'send', action: 'create', refusals: [], cautions: [] };
    assert.ok(validateRecord(plan));
    assert.ok(!validateRecord({ ...plan, surprise: true }), 'an undocumented field');
    assert.ok(!validateRecord({ ...plan, status: 'maybe' }), 'an unknown status');
    assert.ok(!validateRecord({ type: 'summary', dryRun: true, interrupted: false, exitCode: 0, files: 1, send: 1, unchanged: 0, refused: 0 }), 'a dry run summary without its digest');
  });

  it('documents a flat run stopped in its second pass, and the harness names a field it does not', () => {
    const counts = { files: 3, published: 3, failed: 0, existsUnproven: 0, edited: 0, skipped: 0, refused: 0, notStarted: 0, cancelled: 0, secondPass: 0 };
    const stopped = { type: 'summary', dryRun: false, interrupted: false, exitCode: 1, ...counts, secondPassCancelled: 1, secondPassNotStarted: 2, linksLeft: [{ file: 'docs/a.md', waitsFor: ['docs/b.md'], stopped: 'notStarted' }, { file: 'docs/b.md', waitsFor: ['docs/c.md'], stopped: 'cancelled' }] };
    assert.deepEqual(recordsNotMatchingSchema(JSON.stringify(stopped)), []);
    const [mismatch] = recordsNotMatchingSchema(`not JSON\n${JSON.stringify({ ...stopped, linksLeft: [{ file: 'docs/a.md', waitsFor: [], stopped: 'notStarted', surprise: 1 }] })}`);
    assert.match(mismatch ?? '', /\/linksLeft\/0\/surprise is not in the schema$/);
  });
});
