// A tree run whose .wiki-pages.json cannot be written (the job's user cannot write in the folder, a full disk): the
// pages land, and the step says the file could not be written and why (stderr, an error annotation, the job summary),
// lists every page ID it did not record so they can be added by hand, never says it recorded them ("commit it") or
// blames --no-record, and fails (exit code 1: the next run does not know these pages).
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useCliWorld } from '../cli/cliHarness';
import { assertRecordsValid } from '../cli/jsonSchema';
import { until } from '../support/until';
import { removeRunnerTemps, runAction } from './actionHarness';

describe('GitHub Action: a tree whose .wiki-pages.json cannot be written', () => {
  const cli = useCliWorld();
  afterEach(removeRunnerTemps);

  it('says so with the reason, lists all the page IDs it created as not recorded, and fails the step', async () => {
    const workspace = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/a.md': '# Alpha\n', 'docs/b.md': '# Beta\n' });
    const sandbox = cli.world.sandbox;
    // The file is made unwritable while the pages are out, after the run read it: a folder at its path refuses the
    // write for root too (CI runs as root, where a read-only folder does not stop a write).
    sandbox.injectFaults({ latencyMs: 800 });
    const running = runAction({ workspace, inputs: { path: 'docs', tree: 'true', space: 'DOCS', parent: '123456' }, env: cli.env() });
    await until(() => sandbox.importsInFlight > 0, running);
    await mkdir(join(workspace, 'docs', '.wiki-pages.json', 'in-the-way'), { recursive: true });
    const run = await running;
    sandbox.clearFaults();

    const created = sandbox.pages().filter((page) => ['Overview', 'Alpha', 'Beta'].includes(page.title));
    assert.equal(created.length, 3, 'the pages landed');
    const idOf = (title: string): string => created.find((page) => page.title === title)?.id ?? '';
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.equal(run.outputs['exit-code'], '1');
    const listed = `3 page IDs were not recorded in it: a.md = ${idOf('Alpha')}, b.md = ${idOf('Beta')}, index.md = ${idOf('Overview')}`;
    assert.match(run.stderr, /docs\/\.wiki-pages\.json could not be written: [^\n]*not a regular file; [^\n]*Name another path\. The pages were published; 3 page IDs/);
    assert.ok(run.stderr.includes(listed), run.stderr);
    assert.doesNotMatch(run.stderr, /Recorded|commit it:|--no-record/);

    const error = run.commands.find((command) => command.command === 'error' && command.properties.title === 'docs/.wiki-pages.json could not be written');
    assert.ok(error, `an error annotation in:\n${run.stdout}`);
    assert.ok(error.message.includes(listed), error.message);
    assert.ok(!run.commands.some((command) => command.command === 'warning' && /Commit/.test(command.properties.title ?? '')), 'no "commit it" annotation');

    assert.match(run.summary, new RegExp(`#### Page IDs not recorded: docs/\\.wiki-pages\\.json could not be written\n\ndocs/\\.wiki-pages\\.json could not be written: [^\n]*not a regular file[^\n]*Name another path\. It does not record these pages: add them to it by hand[^\n]*\n\n- a\\.md: page ${idOf('Alpha')}\n- b\\.md: page ${idOf('Beta')}\n- index\\.md: page ${idOf('Overview')}\n`));
    assert.doesNotMatch(run.summary, /This run recorded|\(no-record\)/);

    const results = JSON.parse(await readFile(run.outputs.results ?? '', 'utf8')) as Array<Record<string, unknown>>;
    assertRecordsValid(results, 'a tree run whose .wiki-pages.json could not be written');
    const summary = results.find((record) => record.type === 'summary') as { exitCode: number; manifest: unknown; notWritten: Array<{ file: string; reason: string }> };
    assert.equal(summary.exitCode, 1);
    assert.deepEqual(summary.manifest, {
      file: 'docs/.wiki-pages.json', recorded: 0,
      notRecorded: [{ key: 'a.md', pageId: idOf('Alpha') }, { key: 'b.md', pageId: idOf('Beta') }, { key: 'index.md', pageId: idOf('Overview') }],
    });
    assert.deepEqual(summary.notWritten.map((entry) => entry.file), ['docs/.wiki-pages.json']);
  });
});
