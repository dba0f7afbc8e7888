// Issue 82 through the GitHub Action's plan-then-publish flow, as CI runs it on fresh runners: no state input, an
// import token whose `sub` is not the account the wiki records as the pages' author (the sandbox's app account), and
// no account variable. The plan job lists exactly the changed file and the page a colleague edited; the publish job,
// given the plan's comment, updates the one and holds the other, named with who.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useCliWorld } from '../cli/cliHarness';
import { IMPORT_APP_ACCOUNT } from '../sandbox/server';
import { WIKI_EDITOR } from '../sandbox/sandboxWiki';
import { removeRunnerTemps, runAction } from './actionHarness';

const TREE = {
  'docs/index.md': '# Overview\n\nStart with the [guide](guide/setup.md).\n',
  'docs/guide/setup.md': '# Setup\n\nInstall it.\n',
  'docs/reference/api.md': '# API\n\nUse a token.\n',
  'docs/reference/limits.md': '# Limits\n\nThere are some.\n',
};
const INPUTS = { path: 'docs', tree: 'true', space: 'DOCS', parent: '123456', overwrite: 'true' };

describe('GitHub Action: the wiki is the truth on fresh runners (plan, then publish the reviewed plan)', () => {
  const cli = useCliWorld();
  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));
  afterEach(removeRunnerTemps);

  const page = (title: string): ReturnType<typeof cli.livePage> => cli.livePage(title);

  it('an unchanged tree plans nothing and flags nothing; one changed file and one colleague\'s edit are all the plan lists, and the publish sends only the file', async () => {
    const workspace = await cli.tree(TREE);
    const first = await runAction({ workspace, inputs: INPUTS, env: cli.env() });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.ok(cli.world.sandbox.pages().filter((each) => each.title === 'API').every((each) => each.authorId === IMPORT_APP_ACCOUNT));

    // A fresh runner: the committed .wiki-pages.json only. Nothing changed: nothing to send, no annotation.
    const quiet = await runAction({ workspace, inputs: { ...INPUTS, 'dry-run': 'true' }, env: cli.env() });
    assert.equal(quiet.code, 0, quiet.stdout + quiet.stderr);
    assert.equal(quiet.outputs['to-send'], '0');
    assert.deepEqual(quiet.commands.filter((command) => command.command === 'error' || command.command === 'warning').map((command) => command.message), []);

    await writeFile(join(workspace, 'docs', 'reference', 'limits.md'), '# Limits\n\nThere are some, and more.\n');
    const api = page('API');
    cli.world.sandbox.editLineOnWiki(api.id);
    const planned = await runAction({ workspace, inputs: { ...INPUTS, 'dry-run': 'true' }, env: cli.env() });
    const records = JSON.parse(await readFile(planned.outputs.results ?? '', 'utf8')) as Array<Record<string, unknown>>;
    const listed = records.filter((record) => record.type === 'plan' && record.status !== 'unchanged').map((record) => [record.file, record.status]);
    assert.deepEqual(listed, [['docs/reference/api.md', 'edited'], ['docs/reference/limits.md', 'send']]);
    assert.equal(planned.outputs['to-send'], '1');
    const edited = planned.commands.filter((command) => command.command === 'error' || command.command === 'warning');
    assert.deepEqual(edited.map((command) => command.properties.file), ['docs/reference/api.md'], 'one annotation, on the edited page\'s file');
    assert.match(planned.summary, new RegExp(`docs/reference/api\\.md[^\\n]*${WIKI_EDITOR}`));

    const comment = `Wiki plan\n\n${await readFile(planned.outputs.plan ?? '', 'utf8')}`;
    const imports = cli.world.sandbox.imports.length;
    const published = await runAction({ workspace, inputs: { ...INPUTS, 'expect-plan': comment }, env: cli.env() });
    assert.equal(published.outputs['plan-changed'] ?? 'false', 'false', published.stdout + published.stderr);
    const sent = cli.world.sandbox.imports.slice(imports).map((request) => (request.body as { pageTitle?: string }).pageTitle);
    assert.deepEqual(sent, ['Limits'], 'only the changed file is sent');
    assert.equal(published.outputs.published, '1');
    assert.match(page('API').markdown, /edited on the wiki/, 'the colleague\'s edit stays');
  });
});
