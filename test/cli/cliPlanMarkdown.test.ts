// `wiki-publisher plan` with page access (issue 16, section 2): the Markdown plan links target pages by their
// addresses, lists the pages edited on the wiki since their last publish with who edited them, and says what moved.
import assert from 'node:assert/strict';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, useCliWorld } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI plan as Markdown, with page access', () => {
  const cli = useCliWorld();

  it('links pages by address and lists the pages edited on the wiki since their last publish', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nOne.\n' });
    assert.equal((await runCli(['publish', 'docs', ...DOCS, '--state', 's.json'], { cwd: root, env: cli.env() })).code, 0);
    const alpha = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha');
    assert.ok(alpha);
    cli.world.sandbox.editPageOnWiki(alpha.id, '# Alpha\n\nA colleague\'s line.\n');
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nTwo.\n');
    await writeFile(join(root, 'docs', 'b.md'), '# Beta\n\nTwo.\n');
    const plan = await runCli(['plan', 'docs', ...DOCS, '--state', 's.json'], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 1, 'a page left out fails the plan');
    // The parent page by its title, linked to its address (page access reads it), not by its ID.
    const home = String.raw`\[Documentation home\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\/spaces\/DOCS\/pages\/123456\/Documentation\+home\)`;
    assert.match(plan.stdout, new RegExp(String.raw`\| docs\/b\.md \| \[Beta\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\/[^)]+\) in DOCS under ${home} \| update \| wiki checked: version 1 as last published \|`));
    assert.match(plan.stdout, new RegExp(String.raw`\| docs\/a\.md \| \[Alpha\]\([^)]+\) in DOCS under ${home} \| left out \| edited on the wiki since its last publish \(version 1\): version 2 by wiki-editor at \d{4}-[^ |]+ \|`), 'who and when, in the row too');
    assert.match(plan.stdout, new RegExp(String.raw`#### Pages edited on the wiki since their last publish\n\n- \*\*docs\/a\.md\*\*: \[Alpha\]\([^)]+\) in DOCS under ${home}, version 2 by wiki\\?-editor at [^ ]+ \(left out; \\?-\\?-overwrite\\?-edited replaces it\)`));
    assert.doesNotMatch(plan.stdout, /no page access/);
    assert.match(plan.stdout, /Plan digest `[0-9a-f]{12}`: covers files, targets, and the pages on the wiki as the edit guard saw them/);
  });

  it('a lookup that failed leaves the edits unknown, never "none", holds the update back, and the plan covers files only; a refused platform token is exit 2', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n' });
    const args = ['docs', ...DOCS, '--overwrite', '--state', 's.json'];
    assert.equal((await runCli(['publish', ...args], { cwd: root, env: cli.env() })).code, 0);
    const alpha = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha');
    assert.ok(alpha);
    cli.world.sandbox.editPageOnWiki(alpha.id, '# Alpha\n\nA colleague\'s line.\n');
    cli.world.sandbox.editPageOnWiki(alpha.id, '# Alpha\n\nAnd another.\n');
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nTwo.\n');

    // Nothing listens on port 9 of the loopback: every lookup fails.
    const unreachable = { ...cli.env(), WIKI_PUBLISHER_BASE_URL: 'http://127.0.0.1:9' };
    const plan = await runCli(['plan', ...args, '--timeout', '5'], { cwd: root, env: unreachable });
    assert.equal(plan.code, 1, `an update the guard could not check is left out: ${plan.stdout}${plan.stderr}`);
    assert.match(plan.stdout, /^\*\*1 left out \(the wiki could not be read to check for edits\)\*\*$/m);
    assert.match(plan.stdout, /^\| docs\/a\.md \| .* \| left out \| the wiki could not be read to check for edits: could not reach the wiki: [^|]*; run again, or \\?-\\?-overwrite\\?-edited sends it unchecked \|$/m);
    assert.match(plan.stdout, /Wiki edits not checked for 1 file: the lookup on the wiki failed/);
    assert.match(plan.stdout, /#### Pages edited on the wiki since their last publish\n\nUnknown for 1 file: the lookup on the wiki failed/);
    assert.doesNotMatch(plan.stdout, /None: every page/);
    assert.doesNotMatch(plan.stdout, /no page access/);
    assert.doesNotMatch(plan.stdout, /\.\.(?!\.)/, 'no doubled full stop');
    assert.match(plan.stdout, /<!-- wiki-publisher-plan-digest: [0-9a-f]{64} wiki: not-checked -->/);
    assert.match(plan.stdout, /covers files and targets \(a lookup on the wiki failed/);
    // Reviewed as files only: the publish with page access matches it, and its guard leaves the edited page out.
    await writeFile(join(root, 'plan.md'), plan.stdout);
    const published = await runCli(['publish', ...args, '--expect-plan', '@plan.md'], { cwd: root, env: cli.env() });
    assert.equal(published.code, 1, published.stdout + published.stderr);
    assert.match(published.stdout, /^LEFT OUT +docs\/a\.md/m);
    assert.match(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha')?.markdown ?? '', /And another/);

    const bogus = await runCli(['plan', ...args], { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_PLATFORM_TOKEN: 'bogus' } });
    assert.equal(bogus.code, 2, bogus.stdout + bogus.stderr);
    assert.match(bogus.stderr, /Page access is configured but does not work: The lookup on the wiki failed: [^\n]*401[^.\n]*\. \(see wiki-publisher --help\)/);
    assert.equal(bogus.stdout, '', 'no plan claims anything');
  });

  it('a page tree\'s plan shows the tree, and a file that moved to another folder', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide/setup.md': '# Setup\n', 'docs/reference/api.md': '# API\n' });
    assert.equal((await runCli(['publish', 'docs', '--tree', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    await mkdir(join(root, 'docs', 'howto'));
    await rename(join(root, 'docs', 'guide', 'setup.md'), join(root, 'docs', 'howto', 'setup.md'));
    const plan = await runCli(['plan', 'docs', '--tree'], { cwd: root, env: cli.env() });
    assert.match(plan.stdout, /\| &nbsp;&nbsp;docs\/howto\/setup\.md \| Setup in DOCS under the tree's page &quot;Howto&quot; \| [a-z ]+ \(moved\) \| moved from docs\/guide\/setup\.md: the old page stays/);
    assert.match(plan.stdout, /#### Moves and orphans\n\n- moved: docs\/guide\/setup\.md to docs\/howto\/setup\.md; \[page \d+\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\/spaces\/DOCS\/pages\/\d+\/Setup\) stays where it is/);
  });

  it('a new tree\'s plan says when its order is not the folder\'s, and which pages go twice; the rows are in the order the pages are created', async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nSee [C](c.md).\n', 'docs/b.md': '# B\n', 'docs/c.md': '# C\n', 'docs/x/y.md': '# Y\n' });
    const plan = await runCli(['plan', 'docs', '--tree', ...DOCS], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 0, plan.stderr);
    assert.match(plan.stdout, /\n\nNew pages are created in the order of the table, which the wiki will list them in: 1 new page comes out of name order, so that links find the pages they name \(`--sibling-order name` keeps the folder's order\)\. 1 page goes twice: its links name pages created after it, and the second send fills them in\.\n/);
    const files = plan.stdout.split('\n').flatMap((line) => /^\| (?:&nbsp;)*(docs\/[^ ]+) \|/.exec(line)?.[1] ?? []);
    assert.deepEqual(files, ['docs/c.md', 'docs/a.md', 'docs/b.md', 'docs/x/', 'docs/x/y.md']);
    const named = await runCli(['plan', 'docs', '--tree', ...DOCS, '--sibling-order', 'name'], { cwd: root, env: cli.env() });
    assert.doesNotMatch(named.stdout, /out of name order/);
    assert.match(named.stdout, /2 pages go twice: their links name pages created after them/);
  });

  it('a tree\'s rows link every page the repository records, also those the guard did not look up; not a retitled page\'s old one', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide/setup.md': '# Setup\n', 'docs/guide/faq.md': '# FAQ\n' });
    assert.equal((await runCli(['publish', 'docs', '--tree', ...DOCS, '--state', 's.json'], { cwd: root, env: cli.env() })).code, 0);
    const guide = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Guide');
    const setup = guide && cli.world.sandbox.findPageByTitle('DOCS', guide.id, 'Setup');
    assert.ok(setup);
    await writeFile(join(root, 'docs', 'guide', 'faq.md'), '# Questions\n');
    const address = (id: string, title: string): RegExp => new RegExp(`\\[${title}\\]\\(http://127\\.0\\.0\\.1:\\d+/wiki/spaces/DOCS/pages/${id}/${title}\\)`);
    // With page access: the unchanged pages were not looked up, and are linked all the same.
    const withAccess = await runCli(['plan', 'docs', '--tree', '--state', 's.json'], { cwd: root, env: cli.env() });
    const row = (stdout: string, file: string): string => stdout.split('\n').find((line) => line.includes(`| ${file} |`)) ?? `no row for ${file} in:\n${stdout}`;
    assert.match(row(withAccess.stdout, '&nbsp;&nbsp;docs/guide/setup.md'), /\| unchanged \|/);
    assert.match(row(withAccess.stdout, '&nbsp;&nbsp;docs/guide/setup.md'), address(setup.id, 'Setup'));
    // The retitled page is created anew: its row names no page (the old one is listed as staying).
    assert.match(row(withAccess.stdout, '&nbsp;&nbsp;docs/guide/faq.md'), /\| Questions in DOCS under /);
    // Without page access, the site's address alone: the recorded pages are linked too.
    const siteOnly = await runCli(['plan', 'docs', '--tree', '--state', 's.json', '--base-url', cli.world.sandbox.baseUrl], { cwd: root, env: cli.env(false) });
    assert.match(row(siteOnly.stdout, '&nbsp;&nbsp;docs/guide/setup.md'), address(setup.id, 'Setup'));
    // Without any address, none.
    const noAddress = await runCli(['plan', 'docs', '--tree', '--state', 's.json'], { cwd: root, env: cli.env(false) });
    assert.match(row(noAddress.stdout, '&nbsp;&nbsp;docs/guide/setup.md'), /\| Setup in DOCS under /);
  });

  it('a row\'s notes read as one list: a refusal\'s full stop gives way to the next note\'s separator', async () => {
    // The generated page of docs/guide/ has the title of docs/other.md: refused, and generated.
    const root = await cli.tree({ 'docs/guide/a.md': '# A\n', 'docs/other.md': '# Guide\n' });
    const plan = await runCli(['plan', 'docs', '--tree', ...DOCS], { cwd: root, env: cli.env() });
    const row = plan.stdout.split('\n').find((line) => line.startsWith('| docs/guide/ |'));
    assert.ok(row, plan.stdout);
    assert.match(row, /\| refused \| [^|]*[^.]; a folder page listing its children \|$/);
    assert.doesNotMatch(plan.stdout, /\.; /);
  });

  it('a reason 18 files share is said once, with the files, in the Markdown plan and in the text plan', async () => {
    const files: Record<string, string> = {};
    for (let index = 1; index <= 18; index++) files[`docs/page-${String(index).padStart(2, '0')}.md`] = `# Page ${index}\n\nSee <a href="setup.md">the setup</a>.\n`;
    const root = await cli.tree(files);
    // Page 999999 is not on the wiki: every page of the tree is refused with one long sentence.
    const args = ['docs', '--tree', '--space', 'DOCS', '--parent', '999999'];
    const plan = await runCli(['plan', ...args], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 1, plan.stderr);
    const sentence = 'Not sent: the tree\'s parent page 999999 was not found';
    assert.equal(plan.stdout.split(sentence).length - 1, 1, `said once:\n${plan.stdout}`);
    const rows = plan.stdout.split('\n').filter((line) => /^\| docs\/page-\d\d\.md \|/.test(line));
    assert.equal(rows.length, 18);
    for (const row of rows) assert.match(row, /\| refused \| reason 1 \(below\)(; 1 caution \(below\))? \|$/);
    assert.match(plan.stdout, /#### Reasons shared by several files\n\n1\. Not sent: the tree's parent page 999999 was not found [^\n]+ — \*\*18 files:\*\* docs\/page-01\.md, docs\/page-02\.md, [^\n]*docs\/page-18\.md\n/);
    // The page 999999 is not there: it is named by its ID, and not linked.
    assert.match(rows[0] ?? '', / in DOCS under 999999 \|/);
    // The text plan says it on the first file's line, and points back to it on the others.
    const text = await runCli(['publish', ...args, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(text.stdout.split(sentence).length - 1, 1, text.stdout);
    assert.equal(text.stdout.split('the same as for docs/page-01.md, above').length - 1, 17, text.stdout);

    // A caution the files share is said once too (a refused page's cautions are not listed: a sent one's are).
    const sent = await runCli(['plan', 'docs', ...DOCS], { cwd: root, env: cli.env() });
    const caution = '1 HTML link to a local file (setup.md) is sent as written';
    assert.equal(sent.stdout.split(caution).length - 1, 1, sent.stdout);
    assert.match(sent.stdout, /#### Cautions\n\n- 1 HTML link to a local file \(setup\.md\) [^\n]+ — \*\*18 files:\*\* docs\/page-01\.md, /);
  });

  it('names the page each file goes under by its title with its link, reading the parent pages in one request', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide/setup.md': '# Setup\n', 'docs/guide/faq.md': '# FAQ\n' });
    assert.equal((await runCli(['publish', 'docs', '--tree', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    const guide = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Guide');
    assert.ok(guide);
    const requests = async (args: string[]): Promise<{ stdout: string; count: number }> => {
      const before = cli.world.sandbox.pageRouteRequests;
      const run = await runCli(args, { cwd: root, env: cli.env() });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      return { stdout: run.stdout, count: cli.world.sandbox.pageRouteRequests - before };
    };
    const markdown = await requests(['plan', 'docs', '--tree']);
    const row = (file: string): string => markdown.stdout.split('\n').find((line) => line.includes(`| ${file} |`)) ?? `no row for ${file} in:\n${markdown.stdout}`;
    assert.match(row('&nbsp;&nbsp;docs/guide/setup.md'), new RegExp(`\\| \\[Setup\\]\\([^)]+\\) in DOCS under \\[Guide\\]\\(http://127\\.0\\.0\\.1:\\d+/wiki/spaces/DOCS/pages/${guide.id}/Guide\\) \\|`));
    assert.match(row('docs/guide/'), /in DOCS under \[Documentation home\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\/spaces\/DOCS\/pages\/123456\/Documentation\+home\) \|/);
    // The same plan as text reads no page name; the Markdown's names come from the pages the plan read already (the
    // chosen page and the recorded Guide): not one request more.
    const text = await requests(['publish', 'docs', '--tree', '--dry-run']);
    assert.doesNotMatch(text.stdout, /Documentation home/);
    assert.equal(markdown.count - text.count, 0, `${markdown.count} requests for the Markdown plan, ${text.count} for the text plan`);
  });

  it('links each page a publish created or updated, finding the new pages in one listing of their parent', async () => {
    const files: Record<string, string> = {};
    for (const name of ['one', 'two', 'three', 'four', 'five']) files[`docs/${name}.md`] = `# Page ${name}\n`;
    const root = await cli.tree(files);
    const before = cli.world.sandbox.pageRouteRequests;
    const run = await runCli(['publish', 'docs', ...DOCS, '--format', 'markdown'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    for (const name of ['one', 'two', 'three', 'four', 'five']) {
      const page = cli.world.sandbox.findPageByTitle('DOCS', '123456', `Page ${name}`);
      assert.ok(page);
      assert.match(run.stdout, new RegExp(`\\| docs/${name}\\.md \\| \\[Page ${name}\\]\\(http://127\\.0\\.0\\.1:\\d+/wiki/spaces/DOCS/pages/${page.id}/Page\\+${name}\\) in DOCS under \\[Documentation home\\]\\([^)]+\\) \\| created \\|`));
    }
    // Five creates: the guard's look at each (one each), the parent page's name, one listing of its children and one
    // read of the pages found there, however many landed.
    const used = cli.world.sandbox.pageRouteRequests - before;
    // Each new page's title looked for in the space before sending (run/movedOnWiki.ts), one request each and the
    // space's key resolved once; after sending, one listing of their parent finds them all, not a request a page.
    assert.ok(used <= 5 + 3 + 5 + 1, `${used} page route requests`);
    // Updated pages are linked too: the guard read them.
    await writeFile(join(root, 'docs', 'one.md'), '# Page one\n\nChanged.\n');
    const again = await runCli(['publish', 'docs/one.md', ...DOCS, '--overwrite', '--format', 'markdown'], { cwd: root, env: cli.env() });
    assert.match(again.stdout, /\| docs\/one\.md \| \[Page one\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\/spaces\/DOCS\/pages\/\d+\/Page\+one\) in DOCS under \[Documentation home\]\([^)]+\) \| updated \|/, again.stdout + again.stderr);
  });
});
