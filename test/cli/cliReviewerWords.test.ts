// What a reviewer reads of a tree publish (the results Markdown of a job summary or comment, the text lines, the
// annotations), checked as CI runs it against the sandbox: a page's parent is named by its own title with its own link,
// a run that stopped is not called published, a page this run created is said created, the rows come in the plan's
// order, a reason many rows share is said once, and a page edited on the wiki is named once with who and when, with
// no advice for what was already done.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runAnnotations } from '../../src/cli/annotations';
import { RunRecords } from '../../src/cli/runRecords';
import { jsonLines, runCli, startCli, useCliWorld, waitUntil } from './cliHarness';

const TREE = ['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456'];
/** Folder pages with links across folders: a first publish sends some pages twice (their links name later pages). */
const FILES = {
  'docs/README.md': '# Documentation\n\nSee [the guide](guide/README.md) and [the API](ref/api.md).\n',
  'docs/guide/README.md': '# Guide\n\nStart with [setup](setup.md), then [the API](../ref/api.md).\n',
  'docs/guide/setup.md': '# Setup\n\nThen [usage](usage.md).\n',
  'docs/guide/usage.md': '# Usage\n\nBack to [setup](setup.md). See [the API](../ref/api.md).\n',
  'docs/ref/README.md': '# Ref\n\nThe [API](api.md).\n',
  'docs/ref/api.md': '# API\n\nSee [usage](../guide/usage.md).\n',
};

/** The files of a Markdown table's rows, in order (the first cell, its indentation taken off). */
function tableFiles(markdown: string): string[] {
  return markdown.split('\n').filter((line) => /^\| (&nbsp;)*docs\//.test(line)).map((line) => (line.split(' | ')[0] ?? '').replace(/^\| (&nbsp;)*/, ''));
}

/** The row of a file in a Markdown table (the last table that has one: an --expect-plan refusal's plan now). */
function rowOf(markdown: string, file: string): string {
  const row = markdown.split('\n').reverse().find((line) => new RegExp(`^\\| (&nbsp;)*${file.replace(/[./]/g, '\\$&')} \\|`).test(line));
  assert.ok(row, `no row for ${file} in:\n${markdown}`);
  return row;
}

describe('CLI: what a reviewer reads of a tree publish', function () {
  this.timeout(60_000);
  const cli = useCliWorld();

  // Each run below is made once, by the first test that needs it; the tests after it read what it left (the sandbox is
  // reset between tests, so what they read of the wiki is taken while the run is made).

  /** A tree publish of the reviewed plan whose token the wiki refuses after the first page landed. */
  let stopped: Promise<{ results: string; titles: Map<string, string> }> | undefined;
  const stoppedRun = (): Promise<{ results: string; titles: Map<string, string> }> => (stopped ??= (async () => {
    const root = await cli.tree(FILES);
    const plan = await runCli(['plan', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456', '--markdown-file', 'plan.md'], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 0, plan.stdout + plan.stderr);
    cli.world.sandbox.injectFaults({ latencyMs: 250 });
    const running = startCli([...TREE, '--concurrency', '1', '--expect-plan', '@plan.md', '--markdown-file', 'results.md'], { cwd: root, env: cli.env() });
    await waitUntil(() => cli.world.sandbox.imports.some((answer) => answer.status === 201));
    cli.world.sandbox.revokeToken('ci-writer');
    const run = await running.done;
    cli.world.sandbox.clearFaults();
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const results = await readFile(join(root, 'results.md'), 'utf8');
    assert.match(results, /not started/, results);
    return { results, titles: new Map(cli.world.sandbox.pages().map((page) => [page.id, page.title])) };
  })());

  it('a run stopped by a refused token names each parent by its own title with its own link', async () => {
    const { results, titles } = await stoppedRun();
    // Every page a row names as a parent by a link is the page of that title.
    const linked = [...results.matchAll(/ under \[([^\]]+)\]\([^)]*\/pages\/(\d+)\//g)];
    assert.ok(linked.length > 0, results);
    for (const [, title, id] of linked) assert.equal(titles.get(id ?? ''), title, `the parent named "${title}" links to page ${id}:\n${results}`);
    // A page whose folder page never landed names that folder page, not the chosen page.
    const notStartedUnderGuide = ['docs/guide/setup.md', 'docs/guide/usage.md'].map((file) => rowOf(results, file)).filter((row) => row.includes('not started'));
    assert.ok(notStartedUnderGuide.length > 0, results);
    for (const row of notStartedUnderGuide) assert.match(row, / under (\[Guide\]\([^)]*\/pages\/\d+\/Guide\)|the tree's page &quot;Guide&quot;) \|/, row);
  });

  it('a run of the reviewed plan stopped by a refused token is not headed "Published"', async () => {
    const { results } = await stoppedRun();
    assert.doesNotMatch(results, /Published the reviewed plan/, results);
    assert.match(results, /The run of the reviewed plan `[0-9a-f]{12}` stopped part-way/, results);
  });

  /** A first publish of the tree (as CI's, whose .wiki-pages.json nobody committed), then the same on a fresh runner. */
  let firstRuns: Promise<{ planned: string[]; first: string; replanned: string[]; again: string }> | undefined;
  const firstAndAgain = (): Promise<{ planned: string[]; first: string; replanned: string[]; again: string }> => (firstRuns ??= (async () => {
    const root = await cli.tree(FILES);
    const plan = await runCli(['plan', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() });
    const first = await runCli([...TREE, '--no-record', '--markdown-file', 'first.md'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.match(first.stdout, /second pass \(links to new pages\): [1-9]/, 'some pages went twice');
    // Nothing to create now: the plan's order is the folder's.
    const replan = await runCli(['plan', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() });
    const again = await runCli([...TREE, '--no-record', '--markdown-file', 'again.md'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    return { planned: tableFiles(plan.stdout), first: await readFile(join(root, 'first.md'), 'utf8'), replanned: tableFiles(replan.stdout), again: await readFile(join(root, 'again.md'), 'utf8') };
  })());

  it('a first publish says created of the pages it sent twice, and that they went again for their links', async () => {
    const { first } = await firstAndAgain();
    assert.doesNotMatch(first, /\| updated \|/, `every page of a first publish was created:\n${first}`);
    assert.doesNotMatch(first, /as last published/, first);
    assert.match(first, /sent again in the second pass, so its links reach pages created after it/, first);
  });

  it('a publish lists its results in the plan\'s order, each page under its folder\'s', async () => {
    const { planned, first, replanned, again } = await firstAndAgain();
    assert.equal(planned.length, 6);
    assert.deepEqual(tableFiles(first), planned, first);
    assert.deepEqual(tableFiles(again), replanned, again);
  });

  it('a fresh runner\'s unchanged pages share their reason, said once', async () => {
    const { again } = await firstAndAgain();
    assert.match(again, /\*\*6 unchanged\*\*/, again);
    assert.equal(again.split('same content and target as its last publish').length - 1, 1, `said once, as a group:\n${again}`);
    assert.match(again, /#### Reasons shared by several files/, again);
  });

  /** A tree published, planned, a page edited on the wiki, then published (held back), checked against the plan, and replaced. */
  let editedRuns: Promise<{ plan: string; when: string; held: string; annotation: string; now: string; replaced: string }> | undefined;
  const editedOnWiki = (): Promise<{ plan: string; when: string; held: string; annotation: string; now: string; replaced: string }> => (editedRuns ??= (async () => {
    const root = await cli.tree(FILES);
    assert.equal((await runCli(TREE, { cwd: root, env: cli.env() })).code, 0);
    const plan = await runCli(['plan', 'docs', '--tree', '--markdown-file', 'plan.md'], { cwd: root, env: cli.env() });
    const edited = cli.world.sandbox.editPageOnWiki(cli.livePage('Setup').id, '# Setup\n\nA colleague\'s line.\n');
    const held = await runCli([...TREE, '--markdown-file', 'held.md'], { cwd: root, env: cli.env() });
    assert.equal(held.code, 1, held.stdout + held.stderr);
    // The annotation the Action makes of the same run.
    const json = await runCli([...TREE, '--json'], { cwd: root, env: cli.env() });
    const records = new RunRecords();
    for (const record of jsonLines(json)) records.add(record);
    const annotations = runAnnotations(records, () => undefined);
    const annotation = annotations.find((each) => each.file === 'docs/guide/setup.md');
    assert.ok(annotation, JSON.stringify(annotations));
    // The reviewed plan no longer holds: exit 3, with the plan now.
    const refused = await runCli([...TREE, '--expect-plan', '@plan.md', '--markdown-file', 'refused.md'], { cwd: root, env: cli.env() });
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    const replaced = await runCli([...TREE, '--overwrite-edited'], { cwd: root, env: cli.env() });
    assert.equal(replaced.code, 0, replaced.stdout + replaced.stderr);
    return {
      plan: plan.stdout, when: edited.versionCreatedAt, held: rowOf(await readFile(join(root, 'held.md'), 'utf8'), 'docs/guide/setup.md'), annotation: annotation.message,
      now: rowOf(await readFile(join(root, 'refused.md'), 'utf8'), 'docs/guide/setup.md'), replaced: replaced.stdout.split('\n').find((each) => each.includes('docs/guide/setup.md ->')) ?? '',
    };
  })());

  it('a page left out for an edit on the wiki says why once in its row, with who and when, as its annotation and the plan now do', async () => {
    const { when, held, annotation, now } = await editedOnWiki();
    assert.equal(held.split('since its last publish').length - 1, 1, `the reason once:\n${held}`);
    assert.doesNotMatch(held, /not sent: its page was changed/, held);
    assert.ok(held.replace(/\\/g, '').includes(`version 2 by wiki-editor at ${when}`), `who and when:\n${held}`);
    assert.ok(annotation.includes(`version 2 by wiki-editor at ${when}`), annotation);
    assert.ok(now.replace(/\\/g, '').includes(`version 2 by wiki-editor at ${when}`), `the plan now:\n${now}`);
  });

  it('a page replaced with --overwrite-edited gets no advice to pass --overwrite-edited', async () => {
    const { replaced } = await editedOnWiki();
    assert.match(replaced, /updated +docs\/guide\/setup\.md .*: replaced \(--overwrite-edited\)\)$/, replaced);
    assert.doesNotMatch(replaced, /--overwrite-edited replaces it/, replaced);
  });

  it('a plan that finds no page edited says so of its last publish, not "from here"', async () => {
    const { plan } = await editedOnWiki();
    assert.match(plan, /None: every page this plan updates is as its last publish left it\./, plan);
    assert.doesNotMatch(plan, /from here/, plan);
  });
  it('an --expect-plan refusal after a page moved on the wiki names the parent it is under now with its link', async () => {
    const root = await cli.tree(FILES);
    assert.equal((await runCli(TREE, { cwd: root, env: cli.env() })).code, 0);
    assert.equal((await runCli(['plan', 'docs', '--tree', '--markdown-file', 'plan.md'], { cwd: root, env: cli.env() })).code, 0);
    const ref = cli.livePage('Ref');
    cli.world.sandbox.movePageOnWiki(cli.livePage('Setup').id, ref.id);
    const refused = await runCli([...TREE, '--expect-plan', '@plan.md', '--markdown-file', 'refused.md'], { cwd: root, env: cli.env() });
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    const now = rowOf(await readFile(join(root, 'refused.md'), 'utf8'), 'docs/guide/setup.md');
    assert.match(now, new RegExp(`under \\[Ref\\]\\(http://[^)]+/pages/${ref.id}/Ref\\) \\(page ${ref.id}\\) on the wiki`), now);
  });

  it('a flat file whose page moved on the wiki names the parent it is under with its link, and its address in --json', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nText.\n' });
    const flat = ['publish', 'docs/a.md', '--space', 'DOCS', '--parent', '123456', '--state', 'state.json'];
    assert.equal((await runCli(flat, { cwd: root, env: cli.env() })).code, 0);
    const home = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Elsewhere', '# Elsewhere\n');
    cli.world.sandbox.movePageOnWiki(cli.livePage('Alpha').id, home.id);
    const plan = await runCli(['plan', ...flat.slice(1)], { cwd: root, env: cli.env() });
    assert.match(plan.stdout, new RegExp(`its page is under \\[Elsewhere\\]\\(http://[^)]+/pages/${home.id}/Elsewhere\\) \\(page ${home.id}\\) on the wiki now`), plan.stdout);
    const json = await runCli([...flat, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    const record = jsonLines(json).find((each) => each.file === 'docs/a.md') as { wikiEdits?: { movedUnder?: { url?: string } } } | undefined;
    assert.match(record?.wikiEdits?.movedUnder?.url ?? '', new RegExp(`/pages/${home.id}/Elsewhere$`), json.stdout);
  });
});
