// What a reviewer reads of the GitHub Action's run (issue 82): each annotation on the line of the file it is about,
// the page each file goes under named by its title with its link, a reason several files share said once, and after a
// publish each page it created linked, in the job summary and the comment's file alike.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, useCliWorld } from '../cli/cliHarness';
import { assertRecordsValid } from '../cli/jsonSchema';
import { removeRunnerTemps, runAction } from './actionHarness';

const TARGET = { space: 'DOCS', parent: '123456' };
const HOME = String.raw`\[Documentation home\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\/spaces\/DOCS\/pages\/123456\/Documentation\+home\)`;

describe('GitHub Action: what a reviewer reads', () => {
  const cli = useCliWorld();
  afterEach(removeRunnerTemps);

  it('puts a link caution on the line of its link, front matter counted, and an image caution on its image\'s line', async () => {
    const guide = [
      '---', 'title: Guide', 'description: see gone.md for the old text', '---', '', '# Guide', '',
      'The [old setup](gone.md) is gone.', '', '![diagram](diagram.png)', '',
    ].join('\n');
    const workspace = await cli.tree({ 'docs/guide.md': guide, 'docs/ok.md': '# Fine\n' });
    const run = await runAction({ workspace, inputs: { path: 'docs', ...TARGET, 'dry-run': 'true' }, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const cautions = run.commands.filter((command) => command.command === 'warning' && command.properties.file === 'docs/guide.md');
    const link = cautions.find((command) => command.message.includes('gone.md'));
    const image = cautions.find((command) => command.message.includes('diagram.png'));
    assert.equal(link?.properties.line, '8', `the link is on line 8 of the file (line 4 of what is sent): ${run.stdout}`);
    assert.equal(image?.properties.line, '10');
    // The page it goes under, by its title and linked, in the job summary and the comment's file.
    const comment = await readFile(run.outputs.plan ?? '', 'utf8');
    for (const text of [run.summary, comment]) assert.match(text, new RegExp(String.raw`\| docs\/guide\.md \| Guide in DOCS under ${HOME} \| create \|`));
  });

  it('says a refusal several files share once, and after a publish links every page it created', async () => {
    const workspace = await cli.tree({
      'docs/alpha.md': '# Alpha\n', 'docs/beta.md': '# Beta\n', 'docs/empty-1.md': '---\ntitle: One\n---\n', 'docs/empty-2.md': '---\ntitle: Two\n---\n',
    });
    const run = await runAction({ workspace, inputs: { path: 'docs', ...TARGET }, env: cli.env() });
    assert.equal(run.code, 1, 'two files are refused');
    const comment = await readFile(run.outputs.plan ?? '', 'utf8');
    for (const text of [run.summary, comment]) {
      for (const title of ['Alpha', 'Beta']) {
        const page = cli.world.sandbox.findPageByTitle('DOCS', '123456', title);
        assert.ok(page);
        assert.match(text, new RegExp(String.raw`\| docs\/${title.toLowerCase()}\.md \| \[${title}\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\/spaces\/DOCS\/pages\/${page.id}\/${title}\) in DOCS under ${HOME} \| created \|`), text);
      }
      assert.match(text, /\| docs\/empty-1\.md \| [^|]+ \| REFUSED \| reason 1 \(below\) \|\n\| docs\/empty-2\.md \| [^|]+ \| REFUSED \| reason 1 \(below\) \|/);
      assert.equal(text.split('There is nothing to publish').length - 1, 1, text);
      assert.match(text, /\n1\. There is nothing to publish[^\n]* — \*\*2 files:\*\* docs\/empty-1\.md, docs\/empty-2\.md\n/);
    }
    const results = JSON.parse(await readFile(run.outputs.results ?? '', 'utf8')) as Array<Record<string, unknown>>;
    assertRecordsValid(results, 'a publish that found its new pages after the run');
  });
  it("says of a file refused for a state record naming another file's page the refusal alone, in the job summary and the plan", async () => {
    const theirs = await cli.tree({ 'team/team.md': '# Team page\n\nOther team content.\n' });
    assert.equal((await runCli(['publish', 'team/team.md', '--space', 'DOCS', '--parent', '123456'], { cwd: theirs, env: cli.env() })).code, 0);
    const page = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Team page');
    assert.ok(page);
    const workspace = await cli.tree({ 'docs/beta.md': '# Beta\n\nNot theirs.\n' });
    await writeFile(join(workspace, 'state.json'), JSON.stringify({
      version: 1,
      files: { 'docs/beta.md': { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Beta', pageId: page.id, version: 1, contentSha256: '00', fileTitle: 'Beta', publishedAt: 1 } },
    }));
    for (const dryRun of ['true', 'false']) {
      const run = await runAction({ workspace, inputs: { path: 'docs', ...TARGET, state: 'state.json', 'dry-run': dryRun }, env: cli.env() });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      const comment = await readFile(run.outputs.plan ?? '', 'utf8');
      for (const text of [run.summary, comment]) {
        const row = text.split('\n').find((line) => line.startsWith('| docs/beta.md |')) ?? '';
        assert.match(row, /\| (refused|REFUSED) \| [^|]*another file published it[^|]*take the page over\. \|$/, text);
        assert.doesNotMatch(text, /renamed on the wiki|published as a new page|--overwrite-edited|replaces version|Pages edited on the wiki since their last publish\n\n- /, text);
      }
    }
    assert.equal(cli.world.sandbox.imports.length, 1, 'only the other team\'s publish was sent');
  });
});
