// Issue 82 with plan-then-publish: a publish of the reviewed plan that stopped part-way (a 500 from the wiki, a
// cancelled job) is run again with the same reviewed plan. The pages it sent are on the wiki as the plan said (each
// carries its notice with the content the plan reviewed): that is the reviewed plan carried out, not a change since
// the review, so the run goes on with the rest instead of refusing everything (exit 3) for ever. A colleague's edit
// of such a page since, or a file changed since, is still a change.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, startCli, summaryRecord, useCliWorld, waitUntil, type CliRun } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];

function digestOf(run: CliRun): string {
  const plan = summaryRecord(run).plan as { digest: string } | undefined;
  assert.ok(plan, `a plan digest:\n${run.stdout}\n${run.stderr}`);
  return plan.digest;
}

describe('CLI --expect-plan after a publish of that plan stopped part-way', () => {
  const cli = useCliWorld();

  beforeEach(() => cli.world.sandbox.setImportAuthor('app'));

  /** Two published files changed, their updates reviewed (review.jsonl), and one of them sent before the run stopped. */
  async function updatesReviewedThenOneLanded(): Promise<string> {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nTwo.\n' });
    assert.equal((await runCli(['publish', 'docs', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs/a.md'), '# Alpha\n\nOne, changed.\n');
    await writeFile(join(root, 'docs/b.md'), '# Beta\n\nTwo, changed.\n');
    const reviewed = await runCli(['plan', 'docs', ...DOCS, '--overwrite', '--json'], { cwd: root, env: cli.env() });
    assert.equal(reviewed.code, 0, reviewed.stderr);
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    assert.equal((await runCli(['publish', 'docs/a.md', ...DOCS, '--overwrite'], { cwd: root, env: cli.env() })).code, 0);
    return root;
  }

  it('flat: the files that landed are the plan carried out and the rest go, given the plan file (the digest alone says how)', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nTwo.\n', 'docs/c.md': '# Gamma\n\nThree.\n' });
    const reviewed = await runCli(['plan', 'docs', ...DOCS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(reviewed.code, 0, reviewed.stderr);
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    // What landed before the run stopped: a's create.
    assert.equal((await runCli(['publish', 'docs/a.md', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    const imports = cli.world.sandbox.imports.length;
    // The digest alone cannot tell which files differ, nor how: refused, saying what to pass.
    const byDigest = await runCli(['publish', 'docs', ...DOCS, '--json', '--expect-plan', digestOf(reviewed)], { cwd: root, env: cli.env() });
    assert.equal(byDigest.code, 3, `${byDigest.stdout}\n${byDigest.stderr}`);
    assert.match(byDigest.stderr, /stopped part-way goes on with the rest when given the reviewed plan's Markdown or --json output/);
    assert.equal(cli.world.sandbox.imports.length, imports);
    const again = await runCli(['publish', 'docs', ...DOCS, '--json', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.match(again.stderr, /The plan is the reviewed one \(digest [0-9a-f]{12}\): publishing it \(1 file of it published as reviewed by an earlier run of it\)\./);
    assert.deepEqual(Object.fromEntries(fileRecords(again).map((record) => [record.file, record.status])), { 'docs/a.md': 'skipped', 'docs/b.md': 'published', 'docs/c.md': 'published' });
    assert.equal(cli.world.sandbox.imports.length, imports + 2);
  });

  it('flat: the run going on with a stopped reviewed plan names the reviewed digest, not this plan\'s, in its text and its Markdown report', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nTwo.\n' });
    const reviewed = await runCli(['plan', 'docs', ...DOCS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(reviewed.code, 0, reviewed.stderr);
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    assert.equal((await runCli(['publish', 'docs/a.md', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    const now = await runCli(['publish', 'docs', ...DOCS, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    const short = digestOf(reviewed).slice(0, 12);
    assert.notEqual(digestOf(now).slice(0, 12), short, 'what landed is unchanged now: this plan has another digest');
    const again = await runCli(['publish', 'docs', ...DOCS, '--format', 'markdown', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.ok(again.stderr.includes(`The plan is the reviewed one (digest ${short})`), again.stderr);
    assert.ok(again.stdout.includes(`Published the reviewed plan \`${short}\`.`), again.stdout);
  });

  it('flat: a reviewed plan with a file it refuses is carried out: the result says the refused file was left out again, as the plan said', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> branch\n' });
    const reviewed = await runCli(['plan', 'docs', ...DOCS, '--json'], { cwd: root, env: cli.env() });
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    const short = digestOf(reviewed).slice(0, 12);
    const run = await runCli(['publish', 'docs', ...DOCS, '--format', 'markdown', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `the refused file fails the job, as before: ${run.stdout}${run.stderr}`);
    assert.ok(run.stdout.includes(`Published the reviewed plan \`${short}\`; 1 file it left out was left out again, as it said (see below).`), run.stdout);
    assert.doesNotMatch(run.stdout, /not all of it landed/);
  });

  it('flat: an update that landed, then a colleague edits that page: a change since the review', async () => {
    const root = await updatesReviewedThenOneLanded();
    // A colleague's edit of the page the run updated: not what was reviewed.
    const alpha = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha');
    assert.ok(alpha);
    cli.world.sandbox.editLineOnWiki(alpha.id, { append: 'A colleague\'s line.' });
    const edited = await runCli(['publish', 'docs', ...DOCS, '--overwrite', '--json', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(edited.code, 3, `${edited.stdout}\n${edited.stderr}`);
    assert.match(edited.stderr, /changed since the review[^\n]*: docs\/a\.md/);
    assert.doesNotMatch(edited.stderr, /: docs\/b\.md/);
  });

  it('flat: two creates that landed, then a colleague edits one page: only that one is named changed, not the other carried out as reviewed', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nTwo.\n', 'docs/c.md': '# Gamma\n\nThree.\n' });
    const reviewed = await runCli(['plan', 'docs', ...DOCS, '--json'], { cwd: root, env: cli.env() });
    assert.equal(reviewed.code, 0, reviewed.stderr);
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    // What landed before the run stopped: b's and c's creates.
    assert.equal((await runCli(['publish', 'docs/b.md', 'docs/c.md', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    const beta = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Beta');
    assert.ok(beta);
    cli.world.sandbox.editLineOnWiki(beta.id, { append: 'A colleague\'s line.' });
    const edited = await runCli(['publish', 'docs', ...DOCS, '--json', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(edited.code, 3, `${edited.stdout}\n${edited.stderr}`);
    assert.match(edited.stderr, /changed since the review[^\n]*: docs\/b\.md/);
    assert.doesNotMatch(edited.stderr, /: docs\/c\.md/, 'c landed as reviewed and is unchanged');
    assert.doesNotMatch(edited.stderr, /: docs\/a\.md/);
  });

  it('flat: an update that landed is the plan carried out', async () => {
    const root = await updatesReviewedThenOneLanded();
    const imports = cli.world.sandbox.imports.length;
    const rest = await runCli(['publish', 'docs', ...DOCS, '--overwrite', '--json', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(rest.code, 0, `${rest.stdout}\n${rest.stderr}`);
    assert.deepEqual(Object.fromEntries(fileRecords(rest).map((record) => [record.file, record.status])), { 'docs/a.md': 'skipped', 'docs/b.md': 'published' });
    assert.equal(cli.world.sandbox.imports.length, imports + 1);
  });

  it('flat: an update that landed, then its page moved on the wiki (the run would leave it out): a change, named, nothing sent; never "published as reviewed by an earlier run"', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nTwo.\n' });
    assert.equal((await runCli(['publish', 'docs', ...DOCS, '--state', 'st.json'], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs/a.md'), '# Alpha\n\nOne, changed.\n');
    await writeFile(join(root, 'docs/b.md'), '# Beta\n\nTwo, changed.\n');
    const reviewed = await runCli(['plan', 'docs', ...DOCS, '--state', 'st.json', '--overwrite', '--json'], { cwd: root, env: cli.env() });
    assert.equal(reviewed.code, 0, reviewed.stderr);
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    // The publish of the reviewed plan stopped after a's update landed.
    assert.equal((await runCli(['publish', 'docs/a.md', ...DOCS, '--state', 'st.json', '--overwrite'], { cwd: root, env: cli.env() })).code, 0);
    const alpha = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha');
    assert.ok(alpha);
    const elsewhere = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Elsewhere', 'Another place.\n');
    cli.world.sandbox.movePageOnWiki(alpha.id, elsewhere.id);
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...DOCS, '--state', 'st.json', '--overwrite', '--json', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 3, `a change since the review: nothing sent\n${run.stdout}\n${run.stderr}`);
    assert.doesNotMatch(run.stderr, /published as reviewed by an earlier run/);
    assert.match(run.stderr, /changed since the review[^\n]*: docs\/a\.md/);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent, b.md included');
  });

  it('flat: a page a run sent with content nobody reviewed is no part of the reviewed plan, even with the file put back', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nTwo.\n' });
    assert.equal((await runCli(['publish', 'docs', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs/a.md'), '# Alpha\n\nOne, reviewed.\n');
    const reviewed = await runCli(['plan', 'docs', ...DOCS, '--overwrite', '--json'], { cwd: root, env: cli.env() });
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    await writeFile(join(root, 'docs/a.md'), '# Alpha\n\nUnreviewed words.\n');
    assert.equal((await runCli(['publish', 'docs/a.md', ...DOCS, '--overwrite'], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs/a.md'), '# Alpha\n\nOne, reviewed.\n');
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...DOCS, '--overwrite', '--json', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 3, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stderr, /changed since the review[^\n]*: docs\/a\.md/);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
  });

  it('tree: a first publish that failed part-way goes on with the same reviewed plan', async () => {
    const root = await cli.tree({
      'docs/index.md': '# Home\n\nSee [setup](guide/setup.md).\n', 'docs/guide/setup.md': '# Setup\n\nBack [home](../index.md).\n',
      'docs/guide/usage.md': '# Usage\n\nText.\n', 'docs/ref/api.md': '# API\n\nText.\n',
    });
    const tree = ['docs', '--tree', ...DOCS];
    const reviewed = await runCli(['plan', ...tree, '--json'], { cwd: root, env: cli.env() });
    assert.equal(reviewed.code, 0, reviewed.stderr);
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    cli.world.sandbox.injectFaults({ latencyMs: 100 });
    const running = startCli(['publish', ...tree, '--concurrency', '1', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    await waitUntil(() => cli.world.sandbox.imports.length >= 2);
    cli.world.sandbox.injectFaults({ failNext: 1000 });
    const stopped = await running.done;
    cli.world.sandbox.clearFaults();
    assert.equal(stopped.code, 1, `${stopped.stdout}\n${stopped.stderr}`);
    const again = await runCli(['publish', ...tree, '--expect-plan', '@review.jsonl', '--json'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    for (const title of ['Home', 'Setup', 'Usage', 'API']) assert.ok(cli.world.sandbox.pages().some((page) => page.title === title && !page.deleted), title);
  });
});
