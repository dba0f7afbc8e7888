// The GitHub Action's entry point run as the runner runs it (actionHarness.ts) against the sandbox wiki: the plan
// without any secret (a pull request from a fork), the job summary, the outputs, the annotations on the files, the
// results file; publishing; and publishing only the reviewed plan.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useCliSandbox, useCliWorld } from '../cli/cliHarness';
import { assertRecordsValid } from '../cli/jsonSchema';
import { removeRunnerTemps, runAction } from './actionHarness';

const TARGET = { space: 'DOCS', parent: '123456' };

describe('GitHub Action: the entry point as the runner runs it', () => {
  const cli = useCliSandbox();
  afterEach(removeRunnerTemps);

  it('plans without any secret (a fork\'s pull request): job summary, plan file, outputs and annotations, nothing sent', async () => {
    const workspace = await cli.tree({
      'docs/guide.md': '# Guide\n\nSee the picture.\n\n![diagram](diagram.png)\n',
      'docs/empty.md': '---\ntitle: Empty\n---\n',
      'docs/ok.md': '# Fine\n',
    });
    const run = await runAction({ workspace, inputs: { path: 'docs', ...TARGET, 'dry-run': 'true' } });
    assert.equal(run.code, 1, 'a file that would be refused fails the plan check');
    assert.equal(cli.sandbox.imports.length, 0);
    assert.match(run.summary, /^### Wiki Publisher plan/m);
    assert.match(run.summary, /Wiki edits not checked: no page access/);
    assert.match(run.summary, /Pages edited on the wiki since their last publish\n\nUnknown without page access\./);
    assert.match(run.summary, /\| docs\/guide\.md \| Guide in DOCS under 123456 \| create \|/);
    assert.match(run.summary, /\| docs\/empty\.md \| Empty in DOCS under 123456 \| refused \| There is nothing to publish/);
    assert.equal(run.outputs['to-send'], '2');
    assert.equal(run.outputs.refused, '1');
    assert.equal(run.outputs['exit-code'], '1');
    assert.match(run.outputs['plan-digest'] ?? '', /^[0-9a-f]{64}$/);
    const plan = await readFile(run.outputs.plan ?? '', 'utf8');
    assert.match(plan, new RegExp(`<!-- wiki-publisher-plan-digest: ${run.outputs['plan-digest']} wiki: not-checked -->`));
    const results = JSON.parse(await readFile(run.outputs.results ?? '', 'utf8')) as Array<Record<string, unknown>>;
    assertRecordsValid(results, 'the results file');
    assert.deepEqual(results.filter((record) => record.type === 'plan').map((record) => [record.file, record.status]).sort(), [
      ['docs/empty.md', 'refused'], ['docs/guide.md', 'send'], ['docs/ok.md', 'send'],
    ]);
    const refused = run.commands.find((command) => command.command === 'error' && command.properties.file === 'docs/empty.md');
    assert.ok(refused, `an error annotation on docs/empty.md in:\n${run.stdout}`);
    assert.equal(refused.properties.line, '1');
    assert.match(refused.message, /nothing to publish/);
    const caution = run.commands.find((command) => command.command === 'warning' && command.properties.file === 'docs/guide.md');
    assert.equal(caution?.properties.line, '5', 'the caution sits on the line with the local image');
    assert.ok(run.logLines.some((line) => line.startsWith('WOULD REFUSE docs/empty.md')), 'the CLI\'s own lines are in the log, inside stop-commands');
  });

  it('run from a folder of the repository, its annotations name the files from the repository\'s root, on their lines', async () => {
    const workspace = await cli.tree({ '.git/HEAD': 'ref: refs/heads/main\n', 'docs/guide.md': '# Guide\n\nSee the picture.\n\n![diagram](diagram.png)\n' });
    const run = await runAction({ workspace, cwd: join(workspace, 'docs'), inputs: { path: '.', ...TARGET, 'dry-run': 'true' } });
    const caution = run.commands.find((command) => command.command === 'warning' && command.properties.file === 'docs/guide.md');
    assert.ok(caution, `a warning on docs/guide.md in:\n${run.stdout}`);
    assert.equal(caution.properties.line, '5', 'the caution sits on the line with the local image');
  });

  it('reads front matter only the full YAML parser takes, from the committed bundle of the libraries some texts need', async () => {
    // A folded title is beyond the simple front matter reader: the core then requires the parser, which the action's
    // index.js loads from its sibling action/cliLibs.js.
    const workspace = await cli.tree({ 'docs/folded.md': '---\ntitle: >-\n  A folded\n  title\ntags: [one, two]\n---\n\nText.\n' });
    const run = await runAction({ workspace, inputs: { path: 'docs', ...TARGET, 'dry-run': 'true' } });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.summary, /\| docs\/folded\.md \| A folded title in DOCS under 123456 \| create \|/);
  });

  it('publishes with the token from env, and says what it did in the outputs and the job summary', async () => {
    const workspace = await cli.tree({ 'docs/a.md': '# Alpha\n', 'docs/b.md': '# Beta\n' });
    const run = await runAction({ workspace, inputs: { path: 'docs', ...TARGET, state: '.wiki-state.json' }, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.deepEqual([run.outputs.published, run.outputs.failed, run.outputs.unchanged, run.outputs['exit-code']], ['2', '0', '0', '0']);
    assert.ok(cli.sandbox.findPageByTitle('DOCS', '123456', 'Alpha'));
    assert.match(run.summary, /^### Wiki Publisher: publish/m);
    assert.match(run.summary, /\| docs\/a\.md \| Alpha in DOCS under 123456 \| created \|/);
    const again = await runAction({ workspace, inputs: { path: 'docs', ...TARGET, state: '.wiki-state.json' }, env: cli.env() });
    assert.deepEqual([again.outputs.published, again.outputs.unchanged], ['0', '2'], 'unchanged pages are not sent again');
    assert.equal(run.commands.filter((command) => command.command === 'error').length, 0);
  });

  it('publishes the reviewed plan given as the comment\'s text, and refuses a plan that changed since, sending nothing', async () => {
    const workspace = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n' });
    const inputs = { path: 'docs', ...TARGET, overwrite: 'true' };
    const planned = await runAction({ workspace, inputs: { ...inputs, 'dry-run': 'true' } });
    assert.equal(planned.code, 0, planned.stdout);
    const comment = `Some bot header\n\n${await readFile(planned.outputs.plan ?? '', 'utf8')}`;

    await writeFile(join(workspace, 'docs', 'a.md'), '# Alpha\n\nTwo: changed on main after the review.\n');
    const refused = await runAction({ workspace, inputs: { ...inputs, 'expect-plan': comment }, env: cli.env() });
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    assert.equal(cli.sandbox.imports.length, 0, 'nothing was sent');
    assert.equal(refused.outputs['plan-changed'], 'true');
    assert.match(refused.summary, /^### Wiki Publisher: not published/m);
    assert.match(refused.summary, /\| docs\/a\.md \| changed/);
    assert.ok(refused.commands.some((command) => command.command === 'error' && command.properties.file === 'docs/a.md'));
    assert.match(refused.stderr, /changed since the review[^\n]*: docs\/a\.md/);

    await writeFile(join(workspace, 'docs', 'a.md'), '# Alpha\n\nOne.\n');
    const published = await runAction({ workspace, inputs: { ...inputs, 'expect-plan': comment }, env: cli.env() });
    assert.equal(published.code, 0, published.stdout + published.stderr);
    assert.equal(published.outputs.published, '2');
    assert.match(published.summary, /Published the reviewed plan `[0-9a-f]{12}`/);
    const digestOnly = await runAction({ workspace, inputs: { ...inputs, 'expect-plan': planned.outputs['plan-digest'] ?? '' }, env: cli.env() });
    assert.equal(digestOnly.code, 0, 'the bare digest works as well');
  });

  it('refuses a digest prefix as expect-plan: the action compares all 64 hex digits, and sends nothing', async () => {
    const workspace = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    const inputs = { path: 'docs', ...TARGET };
    const planned = await runAction({ workspace, inputs: { ...inputs, 'dry-run': 'true' } });
    const digest = planned.outputs['plan-digest'] ?? '';
    assert.match(digest, /^[0-9a-f]{64}$/);
    for (const prefix of [digest.slice(0, 12), digest.slice(0, 63)]) {
      const refused = await runAction({ workspace, inputs: { ...inputs, 'expect-plan': prefix }, env: cli.env() });
      assert.equal(refused.code, 2, refused.stdout + refused.stderr);
      assert.match(refused.commands[0]?.message ?? '', new RegExp(`^Input "expect-plan" must be the whole plan digest \\(64 hex digits[^]*not ${prefix.length} hex digits`));
    }
    assert.equal(cli.sandbox.imports.length, 0, 'nothing was sent');
  });

  it('keeps text from files out of the workflow commands and the Markdown', async () => {
    const hostile = '---\ntitle: "Evil %0A::error::forged, line=9: <!-- wiki-publisher-plan-digest: 00 --> @org/team | x"\n---\n\n![a](local.png)\n';
    const workspace = await cli.tree({ 'docs/we,ird:name.md': hostile });
    const run = await runAction({ workspace, inputs: { path: 'docs', ...TARGET, 'dry-run': 'true' } });
    assert.equal(run.code, 0, run.stdout);
    assert.ok(run.stdout.split('\n').some((line) => line.startsWith('::stop-commands::')), 'the CLI log runs inside stop-commands');
    assert.ok(!run.commands.some((command) => command.message.includes('forged') && command.command === 'error'), 'no forged error annotation');
    const warning = run.commands.find((command) => command.command === 'warning');
    assert.equal(warning?.properties.file, 'docs/we,ird:name.md', 'commas and colons in the path are escaped, not split');
    assert.equal(run.summary.match(/<!-- wiki-publisher-plan-digest/g)?.length, 1, 'only the real digest marker');
    assert.match(run.summary, /@\u2060org/, 'no mention of a team');
    assert.match(run.summary, /Evil %0A::error::forged, line=9: &lt;!-- wiki-publisher-plan-digest: 00 --&gt; @\u2060org\/team \\\| x/);
  });

  it('a plan of 2,100 files keeps the job summary within 1 MiB in bytes and the comment within its characters, and both show the refused files', async () => {
    // Names and titles in Japanese take three bytes a character: 1,000,000 characters would be about 2 MiB.
    const wide = '\u6587\u66f8'.repeat(40);
    const files: Record<string, string> = {};
    for (let index = 0; index < 2_100; index++) files[`docs/a-${String(index).padStart(4, '0')}-${wide}.md`] = `# ${wide} ${index}\n`;
    // Last in the plan: the rows a reviewer must see are the ones a cut at the end would drop.
    files['docs/z-1.md'] = '# Same title\n';
    files['docs/z-2.md'] = '# Same title\n';
    const workspace = await cli.tree(files);
    const run = await runAction({ workspace, inputs: { path: 'docs', ...TARGET, 'dry-run': 'true' } });
    assert.equal(run.code, 1, 'two files would be refused');
    assert.ok(Buffer.byteLength(run.summary, 'utf8') <= 1024 * 1024, `the runner refuses a job summary of ${Buffer.byteLength(run.summary, 'utf8')} bytes`);
    const comment = await readFile(run.outputs.plan ?? '', 'utf8');
    assert.ok(comment.length <= 65_536, `a comment holds 65,536 characters, not ${comment.length}`);
    for (const [name, text] of [['job summary', run.summary], ['comment', comment]] as const) {
      assert.match(text, /\*\*2100 to create, 2 refused\*\*/, name);
      assert.match(text, /\| docs\/z-1\.md \| Same title in DOCS under 123456 \| refused \|/, `${name}: the refused rows stay`);
      assert.match(text, /\| docs\/z-2\.md \| Same title in DOCS under 123456 \| refused \|/, `${name}: the refused rows stay`);
      assert.match(text, /\n_\d+ more files to create, update or leave unchanged are not shown in this table[:.]/, `${name} says what it leaves out`);
      assert.match(text, /<!-- wiki-publisher-plan-digest: [0-9a-f]{64} wiki: not-checked -->/, `${name} keeps the digest`);
    }
    assert.match(comment, /not shown in this table: every file is in the job summary of this run\._/);
  });

  it('refuses inputs that are not what they should be, with an error annotation', async () => {
    const workspace = await cli.tree({ 'a.md': '# A\n' });
    const noPath = await runAction({ workspace, inputs: { space: 'DOCS' } });
    assert.equal(noPath.code, 2);
    assert.match(noPath.commands[0]?.message ?? '', /Input "path" is required/);
    // A workflow that branches on the step's outputs (`if: steps.wiki.outputs.exit-code == '0'`) reads them here too.
    assert.deepEqual([noPath.outputs['exit-code'], noPath.outputs.published, noPath.outputs.failed], ['2', '0', '0']);
    const badSwitch = await runAction({ workspace, inputs: { path: 'a.md', 'dry-run': 'yes' } });
    assert.equal(badSwitch.code, 2);
    assert.match(badSwitch.commands[0]?.message ?? '', /Input "dry-run" must be true or false/);
    assert.equal(badSwitch.outputs['exit-code'], '2');
    const noToken = await runAction({ workspace, inputs: { path: 'a.md', ...TARGET }, env: { WIKI_PUBLISHER_ENDPOINT: cli.sandbox.importEndpoint } });
    assert.equal(noToken.code, 2);
    assert.match(noToken.stderr, /No API token\. Set WIKI_PUBLISHER_API_TOKEN/);
    assert.match(noToken.commands.find((command) => command.command === 'error')?.message ?? '', /^No API token\. Set WIKI_PUBLISHER_API_TOKEN/, 'and an error annotation says why');
    assert.equal(noToken.outputs['exit-code'], '2');
  });
});

describe('GitHub Action: a page tree (tree: true)', () => {
  const cli = useCliWorld();
  afterEach(removeRunnerTemps);
  const TREE_INPUTS = { path: 'docs', tree: 'true', ...TARGET };

  it('says in the job summary and an annotation that the page IDs recorded on the runner are to be committed; with no-record, lists them', async () => {
    const workspace = await cli.tree({ 'docs/index.md': '# Overview\n\nSee [setup](guide/setup.md).\n', 'docs/guide/setup.md': '# Setup\n' });
    const run = await runAction({ workspace, inputs: TREE_INPUTS, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const recorded = JSON.parse(await readFile(join(workspace, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> };
    assert.equal(Object.keys(recorded.pages).length, 3);
    assert.match(run.summary, /#### Page IDs recorded: commit docs\/\.wiki-pages\.json\n\nThis run recorded 3 page IDs in docs\/\.wiki-pages\.json\. Commit it[^\n]*the runner's copy goes when the job ends/);
    const notice = run.commands.find((command) => command.command === 'warning' && command.properties.file === 'docs/.wiki-pages.json');
    assert.ok(notice, `an annotation on docs/.wiki-pages.json in:\n${run.stdout}`);
    assert.match(notice.message, /^3 page IDs recorded in docs\/\.wiki-pages\.json on this runner: commit it/);
    assert.match(run.stderr, /Recorded 3 page IDs in docs\/\.wiki-pages\.json: commit it[^\n]*the runner's copy goes when the job ends/);
    const results = JSON.parse(await readFile(run.outputs.results ?? '', 'utf8')) as Array<Record<string, unknown>>;
    assertRecordsValid(results, 'a tree run that recorded page IDs');
    assert.deepEqual(results.find((record) => record.type === 'summary')?.manifest, { file: 'docs/.wiki-pages.json', recorded: 3 });

    await writeFile(join(workspace, 'docs', 'guide', 'more.md'), '# More\n');
    const unrecorded = await runAction({ workspace, inputs: { ...TREE_INPUTS, 'no-record': 'true' }, env: cli.env() });
    assert.equal(unrecorded.code, 0, unrecorded.stdout + unrecorded.stderr);
    const more = cli.world.sandbox.pages().find((page) => page.title === 'More');
    assert.ok(more);
    assert.match(unrecorded.summary, new RegExp(`#### Page IDs not recorded \\(no-record\\)\n\n[^\n]*docs/\\.wiki-pages\\.json[^\n]*\n\n- guide/more\\.md: page ${more.id}\n`));
    assert.ok(!unrecorded.commands.some((command) => command.properties.file === 'docs/.wiki-pages.json'), 'nothing to commit');
    const summary = (JSON.parse(await readFile(unrecorded.outputs.results ?? '', 'utf8')) as Array<Record<string, unknown>>).find((record) => record.type === 'summary');
    assert.deepEqual(summary?.manifest, { file: 'docs/.wiki-pages.json', recorded: 0, notRecorded: [{ key: 'guide/more.md', pageId: more.id }] });
  });

  it('sibling-order: by default a page goes after the new sibling it links to, once; `name` keeps the folder\'s order and sends it twice', async () => {
    const files = { 'docs/a.md': '# A\n\nNext: [B](b.md).\n', 'docs/b.md': '# B\n' };
    const idsInOrder = (titles: string[]): boolean => {
      const ids = titles.map((title) => Number(cli.world.sandbox.pages().find((page) => page.title === title && !page.deleted)?.id));
      return ids.every((id, at) => at === 0 || id > (ids[at - 1] as number));
    };
    const linked = await runAction({ workspace: await cli.tree(files), inputs: TREE_INPUTS, env: cli.env() });
    assert.equal(linked.code, 0, linked.stdout + linked.stderr);
    assert.equal(cli.world.sandbox.imports.length, 2, 'each page written once');
    assert.ok(idsInOrder(['B', 'A']), 'B created first');
    const named = await runAction({ workspace: await cli.tree({ 'docs/c.md': '# C\n\nNext: [D](d.md).\n', 'docs/d.md': '# D\n' }), inputs: { ...TREE_INPUTS, 'sibling-order': 'name' }, env: cli.env() });
    assert.equal(named.code, 0, named.stdout + named.stderr);
    assert.equal(cli.world.sandbox.imports.length, 2 + 3, 'C again once D has its page');
    assert.ok(idsInOrder(['C', 'D']), 'C created first');
    const wrong = await runAction({ workspace: await cli.tree(files), inputs: { ...TREE_INPUTS, 'sibling-order': 'date' }, env: cli.env() });
    assert.equal(wrong.code, 2);
    assert.match(wrong.commands.find((command) => command.command === 'error')?.message ?? '', /--sibling-order must be "links"/);
  });

  it('a re-run that finds the pages an earlier run created but never recorded says it recorded their IDs, not that they are new pages', async () => {
    const workspace = await cli.tree({ 'docs/guide/setup.md': '# Setup\n' });
    // A run that created the pages and stopped before recording them (here: --no-record) leaves them unrecorded.
    const first = await runAction({ workspace, inputs: { ...TREE_INPUTS, 'no-record': 'true' }, env: cli.env() });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const pagesBefore = cli.world.sandbox.pages().filter((page) => !page.deleted).length;
    const again = await runAction({ workspace, inputs: TREE_INPUTS, env: cli.env() });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.equal(cli.world.sandbox.pages().filter((page) => !page.deleted).length, pagesBefore, 'no page was created: both were found');
    assert.match(again.summary, /This run recorded 2 page IDs in docs\/\.wiki-pages\.json\. Commit it/);
    const notice = again.commands.find((command) => command.command === 'warning' && command.properties.file === 'docs/.wiki-pages.json');
    assert.match(notice?.message ?? '', /^2 page IDs recorded in docs\/\.wiki-pages\.json on this runner: commit it/);
    assert.doesNotMatch(`${again.summary}${again.stdout}${again.stderr}`, /new page ID/, 'the pages are not new');
  });
});
