// A tree's plan counts, before anything is sent, the pages the publish will send twice (their links name pages created
// after them) and the unchanged pages it sends again for their links: the dry run's summary says what the run then does.
import assert from 'node:assert/strict';
import { runCli, summaryRecord, useCliWorld } from './cliHarness';

const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI --tree: the plan foresees the pages that go twice', () => {
  const cli = useCliWorld();

  /** The dry run's summary, then the run's, of a first publish of `files`. */
  async function plannedThenRun(files: Record<string, string>): Promise<{ planned: Record<string, unknown>; ran: Record<string, unknown>; line: string; imports: number }> {
    const root = await cli.tree(files);
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    const text = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    const line = text.stdout.split('\n').find((each) => each.startsWith('Dry run, nothing sent')) ?? '';
    const before = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    return { planned: summaryRecord(dry), ran: summaryRecord(run), line, imports: cli.world.sandbox.imports.length - before };
  }

  it('links that only name earlier pages: every page goes once, and the plan says no page goes twice', async () => {
    const { planned, ran, line, imports } = await plannedThenRun({
      'docs/a.md': '# A\n', 'docs/b.md': '# B\n\nAfter [A](a.md).\n', 'docs/c.md': '# C\n\nAfter [B](b.md) and [A](a.md).\n',
    });
    assert.equal(planned.sentTwice, undefined);
    assert.doesNotMatch(line, /twice/);
    assert.equal(ran.secondPass, 0);
    assert.equal(imports, 3);
  });

  it('pages that link to a later sibling: the new sibling goes first, the plan shows that order, and each page is written once', async () => {
    const files = { 'docs/a.md': '# A\n\nSee [D](d.md).\n', 'docs/b.md': '# B\n', 'docs/c.md': '# C\n\nAlso [D](d.md).\n', 'docs/d.md': '# D\n' };
    const root = await cli.tree(files);
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    const shown = dry.stdout.split('\n').flatMap((line) => /^would create docs\/(\w)\.md/.exec(line)?.[1] ?? []);
    assert.deepEqual(shown, ['d', 'a', 'b', 'c'], 'D, which A and C link to, comes first; the rest by name');
    assert.match(dry.stdout, /; 1 new page created out of name order, so that links find the pages they name \(--sibling-order name keeps it\)\)/);
    const linked = await plannedThenRun(files);
    assert.equal(linked.planned.pulledAhead, 1);
    assert.equal(linked.planned.sentTwice, undefined);
    assert.equal(linked.ran.secondPass, 0);
    assert.equal(linked.imports, 4);
    // The wiki lists a parent's children in the order they were created: the sandbox numbers pages as it creates them.
    const ids = ['D', 'A', 'B', 'C'].map((title) => Number(cli.world.sandbox.findPageByTitle('DOCS', '123456', title)?.id));
    assert.deepEqual([...ids].sort((x, y) => x - y), ids, 'created in the order the plan showed');
  });

  it('--sibling-order name keeps the folder\'s order: the two pages that name a later new sibling go twice, as the plan counts', async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nSee [D](d.md).\n', 'docs/b.md': '# B\n', 'docs/c.md': '# C\n\nAlso [D](d.md).\n', 'docs/d.md': '# D\n' });
    const named = [...TO, '--sibling-order', 'name'];
    const dry = await runCli(['publish', 'docs', ...named, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(summaryRecord(dry).sentTwice, 2);
    assert.equal(summaryRecord(dry).pulledAhead, undefined);
    const text = await runCli(['publish', 'docs', ...named, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(text.stdout, /; 2 pages sent twice, their links naming pages created after them\)/);
    assert.deepEqual(text.stdout.split('\n').flatMap((line) => /^would create docs\/(\w)\.md/.exec(line)?.[1] ?? []), ['a', 'b', 'c', 'd']);
    const before = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...named, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(summaryRecord(run).secondPass, 2);
    assert.equal(cli.world.sandbox.imports.length - before, 6);
    const ids = ['A', 'B', 'C', 'D'].map((title) => Number(cli.world.sandbox.findPageByTitle('DOCS', '123456', title)?.id));
    assert.deepEqual([...ids].sort((x, y) => x - y), ids, 'created by name');
  });

  it('a cycle of links goes twice once; a folder page that lists new children goes twice; the plan says both', async () => {
    const { planned, ran, imports } = await plannedThenRun({
      'docs/x.md': '# X\n\nSee [Y](y.md).\n', 'docs/y.md': '# Y\n\nBack to [X](x.md).\n',
      'docs/news/first.md': '# First\n', 'docs/news/second.md': '# Second\n\nAfter [First](first.md).\n',
    });
    // X before Y (the plan's order), Y names X's page: X alone goes again. "News" has no file: it lists its children,
    // which it must be made before.
    assert.equal(planned.sentTwice, 2);
    assert.equal(ran.secondPass, planned.sentTwice);
    assert.equal(imports, 5 + 2);
  });

  it('a new page that links to itself (a folder\'s index.md to `./`, a file to its own heading by name) goes twice, as the plan counts', async () => {
    const { planned, ran, imports } = await plannedThenRun({
      'docs/guide/index.md': '# Guide\n\nThis [guide](./) has [steps](steps.md).\n',
      'docs/guide/steps.md': '# Steps\n\nSee [the end](steps.md#end).\n\n## End\n\nDone.\n',
    });
    // Neither page has an ID until the wiki made it: its link to itself is filled in by its second send. The guide also
    // names Steps, below it, which it must be made before.
    assert.equal(planned.sentTwice, 2);
    assert.equal(ran.secondPass, planned.sentTwice);
    assert.equal(imports, 2 + 2);
    const steps = cli.world.sandbox.pages().find((page) => page.title === 'Steps' && !page.deleted);
    assert.match(steps?.markdown ?? '', new RegExp(`\\[the end\\]\\([^)]*/pages/${steps?.id ?? 'none'}/Steps#End\\)`), 'its link reaches its own page');
  });

  it('a page that links to a file naming its own page, new in this run, goes twice, as the plan counts (such files go after the tree)', async () => {
    const { planned, ran, imports } = await plannedThenRun({
      'docs/guide/intro.md': '# Intro\n\nSee the [notes](../notes.md).\n',
      'docs/notes.md': '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  overwrite: true\n---\n# Notes\n\nKept here.\n',
    });
    // Intro goes before Notes has a page; "Guide" has no file and lists its new child.
    assert.equal(planned.sentTwice, 2);
    assert.equal(ran.secondPass, planned.sentTwice);
    assert.equal(imports, 3 + 2);
    const notes = cli.world.sandbox.pages().find((page) => page.title === 'Notes' && !page.deleted);
    const intro = cli.world.sandbox.pages().find((page) => page.title === 'Intro' && !page.deleted);
    assert.ok(intro?.markdown.includes(`/pages/${notes?.id ?? 'none'}/Notes)`), intro?.markdown);
  });
});
