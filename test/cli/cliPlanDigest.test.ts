// Publishing only what was reviewed (issue 16): the plan's digest, and `publish --expect-plan` refusing (exit code 3,
// nothing sent) a plan that changed since the review, be it a file changed on main or a page edited on the wiki; for
// flat runs and page trees, for reviews with page access and without (a fork's pull request).
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jsonLines, runCli, summaryRecord, useCliWorld, type CliRun } from './cliHarness';
import { assertRecordsValid } from './jsonSchema';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];

function digestOf(run: CliRun): string {
  const plan = summaryRecord(run).plan as { digest: string; wikiChecked: boolean } | undefined;
  assert.ok(plan, `a plan digest in the summary:\n${run.stdout}\n${run.stderr}`);
  assert.match(plan.digest, /^[0-9a-f]{64}$/);
  return plan.digest;
}

describe('CLI plan digest and --expect-plan', () => {
  const cli = useCliWorld();
  const page = (title: string) => {
    const found = cli.world.sandbox.findPageByTitle('DOCS', '123456', title);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };

  it('publishes the reviewed plan (full or short digest) and refuses one whose file changed since, sending nothing', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n' });
    const plan = (...extra: string[]) => runCli(['plan', 'docs', ...DOCS, '--state', 's.json', '--json', ...extra], { cwd: root, env: cli.env() });
    const reviewed = await plan();
    assert.equal(reviewed.code, 0, reviewed.stderr);
    assert.equal(digestOf(await plan()), digestOf(reviewed), 'the same plan twice has the same digest');
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);

    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nTwo.\n');
    const refused = await runCli(['publish', 'docs', ...DOCS, '--state', 's.json', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    assert.equal(cli.world.sandbox.imports.length, 0, 'nothing was sent');
    assert.match(refused.stderr, /Not published: the plan changed since it was reviewed/);
    assert.match(refused.stderr, /changed since the review[^\n]*: docs\/a\.md/);
    assert.doesNotMatch(refused.stderr, /docs\/b\.md/, 'only the file that changed is named');
    assert.match(refused.stdout, /^Not published: the plan changed since it was reviewed \(now [0-9a-f]{12}\); nothing was sent\.$/m);

    const digestOnly = await runCli(['publish', 'docs', ...DOCS, '--state', 's.json', '--expect-plan', digestOf(reviewed)], { cwd: root, env: cli.env() });
    assert.equal(digestOnly.code, 3);
    assert.match(digestOnly.stderr, /Which files differ is not known: only the digest was given/);

    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nOne.\n');
    const published = await runCli(['publish', 'docs', ...DOCS, '--state', 's.json', '--expect-plan', digestOf(reviewed).slice(0, 12)], { cwd: root, env: cli.env() });
    assert.equal(published.code, 0, published.stderr);
    assert.match(published.stderr, /The plan is the reviewed one \(digest [0-9a-f]{12}\): publishing it\./);
    assert.ok(page('Alpha') && page('Beta'));
  });

  it('`plan` prints a plan of 150 files whole, digest and per-file hashes last, and `--expect-plan @FILE` reads it back', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 150; index++) files[`docs/page-${String(index).padStart(3, '0')}.md`] = `# Page ${index}\n`;
    const root = await cli.tree(files);
    const plan = await runCli(['plan', 'docs', ...DOCS], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 0, plan.stderr);
    assert.ok(plan.stdout.length > 8_000, 'longer than a log line may be');
    assert.doesNotMatch(plan.stdout, /more characters\)/, 'not cut');
    assert.match(plan.stdout, /\| docs\/page-149\.md \| Page 149 in DOCS under \[Documentation home\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\/spaces\/DOCS\/pages\/123456\/[^)]+\) \|/);
    assert.match(plan.stdout, /<!-- wiki-publisher-plan-digest: [0-9a-f]{64} wiki: checked -->\n<!-- wiki-publisher-plan-entries: [A-Za-z0-9_-]{8001,} -->\n$/);
    await writeFile(join(root, 'plan.md'), plan.stdout);
    await writeFile(join(root, 'docs', 'page-007.md'), '# Page 7\n\nChanged after the review.\n');
    const refused = await runCli(['publish', 'docs', ...DOCS, '--expect-plan', '@plan.md'], { cwd: root, env: cli.env() });
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /changed since the review[^\n]*: docs\/page-007\.md/);
    assert.equal(cli.world.sandbox.imports.length, 0, 'nothing was sent');
  });

  it('a reviewed plan too long to carry each file\'s hash says so when it changed, not that only a digest was given', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 400; index++) files[`docs/a-page-with-a-rather-long-file-name-${String(index).padStart(3, '0')}.md`] = `# Page ${index}\n`;
    const root = await cli.tree(files);
    const plan = await runCli(['plan', 'docs', ...DOCS], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 0, plan.stderr);
    assert.match(plan.stdout, /<!-- wiki-publisher-plan-digest: [0-9a-f]{64} wiki: checked -->\n$/);
    assert.doesNotMatch(plan.stdout, /wiki-publisher-plan-entries/, 'the hashes of 400 files would not fit a comment');
    await writeFile(join(root, 'plan.md'), plan.stdout);
    await writeFile(join(root, 'docs', 'a-page-with-a-rather-long-file-name-007.md'), '# Page 7\n\nChanged after the review.\n');
    const refused = await runCli(['publish', 'docs', ...DOCS, '--expect-plan', '@plan.md'], { cwd: root, env: cli.env() });
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    assert.doesNotMatch(refused.stderr, /only the digest was given/);
    assert.match(refused.stderr, /Which files differ is not known: the reviewed plan holds its digest but not each file's hash \(a plan of this many files leaves them out of its Markdown\); its --json output has them\./);
  });

  it('refuses when a page was edited on the wiki since the review, and the colleague\'s edit stays', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n' });
    assert.equal((await runCli(['publish', 'docs', ...DOCS, '--state', 's.json'], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nTwo.\n');
    const reviewed = await runCli(['plan', 'docs', ...DOCS, '--state', 's.json', '--json'], { cwd: root, env: cli.env() });
    assert.equal((summaryRecord(reviewed).plan as { wikiChecked: boolean }).wikiChecked, true);

    cli.world.sandbox.editPageOnWiki(page('Alpha').id, '# Alpha\n\nA colleague\'s line.\n');
    const imported = cli.world.sandbox.imports.length;
    const refused = await runCli(['publish', 'docs', ...DOCS, '--state', 's.json', '--overwrite-edited', '--expect-plan', digestOf(reviewed)], { cwd: root, env: cli.env() });
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    assert.equal(cli.world.sandbox.imports.length, imported, 'nothing was sent, not even with --overwrite-edited');
    assert.match(page('Alpha').markdown, /A colleague's line/);
  });

  it('a review without page access (a fork\'s pull request) is honoured by a publish with it, on the files it saw', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    const blind = await runCli(['plan', 'docs', ...DOCS, '--json'], { cwd: root, env: {} });
    assert.equal(blind.code, 0, blind.stderr);
    assert.equal((summaryRecord(blind).plan as { wikiChecked: boolean }).wikiChecked, false);
    const seeing = await runCli(['plan', 'docs', ...DOCS, '--json'], { cwd: root, env: cli.env() });
    assert.notEqual(digestOf(seeing), digestOf(blind), 'the wiki is part of a plan that could read it');
    const published = await runCli(['publish', 'docs', ...DOCS, '--expect-plan', digestOf(blind)], { cwd: root, env: cli.env() });
    assert.equal(published.code, 0, published.stderr);

    const withAccess = await runCli(['plan', 'docs', ...DOCS, '--json', '--overwrite'], { cwd: root, env: cli.env() });
    await writeFile(join(root, 'review.jsonl'), withAccess.stdout);
    const blindPublish = await runCli(['publish', 'docs', ...DOCS, '--overwrite', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env(false) });
    assert.equal(blindPublish.code, 3);
    assert.match(blindPublish.stderr, /the reviewed plan read the wiki, and this run has no page access/);
  });

  it('a fork\'s review is honoured when a page was edited on the wiki: the rest is published, the edited page left out', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nOne.\n', 'docs/c.md': '# Gamma\n' });
    const first = ['docs', ...DOCS, '--overwrite', '--state', 's.json'];
    assert.equal((await runCli(['publish', ...first], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nTwo.\n');
    await writeFile(join(root, 'docs', 'b.md'), '# Beta\n\nTwo.\n');
    cli.world.sandbox.editPageOnWiki(page('Alpha').id, '# Alpha\n\nA colleague\'s line.\n');
    const fork = await runCli(['plan', ...first], { cwd: root, env: {} });
    assert.equal(fork.code, 0, fork.stderr);
    assert.match(fork.stdout, /wiki: not-checked -->/);
    await writeFile(join(root, 'fork.md'), fork.stdout);

    const imported = cli.world.sandbox.imports.length;
    const published = await runCli(['publish', ...first, '--json', '--expect-plan', '@fork.md'], { cwd: root, env: cli.env() });
    assert.equal(published.code, 1, published.stdout + published.stderr);
    assert.match(published.stderr, /The plan is the reviewed one/);
    const statuses = Object.fromEntries(jsonLines(published).filter((record) => record.type === 'file').map((record) => [record.file, record.status]));
    assert.deepEqual(statuses, { 'docs/a.md': 'edited', 'docs/b.md': 'published', 'docs/c.md': 'skipped' });
    assert.equal(cli.world.sandbox.imports.length, imported + 1, 'only b.md was sent');
    assert.match(page('Alpha').markdown, /A colleague's line/, 'the colleague\'s edit stays');
    assert.match(page('Beta').markdown, /Two\./);
  });

  it('a fork\'s review is honoured when a page was deleted on the wiki: the unchanged file\'s page is made anew', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n', 'docs/b.md': '# Beta\n\nOne.\n' });
    const first = ['docs', ...DOCS, '--overwrite', '--state', 's.json'];
    assert.equal((await runCli(['publish', ...first], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs', 'b.md'), '# Beta\n\nTwo.\n');
    cli.world.sandbox.deletePage(page('Alpha').id);
    cli.world.sandbox.deletePage(page('Beta').id);
    const fork = await runCli(['plan', ...first, '--json'], { cwd: root, env: {} });
    await writeFile(join(root, 'fork.jsonl'), fork.stdout);
    const published = await runCli(['publish', ...first, '--expect-plan', '@fork.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(published.code, 0, published.stdout + published.stderr);
    assert.ok(page('Alpha') && page('Beta'), 'both made anew');
  });

  it('a plan without the import token (a pull request\'s plan job) is honoured on pages CI published before: their notices tell, whatever account publishes', async () => {
    // CI published the tree (the manifest records the pages); its --state cache is gone, so the pages carry repository links.
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide/install.md': '# Install\n\nOne.\n' });
    assert.equal((await runCli(['publish', 'docs', '--tree', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs', 'guide', 'install.md'), '# Install\n\nTwo.\n');
    const flat = ['docs/guide/install.md', '--overwrite'];
    const install = () => {
      const found = cli.world.sandbox.pages().find((each) => each.title === 'Install');
      assert.ok(found, 'Install is on the wiki');
      return found;
    };
    const noToken = (): Record<string, string> => {
      const env = cli.env();
      delete env.WIKI_PUBLISHER_API_TOKEN;
      return env;
    };

    // Without the import token the plan job decides as the publish does: the page is as CI left it.
    const reviewed = await runCli(['plan', ...flat], { cwd: root, env: noToken() });
    assert.equal(reviewed.code, 0, reviewed.stdout + reviewed.stderr);
    assert.match(reviewed.stdout, /\| docs\/guide\/install\.md \| [^|]+ \| update \| wiki checked: version 1 as last published \|/);
    assert.doesNotMatch(reviewed.stdout, /cannot tell|WIKI\\?_PUBLISHER\\?_ACCOUNT/);
    await writeFile(join(root, 'p.md'), reviewed.stdout);
    // Published by another account than CI's: the notice, not the author, says the page is the file's.
    const bob = cli.world.sandbox.issueToken({ label: 'teammate', owner: 'bob' }).token;
    cli.secrets.push(bob);
    const published = await runCli(['publish', ...flat, '--expect-plan', '@p.md'], { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_API_TOKEN: bob } });
    assert.equal(published.code, 0, published.stdout + published.stderr);
    assert.match(install().markdown, /Two\./);
    const tree = await runCli(['plan', 'docs', '--tree', '--overwrite'], { cwd: root, env: noToken() });
    assert.equal(tree.code, 0, tree.stdout + tree.stderr);
    assert.match(tree.stdout, /\*\*3 unchanged\*\*/, tree.stdout);

    // A colleague's edit: the plan without the token names it with who, and the publish of that plan leaves the page out.
    cli.world.sandbox.editLineOnWiki(install().id);
    await writeFile(join(root, 'docs', 'guide', 'install.md'), '# Install\n\nFour.\n');
    const colleague = await runCli(['plan', ...flat], { cwd: root, env: noToken() });
    assert.match(colleague.stdout, /edited on the wiki since its last publish \(version 2\): version 3 by wiki-editor/, colleague.stdout);
    await writeFile(join(root, 'c.md'), colleague.stdout);
    const leftOut = await runCli(['publish', ...flat, '--expect-plan', '@c.md'], { cwd: root, env: cli.env() });
    assert.equal(leftOut.code, 1, leftOut.stdout + leftOut.stderr);
    assert.match(leftOut.stdout, /^LEFT OUT +docs\/guide\/install\.md/m);
    assert.doesNotMatch(install().markdown, /Four\./);

    // No account is ever named or checked: WIKI_PUBLISHER_ACCOUNT_ID is not read, so it changes nothing.
    const named = await runCli(['publish', ...flat, '--dry-run'], { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_ACCOUNT_ID: 'bob' } });
    assert.equal(named.code, 1, named.stdout + named.stderr);
    assert.doesNotMatch(named.stderr, /ACCOUNT_ID/);
  });

  it('a tree plan without the import token, on a page the tree did not record, is honoured by the publish that takes that page by its notice; a colleague\'s page is still not taken', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide.md': '# Guide\n\nOne.\n' });
    // CI, which names the repository: a page holding another text of the file is then told apart from another
    // repository's (without it, Create only leaves such a page: cliSamePathUnknownRepository.test.ts).
    const ciEnv = (): Record<string, string> => ({ ...cli.env(), WIKI_PUBLISHER_REPOSITORY: 'org/docs' });
    const tree = ['docs', '--tree', ...DOCS];
    assert.equal((await runCli(['publish', ...tree], { cwd: root, env: ciEnv() })).code, 0);
    const noToken = (): Record<string, string> => {
      const env = ciEnv();
      delete env.WIKI_PUBLISHER_API_TOKEN;
      return env;
    };
    // The run stopped before it recorded its pages (a crash), and the file changed since.
    const crashed = async (text: string): Promise<void> => {
      await rm(join(root, 'docs', '.wiki-pages.json'));
      await writeFile(join(root, 'docs', 'guide.md'), text);
    };
    await crashed('# Guide\n\nTwo.\n');

    // The plan job reads the page's notice: the page is this file's, from the run that stopped, and would be taken.
    const reviewed = await runCli(['plan', ...tree, '--json'], { cwd: root, env: noToken() });
    assert.equal((summaryRecord(reviewed).plan as { wikiChecked: boolean }).wikiChecked, true);
    assert.ok(jsonLines(reviewed).some((record) => record.file === 'docs/guide.md' && (record.wikiEdits as { adopted?: boolean } | undefined)?.adopted), reviewed.stdout);
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    // The publish knows its token: the page is the tree's own, updated and recorded, as reviewed.
    const published = await runCli(['publish', ...tree, '--expect-plan', '@review.jsonl'], { cwd: root, env: ciEnv() });
    assert.equal(published.code, 0, published.stdout + published.stderr);
    assert.match(published.stderr, /The plan is the reviewed one/);
    assert.match(page('Guide').markdown, /Two\./);
    assert.equal(cli.world.sandbox.pages().filter((each) => each.title === 'Guide').length, 1, 'no second page');

    // A colleague wrote the latest version: no notice names this file's last send there, so the page is not taken; the
    // publish matches the plan, and its create is refused.
    await crashed('# Guide\n\nThree.\n');
    cli.world.sandbox.editPageOnWiki(page('Guide').id, '# Guide\n\nA colleague\'s line.\n');
    const colleague = await runCli(['plan', ...tree, '--json'], { cwd: root, env: noToken() });
    await writeFile(join(root, 'colleague.jsonl'), colleague.stdout);
    const refused = await runCli(['publish', ...tree, '--json', '--expect-plan', '@colleague.jsonl'], { cwd: root, env: ciEnv() });
    assert.equal(refused.code, 1, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /The plan is the reviewed one/);
    const guide = jsonLines(refused).find((record) => record.type === 'file' && record.file === 'docs/guide.md');
    assert.deepEqual([guide?.status, guide?.outcome], ['failed', 'alreadyExists'], refused.stdout);
    assert.match(page('Guide').markdown, /A colleague's line/);
  });

  it('a review without the --state record (a merge request\'s plan job, an evicted cache) is honoured by a publish whose record has files unchanged, and the reverse', async () => {
    // GitLab keeps the caches of protected and unprotected branches apart: the merge request's plan reads no state, the
    // default branch's publish reads the one its last publish wrote. Which files are skipped is that machine's memory.
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n', 'docs/b.md': '# Beta\n\nOne.\n' });
    const args = ['docs', ...DOCS, '--overwrite'];
    const withState = [...args, '--state', 's.json'];
    assert.equal((await runCli(['publish', ...withState], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs', 'b.md'), '# Beta\n\nTwo.\n');
    const mergeRequest = await runCli(['plan', ...args], { cwd: root, env: {} });
    assert.equal(mergeRequest.code, 0, mergeRequest.stdout + mergeRequest.stderr);
    await writeFile(join(root, 'mr.md'), mergeRequest.stdout);

    const imported = cli.world.sandbox.imports.length;
    const published = await runCli(['publish', ...withState, '--json', '--expect-plan', '@mr.md'], { cwd: root, env: cli.env() });
    assert.equal(published.code, 0, published.stdout + published.stderr);
    assert.match(published.stderr, /The plan is the reviewed one/);
    const statuses = Object.fromEntries(jsonLines(published).filter((record) => record.type === 'file').map((record) => [record.file, record.status]));
    assert.deepEqual(statuses, { 'docs/a.md': 'skipped', 'docs/b.md': 'published' });
    assert.equal(cli.world.sandbox.imports.length, imported + 1, 'only b.md was sent');
    assert.match(page('Beta').markdown, /Two\./);

    // The reverse: the review read a record that says a.md is unchanged; the publish has none and sends it again.
    await writeFile(join(root, 'docs', 'b.md'), '# Beta\n\nThree.\n');
    const cached = await runCli(['plan', ...withState], { cwd: root, env: {} });
    assert.match(cached.stdout, /\| docs\/a\.md \|[^\n]*unchanged/);
    await writeFile(join(root, 'cached.md'), cached.stdout);
    const evicted = await runCli(['publish', ...args, '--expect-plan', '@cached.md'], { cwd: root, env: cli.env() });
    assert.equal(evicted.code, 0, evicted.stdout + evicted.stderr);
    assert.match(page('Beta').markdown, /Three\./);

    // A real difference is still refused: content changed since the review, on a file the record calls unchanged too.
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nChanged after the review.\n');
    const changed = await runCli(['publish', ...withState, '--expect-plan', '@cached.md'], { cwd: root, env: cli.env() });
    assert.equal(changed.code, 3, changed.stdout + changed.stderr);
    assert.match(changed.stderr, /changed since the review[^\n]*: docs\/a\.md/);
    assert.doesNotMatch(changed.stderr, /docs\/b\.md/);
  });

  it('a review that read the wiki without the --state record is honoured by a publish whose record has files unchanged; an edit of an unchanged file\'s page since the review is not', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n', 'docs/b.md': '# Beta\n\nOne.\n' });
    const args = ['docs', ...DOCS, '--overwrite'];
    const withState = [...args, '--state', 's.json'];
    assert.equal((await runCli(['publish', ...withState], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs', 'b.md'), '# Beta\n\nTwo.\n');
    // Without a record, the pages are found by title: replaced by overwrite, where the publish updates its own.
    const reviewed = await runCli(['plan', ...args, '--json'], { cwd: root, env: cli.env() });
    assert.equal((summaryRecord(reviewed).plan as { wikiChecked: boolean }).wikiChecked, true);
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    const imported = cli.world.sandbox.imports.length;
    const published = await runCli(['publish', ...withState, '--json', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(published.code, 0, published.stdout + published.stderr);
    const statuses = Object.fromEntries(jsonLines(published).filter((record) => record.type === 'file').map((record) => [record.file, record.status]));
    assert.deepEqual(statuses, { 'docs/a.md': 'skipped', 'docs/b.md': 'published' });
    assert.equal(cli.world.sandbox.imports.length, imported + 1, 'only b.md was sent');

    // An edit on the wiki of the unchanged file's page since the review: the wiki no longer holds what was reviewed.
    await writeFile(join(root, 'docs', 'b.md'), '# Beta\n\nThree.\n');
    const again = await runCli(['plan', ...args, '--json'], { cwd: root, env: cli.env() });
    await writeFile(join(root, 'again.jsonl'), again.stdout);
    cli.world.sandbox.editPageOnWiki(page('Alpha').id, '# Alpha\n\nA colleague\'s line.\n');
    const before = cli.world.sandbox.imports.length;
    const refused = await runCli(['publish', ...withState, '--expect-plan', '@again.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /changed since the review[^\n]*: docs\/a\.md$/m);
    assert.equal(cli.world.sandbox.imports.length, before, 'nothing was sent');
    assert.match(page('Alpha').markdown, /A colleague's line/);
  });

  it('a review that read the wiki with the --state record, a file unchanged, is honoured by a publish without it (an evicted cache)', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n', 'docs/b.md': '# Beta\n\nOne.\n' });
    const args = ['docs', ...DOCS, '--overwrite'];
    const withState = [...args, '--state', 's.json'];
    assert.equal((await runCli(['publish', ...withState], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs', 'b.md'), '# Beta\n\nThree.\n');
    // The review's record calls a.md unchanged; the publish has none and sends it onto the same page.
    const cached = await runCli(['plan', ...withState, '--json'], { cwd: root, env: cli.env() });
    await writeFile(join(root, 'cached.jsonl'), cached.stdout);
    const evicted = await runCli(['publish', ...args, '--expect-plan', '@cached.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(evicted.code, 0, evicted.stdout + evicted.stderr);
    assert.equal(cli.world.sandbox.pages().filter((each) => each.title === 'Alpha').length, 1, 'no second page');
    assert.match(page('Beta').markdown, /Three\./);
  });

  it('a tree plan without the import token and without the --state record is honoured by a publish whose record has files unchanged', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide.md': '# Guide\n\nOne.\n' });
    const tree = ['docs', '--tree', ...DOCS];
    const withState = [...tree, '--state', 's.json'];
    assert.equal((await runCli(['publish', ...withState], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs', 'guide.md'), '# Guide\n\nTwo.\n');
    const noToken = cli.env();
    delete noToken.WIKI_PUBLISHER_API_TOKEN;
    const reviewed = await runCli(['plan', ...tree, '--json'], { cwd: root, env: noToken });
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    const imported = cli.world.sandbox.imports.length;
    const published = await runCli(['publish', ...withState, '--json', '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(published.code, 0, published.stdout + published.stderr);
    const statuses = Object.fromEntries(jsonLines(published).filter((record) => record.type === 'file').map((record) => [record.file, record.status]));
    assert.deepEqual(statuses, { 'docs/index.md': 'skipped', 'docs/guide.md': 'published' });
    assert.equal(cli.world.sandbox.imports.length, imported + 1, 'only guide.md was sent');
    assert.match(page('Guide').markdown, /Two\./);
  });

  it('a page tree: publishes the reviewed tree plan, and refuses one with a file changed since', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide/setup.md': '# Setup\n' });
    const tree = ['docs', '--tree', ...DOCS];
    const reviewed = await runCli(['plan', ...tree, '--json'], { cwd: root, env: cli.env() });
    assert.equal(reviewed.code, 0, reviewed.stderr);
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    await writeFile(join(root, 'docs', 'guide', 'setup.md'), '# Setup\n\nChanged after the review.\n');
    const refused = await runCli(['publish', ...tree, '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    assert.equal(cli.world.sandbox.imports.length, 0);
    assert.match(refused.stderr, /: docs\/guide\/setup\.md/);
    // The plan as it is now, shown with the refusal, says where each page goes as the plan did: under the folder page
    // this run would create first, not under the chosen page.
    const shown = await runCli(['publish', ...tree, '--expect-plan', '@review.jsonl', '--format', 'markdown'], { cwd: root, env: cli.env() });
    assert.equal(shown.code, 3, shown.stdout + shown.stderr);
    assert.match(shown.stdout, /\| &nbsp;&nbsp;docs\/guide\/setup\.md \| Setup in DOCS under the tree's page &quot;Guide&quot; \| create \|/);
    const records = jsonLines(await runCli(['publish', ...tree, '--expect-plan', '@review.jsonl', '--json'], { cwd: root, env: cli.env() }));
    const setup = records.find((record) => record.type === 'plan' && record.file === 'docs/guide/setup.md');
    assert.deepEqual([setup?.parentId, (setup?.tree as { parentTitle?: string } | undefined)?.parentTitle], [undefined, 'Guide']);
    assertRecordsValid(records, 'a tree plan refused by --expect-plan');

    await writeFile(join(root, 'docs', 'guide', 'setup.md'), '# Setup\n');
    const published = await runCli(['publish', ...tree, '--expect-plan', '@review.jsonl'], { cwd: root, env: cli.env() });
    assert.equal(published.code, 0, published.stdout + published.stderr);
    assert.ok(page('Overview'));
  });

  it('refuses --expect-plan with a dry run, a malformed digest or a file without a plan (exit 2)', async () => {
    const root = await cli.tree({ 'a.md': '# A\n', 'notes.txt': 'no plan here\n' });
    const usage = async (...extra: string[]) => runCli(['publish', 'a.md', ...DOCS, ...extra], { cwd: root, env: cli.env() });
    const dry = await usage('--dry-run', '--expect-plan', 'a'.repeat(64));
    assert.equal(dry.code, 2);
    assert.match(dry.stderr, /--expect-plan goes with publish/);
    assert.match((await usage('--expect-plan', 'abc')).stderr, /12 to 64 hex digits/);
    const noPlan = await usage('--expect-plan', '@notes.txt');
    assert.equal(noPlan.code, 2);
    assert.match(noPlan.stderr, /No plan digest found/);
    assert.equal(cli.world.sandbox.imports.length, 0);
  });
});
