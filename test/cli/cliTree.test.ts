// The built CLI publishing a docs folder as a page tree (issue 14): --tree and --dry-run --tree, page IDs recorded
// in the folder's .wiki-pages.json for teammates and CI, links between files working on the wiki, and a re-run
// from a fresh clone (no --state) updating the same pages.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileRecords, jsonLines, runCli, startCli, summaryRecord, useCliWorld, waitUntil, type RunningCli } from './cliHarness';
import { resolvedRow } from './markdownRows';
import { childrenOnWiki } from '../support/wikiChildren';
import { assertRecordsValid } from './jsonSchema';

const TREE = {
  'docs/index.md': '# Overview\n\nRead the [setup](guide/setup.md).\n',
  'docs/guide/README.md': '# Guide\n\nAll about it.\n',
  'docs/guide/setup.md': '# Setup\n\nSee [the API](../reference/api.md#tokens).\n',
  'docs/reference/api.md': '# API\n\n## Tokens\n\nUse one.\n',
};
const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI --tree', () => {
  const cli = useCliWorld();
  const page = (title: string) => {
    const found = cli.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };
  /** The dry run's line for docs/index.md holds `caution`; then the run (--json), which must pass: its output. */
  const cautionedThenRun = async (root: string, caution: string): Promise<Awaited<ReturnType<typeof runCli>>> => {
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    const line = dry.stdout.split('\n').find((each) => each.includes('docs/index.md')) ?? '';
    assert.ok(line.includes(`[caution: ${caution}]`), line);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    return run;
  };

  it('--dry-run --tree shows the tree without sending; without page access a new tree is refused with the fix', async () => {
    const root = await cli.tree(TREE);
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^would create docs\/index\.md -> "Overview" in DOCS under 123456/m);
    assert.match(dry.stdout, /^would create docs\/guide\/README\.md -> "Guide"/m);
    // A page under a folder page this run creates names that page, not the chosen page its plan holds until then.
    assert.match(dry.stdout, /^ {2}would create docs\/guide\/setup\.md -> "Setup" in DOCS under the tree's page "Guide"/m, 'children are indented under their folder page');
    assert.match(dry.stdout, /as a tree of 5 pages/);
    assert.equal(cli.world.sandbox.imports.length, 0);
    const json = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    // Overview links to Setup, which links to API: their folders' pages go ahead of it (in name order), so each is
    // written once.
    assert.deepEqual(fileRecords(json).map((record) => (record.tree as { key: string }).key), ['guide/', 'guide/setup.md', 'reference/', 'reference/api.md', 'index.md']);
    const setup = fileRecords(json).find((record) => record.file === 'docs/guide/setup.md');
    assert.equal(setup?.parentId, undefined, 'its parent page has no ID yet');
    assert.deepEqual(setup?.tree, { key: 'guide/setup.md', depth: 1, kind: 'file', parentKey: 'guide/', parentTitle: 'Guide' });
    assert.equal(fileRecords(json).find((record) => record.file === 'docs/guide/README.md')?.parentId, '123456');
    assertRecordsValid(jsonLines(json), 'a tree plan with pages under new folder pages');
    const blind = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env(false) });
    assert.equal(blind.code, 1);
    assert.match(blind.stdout, /A tree needs each page's ID/);
    // One page is said in the singular.
    const single = await cli.tree({ 'docs/only.md': '# Only\n\nText.\n' });
    const one = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: single, env: cli.env() });
    assert.match(one.stdout, /as a tree of 1 page, 0 moved/);
  });

  it('a file refused before the tree is shaped names the folder page it would go under, not the chosen page, in the plan and the run', async () => {
    const badFrontMatter = '---\nwiki: [not, a, mapping]\n---\n# Broken\n';
    const root = await cli.tree({ ...TREE, 'docs/guide/broken.md': badFrontMatter, 'docs/lone/broken.md': badFrontMatter, 'docs/top.md': badFrontMatter });
    const lineOf = (output: string, file: string): string => output.split('\n').find((line) => line.includes(` ${file} `)) ?? '';
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(lineOf(dry.stdout, 'docs/guide/broken.md'), /^WOULD REFUSE +docs\/guide\/broken\.md -> "Broken" in DOCS under the tree's page "Guide": The front matter/);
    // The same long refusal is said once in a text plan: the later lines point back to it.
    assert.match(lineOf(dry.stdout, 'docs/lone/broken.md'), /under its folder lone\/, which has no page in this plan: the same as for docs\/guide\/broken\.md, above$/);
    assert.match(lineOf(dry.stdout, 'docs/top.md'), /in DOCS under 123456: the same as for docs\/guide\/broken\.md, above$/, 'a file at the top goes under the chosen page');
    assert.equal(dry.stdout.split('The front matter').length - 1, 1, dry.stdout);
    const json = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    const broken = fileRecords(json).find((record) => record.file === 'docs/guide/broken.md');
    assert.equal(broken?.parentId, undefined, 'the folder page has no ID before it lands');
    assert.equal(broken?.title, 'Broken', 'the title the file gives, as a flat publish shows it, not its path');
    assert.deepEqual(broken?.tree, { key: 'guide/broken.md', depth: 1, parentKey: 'guide/', parentTitle: 'Guide' });
    assertRecordsValid(jsonLines(json), 'a tree plan with files refused before it was shaped');

    const run = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.match(lineOf(run.stdout, 'docs/guide/broken.md'), /^REFUSED +docs\/guide\/broken\.md -> "Broken" in DOCS under the tree's page "Guide": The front matter/);
    // Once the folder's page is recorded, its ID.
    const again = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(lineOf(again.stdout, 'docs/guide/broken.md'), new RegExp(`in DOCS under ${page('Guide').id}: The front matter`));
  });

  it('--dry-run --tree checks each #anchor against the headings of the file it names, a folder\'s content file included', async () => {
    const root = await cli.tree({
      ...TREE,
      'docs/index.md': '# Overview\n\nRead [tokens](reference/api.md#tokens), [nothing](reference/api.md#no-such-part) and [more](guide/README.md#all-about-it).\n',
      'docs/guide/README.md': '# Guide\n\n## All about it\n\nText.\n',
    });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    // The link still reaches the page, at its top: not among the links that stay as written.
    assert.match(dry.stdout, /\[caution: 1 link goes to its page, not to the heading it names \(the page has no such heading\): reference\/api\.md#no-such-part\.\]/);
    assert.doesNotMatch(dry.stdout, /stays? as written[^\]]*no-such-part/);
    assert.doesNotMatch(dry.stdout, /api\.md#tokens \(/, 'the heading is there');
    assert.doesNotMatch(dry.stdout, /README\.md#all-about-it \(/, 'the folder page\'s heading is there');
  });

  it('a link to a file that is not there says "no such file" in the dry run and the run; one to a file the walk left out, "no page is known for it"', async () => {
    const root = await cli.tree({
      ...TREE,
      'docs/index.md': '# Overview\n\nSee [gone](guide/gone.md), [drafts](.drafts/plan.md), [nowhere](nowhere/) and [setup](guide/setup.md).\n',
      // A dot-folder: the walk leaves it out, yet the file is there.
      'docs/.drafts/plan.md': '# Plan\n',
    });
    const caution = '3 links stay as written and will not work on the wiki: guide/gone.md (no such file), .drafts/plan.md (no page is known for it), nowhere/ (no such file).';
    const run = await cautionedThenRun(root, caution);
    const index = fileRecords(run).find((record) => record.file === 'docs/index.md');
    assert.deepEqual(index?.linkCautions, [
      { target: 'guide/gone.md', reason: 'noFile' }, { target: '.drafts/plan.md', reason: 'unknownPage' }, { target: 'nowhere/', reason: 'noFile' },
    ]);
    assert.deepEqual(index?.cautions, [caution]);
    assertRecordsValid(jsonLines(run), 'a tree run with links to files that are not there');
    assert.match(page('Overview').markdown, /\]\(guide\/gone\.md\)/, 'the link is sent as written');
  });

  it('a link written with backslashes between folders says so with the fix, in the dry run and the run', async () => {
    const root = await cli.tree({
      ...TREE,
      'docs/index.md': '# Overview\n\nSee [setup](guide\\setup.md), [the API](<reference%5Capi.md#tokens>) and [setup](guide/setup.md).\n',
    });
    const caution = '2 links stay as written and will not work on the wiki (written with \\ between folders, where links take /): guide\\setup.md, reference%5Capi.md#tokens.';
    const run = await cautionedThenRun(root, caution);
    const index = fileRecords(run).find((record) => record.file === 'docs/index.md');
    assert.deepEqual(index?.linkCautions, [{ target: 'guide\\setup.md', reason: 'backslashPath' }, { target: 'reference%5Capi.md#tokens', reason: 'backslashPath' }]);
    assertRecordsValid(jsonLines(run), 'a tree run with links written with backslashes');
    assert.match(page('Overview').markdown, /See \[setup\]\(guide\\setup\.md\), \[the API\]\(<reference%5Capi\.md#tokens>\) and \[setup\]\(http[^)]+\)/);
  });

  it('a link to a folder whose name has a dot (v1.2/, v1.2) reaches its page, and is looked for on disk like any folder', async () => {
    const root = await cli.tree({
      ...TREE,
      'docs/index.md': '# Overview\n\nSee [the version](v1.2/), [it again](v1.2), [gone](v9.9/), [data](v2.0/) and [the licence](LICENSE.txt).\n',
      'docs/v1.2/index.md': '# Version 1.2\n\nWhat changed.\n',
      'docs/v2.0/data.txt': 'No Markdown here.\n',
    });
    const caution = '3 links stay as written and will not work on the wiki: v9.9/ (no such file), v2.0/ (a folder with no Markdown to publish, so no page), LICENSE.txt (not a Markdown file).';
    const run = await cautionedThenRun(root, caution);
    assert.deepEqual(fileRecords(run).filter((record) => record.file === 'docs/index.md').at(-1)?.linkCautions, [
      { target: 'v9.9/', reason: 'noFile' }, { target: 'v2.0/', reason: 'folderWithoutPage' }, { target: 'LICENSE.txt', reason: 'notMarkdown' },
    ]);
    // The page's address, its slug aside (decorative: the ID finds the page).
    const version = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Version 1.2').id}/`.replace(/[.[\]]/g, '\\$&');
    assert.match(page('Overview').markdown, new RegExp(`See \\[the version\\]\\(${version}[^)]+\\), \\[it again\\]\\(${version}[^)]+\\), \\[gone\\]\\(v9\\.9/\\)`));

    // A file published on its own looks for the folder on disk: written without its slash, it reaches the page too.
    await writeFile(join(root, 'docs', 'versions.md'), '# Versions\n\nSee [the version](v1.2).\n');
    const alone = await runCli(['publish', 'docs/versions.md', ...TO.slice(1), '--json'], { cwd: root, env: cli.env() });
    assert.equal(alone.code, 0, `${alone.stdout}\n${alone.stderr}`);
    assert.deepEqual(fileRecords(alone).map((record) => [record.status, record.cautions]), [['published', []]], 'no link stays as written');
    assert.match(page('Versions').markdown, new RegExp(`See \\[the version\\]\\(${version}[^)]+\\)\\.`));
  });

  it('a link to a folder with a dot and no page says why, with its slash or without: only other files in it, or its index refused', async () => {
    const root = await cli.tree({
      ...TREE,
      'docs/index.md': '# Overview\n\nSee [the licence](LICENSE.txt), [data](v2.0), [refused](v3.0) and [its slash](v3.0/).\n',
      'docs/v2.0/data.txt': 'No Markdown here.\n',
      'docs/v3.0/index.md': '---\nwiki: [not, a, mapping]\n---\n# Version 3\n',
    });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    const caution = '4 links stay as written and will not work on the wiki: LICENSE.txt (not a Markdown file), v2.0 (a folder with no Markdown to publish, so no page), '
      + 'v3.0 (its page is refused in this run, for the reason listed with it: a publish after it lands fills the link in), ...';
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'docs/index.md')?.cautions, [caution], dry.stdout);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    const index = fileRecords(run).filter((record) => record.file === 'docs/index.md').at(-1);
    assert.deepEqual(index?.cautions, [caution], 'the run says what the plan said');
    assert.deepEqual(index?.linkCautions, [
      { target: 'LICENSE.txt', reason: 'notMarkdown' }, { target: 'v2.0', reason: 'folderWithoutPage' }, { target: 'v3.0', reason: 'refusedPage' }, { target: 'v3.0/', reason: 'refusedPage' },
    ]);
  });

  it('a link to the published folder itself (`../` from a subfolder) names its index at the top, or without one the chosen page the folder maps to', async () => {
    const root = await cli.tree({
      ...TREE,
      'docs/index.md': '# Overview\n\n## Intro\n\nThis [folder](./) and the [setup](guide/setup.md).\n',
      'docs/guide/setup.md': '# Setup\n\nBack to [the docs](../) and [their intro](../#intro).\n',
    });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    assert.doesNotMatch(dry.stdout, /stays? as written|caution/, 'every link reaches its page and heading');
    const run = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const overview = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Overview').id}/Overview`;
    assert.ok(page('Setup').markdown.includes(`[the docs](${overview}) and [their intro](${overview}#Intro)`), page('Setup').markdown);
    assert.ok(page('Overview').markdown.includes(`[folder](${overview})`), page('Overview').markdown);

    // No index or README at the top: the folder is the chosen page, whose text no file gives (an anchor is cautioned).
    const bare = await cli.tree({
      'docs/guide/README.md': '# Handbook\n\nAll about it.\n',
      'docs/guide/setup.md': '# Install steps\n\nBack to [the docs](../) and [their intro](../#intro).\n',
    });
    const bareDry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: bare, env: cli.env() });
    assert.equal(bareDry.code, 0, bareDry.stderr);
    assert.doesNotMatch(bareDry.stdout, /stays? as written/);
    assert.match(bareDry.stdout, /docs\/guide\/setup\.md .*\[caution: 1 link goes to its page, not to the heading it names \(the page has no such heading\): \.\.\/#intro\.\]/);
    const bareRun = await runCli(['publish', 'docs', ...TO], { cwd: bare, env: cli.env() });
    assert.equal(bareRun.code, 0, `${bareRun.stdout}\n${bareRun.stderr}`);
    const chosen = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/123456`;
    assert.ok(page('Install steps').markdown.includes(`[the docs](${chosen}) and [their intro](${chosen}#intro)`), page('Install steps').markdown);
  });

  it('a link written with a query (GitHub\'s ?plain=1) goes to its page without it, and the plan, --json and the run say so', async () => {
    const root = await cli.tree({ ...TREE, 'docs/index.md': '# Overview\n\nRead the [setup source](guide/setup.md?plain=1#setup).\n' });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /docs\/index\.md .*\[caution: 1 link goes to its page without the query it was written with \(a page's address takes none\): guide\/setup\.md\?plain=1#setup\.\]/);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stderr);
    const index = fileRecords(run).filter((record) => record.file === 'docs/index.md').at(-1) as { linkCautions?: Array<{ reason: string }> } | undefined;
    assert.deepEqual(index?.linkCautions?.map((caution) => caution.reason), ['queryDropped']);
    assert.ok(page('Overview').markdown.includes(`[setup source](${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup#Setup)`), page('Overview').markdown);
  });

  it('a link to a file deleted since the last publish says "no such file", not the address of the page the file left behind', async () => {
    const root = await cli.tree(TREE);
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, first.stderr);
    const api = page('API');
    await rm(join(root, 'docs/reference/api.md'));
    await writeFile(join(root, 'docs/guide/setup.md'), '# Setup\n\nSee [the API](../reference/api.md#tokens), revised.\n');
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /docs\/guide\/setup\.md .*\[caution: 1 link stays as written and will not work on the wiki: \.\.\/reference\/api\.md#tokens \(no such file\)\.\]/);
    assert.match(dry.stdout, new RegExp(`orphans: 2 - (.*\\n)+  "API" \\(page ${api.id}, was docs/reference/api\\.md\\)`));
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stderr);
    const setup = fileRecords(run).find((record) => record.file === 'docs/guide/setup.md') as { linkCautions?: Array<{ reason: string }> } | undefined;
    assert.deepEqual(setup?.linkCautions?.map((caution) => caution.reason), ['noFile']);
    assert.ok(page('Setup').markdown.includes('[the API](../reference/api.md#tokens)'), page('Setup').markdown);
    assert.doesNotMatch(page('Setup').markdown, new RegExp(`/pages/${api.id}/`));
  });

  it('a folder of more Markdown files than a publish plans is refused whole (exit 2), as a run and as a dry run: nothing is sent, nothing recorded', async function () {
    this.timeout(60_000);
    const root = await cli.tree(TREE);
    // The tree's 4 files and 10,000 more, written 500 at a time.
    await Promise.all(Array.from({ length: 40 }, (_, folder) => mkdir(join(root, 'docs', `part-${folder}`))));
    for (let start = 0; start < 10_000; start += 500) {
      await Promise.all(Array.from({ length: 500 }, (_, offset) => writeFile(join(root, 'docs', `part-${(start + offset) % 40}`, `page-${start + offset}.md`), `# Page ${start + offset}\n`)));
    }
    for (const extra of [[], ['--dry-run']]) {
      const run = await runCli(['publish', 'docs', ...TO, ...extra], { cwd: root, env: cli.env() });
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.match(run.stderr, /docs holds more than 10,000 Markdown files, and a publish plans all of its files or none: publish fewer or smaller folders\./);
      assert.equal(run.stdout, '');
    }
    assert.equal(cli.world.sandbox.imports.length, 0);
    await assert.rejects(readFile(join(root, 'docs/.wiki-pages.json')), { code: 'ENOENT' });
  });

  it('a tree whose wiki lookups fail says so in its digest line, and a refused platform token is exit 2, as for a flat run', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs/guide/setup.md'), '# Setup\n\nSee [the API](../reference/api.md#tokens), revised.\n');
    // Nothing listens on port 9 of the loopback: every lookup fails.
    const unreachable = await runCli(['publish', 'docs', ...TO, '--dry-run', '--timeout', '5'], { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_BASE_URL: 'http://127.0.0.1:9' } });
    assert.match(unreachable.stdout, /Plan digest: [0-9a-f]{12} \(files and targets only: the wiki was not read \(a lookup failed\)\)/, unreachable.stdout + unreachable.stderr);
    const bogus = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_PLATFORM_TOKEN: 'bogus' } });
    assert.equal(bogus.code, 2, bogus.stdout + bogus.stderr);
    assert.match(bogus.stderr, /Page access is configured but does not work: The lookup on the wiki failed: [^\n]*401/);
    // The run itself stops the same way before anything is sent: no page is changed unchecked on a refused token.
    const imports = cli.world.sandbox.imports.length;
    // With --overwrite-edited too: such pages are not held back to be sent unchecked, the run stops.
    for (const extra of [[], ['--overwrite-edited']]) {
      const run = await runCli(['publish', 'docs', ...TO, ...extra], { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_PLATFORM_TOKEN: 'bogus' } });
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.match(run.stderr, /Page access is configured but does not work: The lookup on the wiki failed: [^\n]*401/);
      // Stopped before anything is sent: the recorded pages could not be checked with that token (issue 81).
      assert.doesNotMatch(run.stdout, /^\s*(?:published|updated|created)\s/m, run.stdout);
      assert.equal(cli.world.sandbox.imports.length, imports, 'nothing was sent');
    }
  });

  it('a page whose title changed: the dry run says a new page is made and the old one stays (text and --json); the run makes it and lists the old page as left behind', async () => {
    const root = await cli.tree(TREE);
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, first.stderr);
    const api = page('API');
    await writeFile(join(root, 'docs/reference/api.md'), '# API Reference\n\n## Tokens\n\nUse one.\n');
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /would create docs\/reference\/api\.md -> "API Reference".*Its title changed from "API" to "API Reference": the wiki finds a page by its title, so this makes a new page/);
    assert.match(dry.stdout, new RegExp(`retitled: 1 - .*\\n  docs/reference/api\\.md: "API" -> "API Reference": page ${api.id} stays; a new page is created`));
    const json = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    const records = json.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; retitled?: Array<{ pageId: string; newTitle: string }> });
    assertRecordsValid(records, 'a dry run with a retitled page');
    assert.deepEqual(records.find((record) => record.type === 'tree')?.retitled?.map((each) => [each.pageId, each.newTitle]), [[api.id, 'API Reference']]);
    const run = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, new RegExp(`left behind: 1 - .*\\n  "API" \\(page ${api.id}, was docs/reference/api\\.md\\)`));
    assert.ok(page('API Reference').id !== api.id, 'a new page with the new title');
    // The page that links to it goes again to reach the new page.
    assert.match(page('Setup').markdown, new RegExp(`/pages/${page('API Reference').id}/`));
  });

  it('a file moved to another folder whose front matter names another parent for its title: --dry-run --json lists the recorded page as an orphan, the file as a create, no rename; without page access, undecided', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const api = page('API');
    await rm(join(root, 'docs/reference/api.md'));
    await writeFile(join(root, 'docs/guide/api.md'), `---\nwiki:\n  spaceId: DOCS\n  parentId: "${page('Guide').id}"\n  pageTitle: API\n---\n# API\n\n## Tokens\n\nUse one.\n`);
    await writeFile(join(root, 'docs/guide/setup.md'), '# Setup\n\nSee [the API](api.md#tokens).\n');
    type TreeRecord = { type: string; moves: unknown[]; renamed: unknown[]; orphans: Array<{ pageId: string; path: string; url?: string }>; undecided?: Array<{ pageId: string; oldPath: string; path: string }> };
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    const records = jsonLines(dry) as Array<Record<string, unknown>>;
    assertRecordsValid(records, 'a dry run with a file that names its page moved away from its recorded page');
    const tree = records.find((record) => record.type === 'tree') as TreeRecord | undefined;
    assert.deepEqual([tree?.moves, tree?.renamed, tree?.undecided], [[], [], undefined]);
    // The reference folder's page too: no file is left in that folder.
    assert.deepEqual(tree?.orphans.map((orphan) => [orphan.pageId, orphan.path, orphan.url?.endsWith(`/pages/${orphan.pageId}/${orphan.pageId === api.id ? 'API' : 'Reference'}`)]),
      [[page('Reference').id, 'docs/reference/', true], [api.id, 'docs/reference/api.md', true]]);
    assert.deepEqual([summaryRecord(dry).moves, summaryRecord(dry).orphans], [0, 2]);
    const moved = fileRecords(dry).find((record) => record.file === 'docs/guide/api.md');
    assert.deepEqual([moved?.status, moved?.action], ['send', 'create']);

    const blind = await runCli(['publish', 'docs', '--tree', '--dry-run', '--json'], { cwd: root, env: { ...cli.env(false), WIKI_PUBLISHER_BASE_URL: cli.world.sandbox.baseUrl } });
    const blindRecords = jsonLines(blind) as Array<Record<string, unknown>>;
    assertRecordsValid(blindRecords, 'a dry run without page access with an undecided page');
    const unsure = blindRecords.find((record) => record.type === 'tree') as TreeRecord | undefined;
    assert.deepEqual([unsure?.renamed, unsure?.orphans.map((orphan) => orphan.path), unsure?.undecided], [[], ['docs/reference/'], [{ path: 'docs/guide/api.md', oldPath: 'docs/reference/api.md', pageId: api.id }]]);
    assert.deepEqual(fileRecords(blind).find((record) => record.file === 'docs/guide/api.md')?.action, 'create');
    const text = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: { ...cli.env(false), WIKI_PUBLISHER_BASE_URL: cli.world.sandbox.baseUrl } });
    assert.match(text.stdout, new RegExp(`undecided: 1 - .*\\n  docs/reference/api\\.md -> docs/guide/api\\.md: page ${api.id} may stay where it is`));
  });

  it('a link in a list nested four spaces in (as MkDocs writes lists) reaches its page; one in code indented in a list item stays', async () => {
    const root = await cli.tree({
      ...TREE,
      'docs/index.md': '# Overview\n\n- Guides\n    - [Setup](guide/setup.md#see)\n\n1. Call it:\n\n    ```md\n    [the API](reference/api.md)\n    ```\n',
      'docs/guide/setup.md': '# Setup\n\n## See\n\nText.\n',
    });
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(fileRecords(run).find((record) => record.file === 'docs/index.md')?.cautions, []);
    const setup = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup#See`;
    assert.equal(page('Overview').markdown, `# Overview\n\n- Guides\n    - [Setup](${setup})\n\n1. Call it:\n\n    \`\`\`md\n    [the API](reference/api.md)\n    \`\`\`\n`);
  });

  it('reference definitions in a list item indented four spaces, or in a block quote after a `>` line, reach their pages; one in indented code stays', async () => {
    const index = '# Overview\n\n1. Install the tool.\n\n    See [the setup][setup].\n\n    [setup]: guide/setup.md#see\n\n' +
      '> Tokens: read [the API][api].\n>\n> [api]: reference/api.md#tokens\n\nAs code:\n\n    [code]: reference/api.md\n';
    const root = await cli.tree({ ...TREE, 'docs/index.md': index, 'docs/guide/setup.md': '# Setup\n\n## See\n\nText.\n' });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'docs/index.md')?.cautions, []);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const setup = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup#See`;
    const api = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('API').id}/API#Tokens`;
    assert.equal(page('Overview').markdown, index.replace('[setup]: guide/setup.md#see', `[setup]: ${setup}`).replace('[api]: reference/api.md#tokens', `[api]: ${api}`));
  });


  it('a heading in a list item (on its marker line, or indented four spaces in it) is an anchor: links reach it, and the repeat after it gets the next number, as the page view has them', async () => {
    const api = '# API\n\n1. ## Install\n   Run it.\n2. Configure:\n\n    ### Tokens\n\n    Use one.\n\n## Install\n\n    ## Not a heading (code)\n';
    const root = await cli.tree({
      ...TREE,
      'docs/index.md': '# Overview\n\nRead [install](reference/api.md#install), [tokens](reference/api.md#tokens) and [again](reference/api.md#install-1).\n',
      'docs/reference/api.md': api,
    });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'docs/index.md')?.cautions, []);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const apiPage = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('API').id}/API`;
    assert.equal(page('Overview').markdown, `# Overview\n\nRead [install](${apiPage}#Install), [tokens](${apiPage}#Tokens) and [again](${apiPage}#Install.1).\n`);
    const view = await (await fetch(apiPage)).text();
    for (const id of ['Install', 'Tokens', 'Install.1']) assert.ok(view.includes(`id="${id}"`), `the page view has a heading with id ${id}`);
  });

  it('a list item\'s or a quote\'s text going on lazily over an underline makes no heading: the links reach the headings the page view has', async () => {
    const api = '# API\n\n- Older notes\ncontinued\n---\n\n> note\nmore\n---\n\n## Continued\n\n## Note more\n';
    const root = await cli.tree({ ...TREE, 'docs/index.md': '# Overview\n\nRead [on](reference/api.md#continued) and [the note](reference/api.md#note-more).\n', 'docs/reference/api.md': api });
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(fileRecords(run).filter((record) => record.file === 'docs/index.md').at(-1)?.cautions, []);
    const apiPage = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('API').id}/API`;
    assert.equal(page('Overview').markdown, `# Overview\n\nRead [on](${apiPage}#Continued) and [the note](${apiPage}#Note-more).\n`);
    const view = await (await fetch(apiPage)).text();
    for (const id of ['Continued', 'Note-more']) assert.ok(view.includes(`id="${id}"`), `the page view has a heading with id ${id}`);
  });

  it('links in a fence indented into a list item right after its text stay as written with no caution, as the code they are', async () => {
    const index = '# Overview\n\n  * Write the link as:\n     ~~~md\n     [the API](reference/api.md) or [a typo](missing.md)\n     ~~~\n  * Then read the [setup](guide/setup.md).\n';
    const root = await cli.tree({ ...TREE, 'docs/index.md': index });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'docs/index.md')?.cautions, []);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const setup = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup`;
    assert.equal(page('Overview').markdown, index.replace('[setup](guide/setup.md)', `[setup](${setup})`), 'only the link outside the fence is rewritten');
  });

  it('links in code or HTML stay as written with no caution: a fence in a quote or on a list marker, a span across lines, a comment, <pre>', async () => {
    const examples = [
      '> ```md\n> [the API](reference/api.md)\n> ```',
      '- ```md\n  [a typo](missing.md)\n  ```',
      'Type `[the setup](guide/setup.md)\nand [a typo](missing.md)` as written.',
      '<!-- Old: [a typo](missing.md) -->',
      '<pre>\n[the API](reference/api.md)\n</pre>',
    ].join('\n\n');
    const index = `# Overview\n\n${examples}\n\n\\\` and \`\`a\`b\`\` then [Setup](guide/setup.md).\n`;
    const root = await cli.tree({ ...TREE, 'docs/index.md': index });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'docs/index.md')?.cautions, []);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(fileRecords(run).find((record) => record.file === 'docs/index.md')?.cautions, []);
    const setup = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup`;
    assert.equal(page('Overview').markdown, index.replace('(guide/setup.md).', `(${setup}).`));
  });

  it('links in code or HTML stay as written and are named by neither the dry run nor the run: a commented-out fence, a lone tag\'s block, a backtick before a quote', async () => {
    const index = '# Overview\n\n<!--\n```sh\nOld: [setup](guide/setup.md), [log](build.log)\n-->\n\n<custom-note>\n[raw](guide/setup.md) [log](build.log)\n</custom-note>\n\n' +
      'Type `npm [setup](guide/setup.md)\n> then` read the [licence](LICENSE.txt).\n\n```\n[code](build.log)\n```\n';
    const root = await cli.tree({ ...TREE, 'docs/index.md': index });
    const run = await cautionedThenRun(root, '1 link stays as written and will not work on the wiki: LICENSE.txt (not a Markdown file).');
    assert.deepEqual(fileRecords(run).filter((record) => record.file === 'docs/index.md').at(-1)?.linkCautions, [{ target: 'LICENSE.txt', reason: 'notMarkdown' }]);
    const setup = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup`;
    assert.equal(page('Overview').markdown, index.replace('npm [setup](guide/setup.md)', `npm [setup](${setup})`), 'only the link outside code and HTML is rewritten');
  });

  it('links in an HTML block inside a block quote or a list item stay as written and are named by neither the dry run nor the run', async () => {
    const index = '# Overview\n\n> <div>\n> [raw](guide/setup.md) [log](build.log)\n> </div>\n\n' +
      '- <details>\n  <summary>Old</summary>\n  [raw](guide/setup.md) [log](build.log)\n  </details>\n- Read the [setup](guide/setup.md) and the [licence](LICENSE.txt).\n';
    const root = await cli.tree({ ...TREE, 'docs/index.md': index });
    const run = await cautionedThenRun(root, '1 link stays as written and will not work on the wiki: LICENSE.txt (not a Markdown file).');
    assert.deepEqual(fileRecords(run).filter((record) => record.file === 'docs/index.md').at(-1)?.linkCautions, [{ target: 'LICENSE.txt', reason: 'notMarkdown' }]);
    const setup = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup`;
    assert.equal(page('Overview').markdown, index.replace('the [setup](guide/setup.md)', `the [setup](${setup})`), 'only the link outside HTML is rewritten');
  });

  it('an HTML link to a file of the tree (<a href>) is sent as written, named with the fix by the dry run and the run; the Markdown link beside it reaches the page', async () => {
    const index = '# Overview\n\n<p align="center"><a href="guide/setup.md">Setup</a> | <a href="https://example.com/">Home</a></p>\n\nRead the [setup](guide/setup.md).\n\n<!-- <a href="reference/api.md">old</a> -->\n';
    const root = await cli.tree({ ...TREE, 'docs/index.md': index });
    const caution = '1 HTML link to a local file (guide/setup.md) is sent as written and will point nowhere on the wiki: write it as a Markdown link instead, which a page tree turns into a link to its page.';
    const run = await cautionedThenRun(root, caution);
    const record = fileRecords(run).filter((each) => each.file === 'docs/index.md').at(-1);
    assert.deepEqual(record?.cautions, [caution]);
    assert.deepEqual(record?.linkCautions, [], 'the Markdown link reaches its page');
    const setup = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup`;
    assert.equal(page('Overview').markdown, index.replace('the [setup](guide/setup.md)', `the [setup](${setup})`), 'the HTML link is sent as written');
  });

  it('a heading in an HTML comment or block is no anchor: links to it get the "no such heading" caution and keep the anchor as written, not the wiki form of a heading no page has', async () => {
    const api = '# API\n\n- [Old](#old)\n- [Tokens](#tokens)\n\n<!--\n## Old\n-->\n\n> <div>\n> ## Quoted\n> </div>\n\n## Tokens\n';
    const root = await cli.tree({
      ...TREE,
      'docs/index.md': '# Overview\n\nRead [old](reference/api.md#old), [quoted](reference/api.md#quoted) and [tokens](reference/api.md#tokens).\n',
      'docs/reference/api.md': api,
    });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /docs\/index\.md .*\[caution: 2 links go to their pages, not to the headings they name \(the pages have no such headings\): reference\/api\.md#old, reference\/api\.md#quoted\.\]/);
    assert.match(dry.stdout, /docs\/reference\/api\.md .*\[caution: 1 link stays as written and will not work on the wiki: #old \(no such heading on this page\)\.\]/);
    const run = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stderr);
    const apiPage = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('API').id}/API`;
    assert.equal(page('Overview').markdown, `# Overview\n\nRead [old](${apiPage}#old), [quoted](${apiPage}#quoted) and [tokens](${apiPage}#Tokens).\n`);
    assert.equal(page('API').markdown, api.replace('(#tokens)', '(#Tokens)'), 'the link to the commented-out heading stays as written');
  });

  it('links to a file\'s own headings go in the wiki\'s anchor form; the dry run names the one its page lacks', async () => {
    const root = await cli.tree({
      ...TREE,
      'docs/reference/api.md': '# API\n\n- [Tokens](#tokens)\n- [Scopes](#read--write-scopes)\n- [Limits](#limits)\n\n## Tokens\n\n## Read & write scopes\n\nSee [Tokens](#tokens) and [the setup](../guide/setup.md).\n',
    });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /docs\/reference\/api\.md .*\[caution: 1 link stays as written and will not work on the wiki: #limits \(no such heading on this page\)\.\]/);
    const run = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stderr);
    const api = page('API').markdown;
    assert.ok(api.includes('- [Tokens](#Tokens)\n- [Scopes](#Read-%26-write-scopes)\n- [Limits](#limits)'), api);
    assert.ok(api.includes(`See [Tokens](#Tokens) and [the setup](${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup)`), api);
  });

  it('links written from the repository root (/docs/guide/setup.md, as GitHub reads them) reach the pages, in a tree and a file published on its own', async () => {
    const files = {
      ...TREE,
      'README.md': '# Project\n',
      'docs/index.md': '# Overview\n\nRead the [setup](/docs/guide/setup.md), the [tokens](</docs/reference/api.md#tokens>), the [guide](/docs/guide/) and the [project](/README.md).\n',
    };
    // Outside a repository the root such a link starts from is unknown: it stays, named.
    const loose = await cli.tree(files);
    const unknown = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: loose, env: cli.env() });
    assert.equal(unknown.code, 0, unknown.stderr);
    assert.match(unknown.stdout, /links stay as written and will not work on the wiki \(outside the published folder\): \/docs\/guide\/setup\.md, /);

    const root = await cli.tree({ ...files, '.git/HEAD': 'ref: refs/heads/main\n' });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /docs\/index\.md .*\[caution: 1 link stays as written and will not work on the wiki: \/README\.md \(outside the published folder\)\.\]/);
    const run = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const address = (title: string): string => `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page(title).id}/${title}`;
    const sent = (): string => page('Overview').markdown;
    assert.ok(sent().includes(`Read the [setup](${address('Setup')}), the [tokens](<${address('API')}#Tokens>), the [guide](${address('Guide')}) and the [project](/README.md).`), sent());
    assert.equal(await readFile(join(root, 'docs', 'index.md'), 'utf8'), files['docs/index.md'], 'the file is not changed');

    // The same file published on its own, from a subfolder of the repository: its links reach the recorded pages.
    await writeFile(join(root, 'docs', 'index.md'), files['docs/index.md'].replace('Read the', 'Now read the'));
    const alone = await runCli(['publish', 'index.md'], { cwd: join(root, 'docs'), env: cli.env() });
    assert.equal(alone.code, 0, `${alone.stdout}\n${alone.stderr}`);
    assert.ok(sent().includes(`Now read the [setup](${address('Setup')}), the [tokens](<${address('API')}#Tokens>), the [guide](${address('Guide')}) and the [project](/README.md).`), sent());
  });

  it('a link that climbs out of the published folder and back into it (../docs/guide/setup.md) reaches the page in a repository; one that stays out is named', async () => {
    const files = {
      ...TREE,
      'README.md': '# Project\n',
      'docs/index.md': '# Overview\n\nRead the [setup](../docs/guide/setup.md), the [project](../README.md) and [a sibling](../docsite/a.md).\n',
      'docs/guide/setup.md': '# Setup\n\nSee [the API](../../docs/reference/api.md#tokens).\n',
    };
    const root = await cli.tree({ ...files, '.git/HEAD': 'ref: refs/heads/main\n' });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    // The sibling folder's file is not there: said as such, as a flat publish of the file says.
    assert.match(dry.stdout, /^would create docs\/index\.md .*\[caution: 2 links stay as written and will not work on the wiki: \.\.\/README\.md \(outside the published folder\), \.\.\/docsite\/a\.md \(no such file\)\.\]$/m);
    assert.doesNotMatch(dry.stdout, /docs\/guide\/setup\.md .*caution/, 'the link into the API page reaches it');
    const run = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const address = (title: string): string => `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page(title).id}/${title}`;
    assert.ok(page('Overview').markdown.includes(`Read the [setup](${address('Setup')}), the [project](../README.md) and [a sibling](../docsite/a.md).`), page('Overview').markdown);
    assert.ok(page('Setup').markdown.includes(`[the API](${address('API')}#Tokens)`), page('Setup').markdown);
  });

  describe('links to files outside the published folder (issue 14 section 3)', () => {
    const OUTSIDE = {
      'api/y.md': '# Why\n\nIntro.\n\n## Part\n\nThe part.\n',
      'notes/n.md': '# Notes\n\nNever published.\n',
      'docs/x.md': '# Ex\n\nSee [y](../api/y.md#part), [top](../api/y.md), [notes](../notes/n.md) and [up](../../outside.md).\n',
    };
    const address = (title: string): string => `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page(title).id}/${title}`;

    it('reach the page the other folder\'s .wiki-pages.json records, the anchor mapped; one with no known page, or above the working folder, stays as written, named', async () => {
      const root = await cli.tree(OUTSIDE);
      const api = await runCli(['publish', 'api', '--tree', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() });
      assert.equal(api.code, 0, `${api.stdout}\n${api.stderr}`);
      assert.match(await readFile(join(root, 'api', '.wiki-pages.json'), 'utf8'), /"y\.md"/);
      const dry = await runCli(['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456', '--dry-run', '--json'], { cwd: root, env: cli.env() });
      assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
      const record = fileRecords(dry).find((each) => each.file === 'docs/x.md');
      const cautions = JSON.stringify(record?.cautions);
      assert.doesNotMatch(cautions, /api\/y\.md/, 'the links to the API page reach it');
      assert.match(cautions, /outside the published folder/);
      assert.match(cautions, /\.\.\/notes\/n\.md/, 'no page is known for it');
      assert.match(cautions, /\.\.\/\.\.\/outside\.md/, 'above the working folder: never looked up');
      const run = await runCli(['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() });
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      assert.equal(page('Ex').markdown, `# Ex\n\nSee [y](${address('Why')}#Part), [top](${address('Why')}), [notes](../notes/n.md) and [up](../../outside.md).\n`);
      const view = await (await fetch(address('Ex'))).text();
      assert.ok(view.includes(`href="${address('Why')}#Part"`), view);
      assert.equal(await readFile(join(root, 'docs', 'x.md'), 'utf8'), OUTSIDE['docs/x.md'], 'the file is not changed');
    });

    it('reach the page this machine\'s --state records for a file published on its own, once it is published: the unchanged linking page goes again', async () => {
      const root = await cli.tree(OUTSIDE);
      const state = ['--state', '.wiki-state.json'];
      const first = await runCli(['publish', 'docs', ...TO, ...state], { cwd: root, env: cli.env() });
      assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
      assert.ok(page('Ex').markdown.includes('[top](../api/y.md)'), 'no page is known for it yet');
      const alone = await runCli(['publish', 'api/y.md', '--space', 'DOCS', '--parent', '123456', ...state], { cwd: root, env: cli.env() });
      assert.equal(alone.code, 0, `${alone.stdout}\n${alone.stderr}`);
      const dry = await runCli(['publish', 'docs', ...TO, ...state, '--dry-run', '--json'], { cwd: root, env: cli.env() });
      assert.equal(fileRecords(dry).find((each) => each.file === 'docs/x.md')?.status, 'send', 'its text is the same, its links reach a page now');
      const run = await runCli(['publish', 'docs', ...TO, ...state], { cwd: root, env: cli.env() });
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      assert.ok(page('Ex').markdown.startsWith(`# Ex\n\nSee [y](${address('Why')}#Part), [top](${address('Why')}), `), page('Ex').markdown);
    });

    it('are looked up below the working folder only, never through a symbolic link, as a flat publish looks them up', async () => {
      const root = await cli.tree({
        'shared/o.md': '# Shared\n\nText.\n',
        'repo/docs/x.md': '# Ex\n\nSee [shared](../../shared/o.md) and [linked](../linked/y.md).\n',
        'repo/api/y.md': '# Why\n\nText.\n',
      });
      assert.equal((await runCli(['publish', 'shared', ...TO], { cwd: root, env: cli.env() })).code, 0);
      const api = await runCli(['publish', 'repo/api', ...TO], { cwd: root, env: cli.env() });
      assert.equal(api.code, 0, `${api.stdout}\n${api.stderr}`);
      // A folder linked to the API folder: its .wiki-pages.json is there through the link, which is not followed.
      await symlink(join(root, 'repo', 'api'), join(root, 'repo', 'linked'));
      // From the repository: shared/ is above the working folder, so its record is never read.
      const inside = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: join(root, 'repo'), env: cli.env() });
      assert.equal(inside.code, 0, `${inside.stdout}\n${inside.stderr}`);
      const cautions = JSON.stringify(fileRecords(inside).find((each) => each.file === 'docs/x.md')?.cautions);
      assert.match(cautions, /\.\.\/\.\.\/shared\/o\.md/);
      assert.match(cautions, /\.\.\/linked\/y\.md/, 'a symbolic link is not followed');
      // From the folder above, the same link is below the working folder: it reaches the page.
      const above = await runCli(['publish', 'repo/docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
      assert.equal(above.code, 0, `${above.stdout}\n${above.stderr}`);
      const fromAbove = JSON.stringify(fileRecords(above).find((each) => each.file === 'repo/docs/x.md')?.cautions);
      assert.doesNotMatch(fromAbove, /shared\/o\.md/, fromAbove);
      assert.match(fromAbove, /\.\.\/linked\/y\.md/);
    });

    it('one to nothing on disk says "no such file", one to a folder of images says it gets no page, as a flat publish of the file says', async () => {
      const root = await cli.tree({
        'docs/x.md': '# Ex\n\nSee [gone](../api/gone.md), [pictures](../imgs/), [notes](../notes/n.md).\n',
        'imgs/a.png': 'not really a picture',
        'notes/n.md': '# Notes\n\nNever published.\n',
      });
      const cautionsOf = async (args: string[]): Promise<string> => {
        const dry = await runCli([...args, '--dry-run', '--json'], { cwd: root, env: cli.env() });
        assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
        return JSON.stringify(fileRecords(dry).find((each) => each.file === 'docs/x.md')?.cautions);
      };
      const tree = await cautionsOf(['publish', 'docs', ...TO]);
      assert.match(tree, /\.\.\/api\/gone\.md \(no such file\)/, tree);
      assert.match(tree, /\.\.\/imgs\/ \(a folder with no Markdown to publish, so no page\)/, tree);
      // A file that is there, with no page known: the tree cannot give it one, since it is not in the published folder.
      assert.match(tree, /\.\.\/notes\/n\.md \(outside the published folder\)/, tree);
      const flat = await cautionsOf(['publish', 'docs/x.md', '--space', 'DOCS', '--parent', '123456']);
      assert.match(flat, /\.\.\/api\/gone\.md \(no such file\)/, flat);
      assert.match(flat, /\.\.\/imgs\/ \(a folder with no Markdown to publish, so no page\)/, flat);
      // The run says what the plan said, and sends the links as written.
      const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      const ran = JSON.stringify(fileRecords(run).find((each) => each.file === 'docs/x.md'));
      assert.match(ran, /\.\.\/api\/gone\.md \(no such file\)/, ran);
      assert.ok(page('Ex').markdown.includes('See [gone](../api/gone.md), [pictures](../imgs/), [notes](../notes/n.md).'), page('Ex').markdown);
    });

    it('an unchanged page goes again when the page of the outside file it links to is recorded under another ID', async () => {
      const root = await cli.tree({ ...OUTSIDE, 'elsewhere.md': '# Elsewhere\n\nAnother page.\n' });
      assert.equal((await runCli(['publish', 'api', '--tree', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() })).code, 0);
      assert.equal((await runCli(['publish', 'elsewhere.md', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() })).code, 0);
      const state = ['--state', '.wiki-state.json'];
      const docs = ['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456', ...state];
      assert.equal((await runCli(docs, { cwd: root, env: cli.env() })).code, 0);
      const again = await runCli([...docs, '--dry-run', '--json'], { cwd: root, env: cli.env() });
      assert.equal(fileRecords(again).find((each) => each.file === 'docs/x.md')?.status, 'unchanged', 'nothing changed: nothing goes');
      // The API tree's y.md is recorded as another page now (published anew after its page was deleted, say).
      const manifestPath = join(root, 'api', '.wiki-pages.json');
      const manifest = await readFile(manifestPath, 'utf8');
      await writeFile(manifestPath, manifest.replace(`"${page('Why').id}"`, `"${page('Elsewhere').id}"`));
      const dry = await runCli([...docs, '--dry-run', '--json'], { cwd: root, env: cli.env() });
      assert.equal(fileRecords(dry).find((each) => each.file === 'docs/x.md')?.status, 'send', JSON.stringify(fileRecords(dry)));
      const run = await runCli(docs, { cwd: root, env: cli.env() });
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      assert.ok(page('Ex').markdown.includes(`[top](${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Elsewhere').id}/`), page('Ex').markdown);
    });
  });

  it('an existing page that links to a page the run creates gets one new version, with the link filled in', async () => {
    const root = await cli.tree(TREE);
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const before = page('Overview');
    await writeFile(join(root, 'docs', 'index.md'), '# Overview\n\nRead the [setup](guide/setup.md) and [the news](news/latest.md).\n');
    await mkdir(join(root, 'docs', 'news'));
    await writeFile(join(root, 'docs', 'news', 'latest.md'), '# Latest\n\nWhat is new.\n');
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(page('Overview').version, before.version + 1, 'one new version of the updated page');
    assert.ok(page('Overview').markdown.includes(`/wiki/spaces/DOCS/pages/${page('Latest').id}/`), page('Overview').markdown);
    const overview = fileRecords(run).filter((record) => record.file === 'docs/index.md');
    assert.deepEqual(overview.map((record) => [record.status, (record.tree as { pass: number }).pass]), [['published', 1]]);
    // The new generated folder page "News" lists its child: it alone goes again.
    assert.deepEqual(fileRecords(run).filter((record) => (record.tree as { pass: number }).pass === 2).map((record) => record.file), ['docs/news/']);
    assert.equal(summaryRecord(run).secondPass, 1);
    assertRecordsValid(jsonLines(run), 'a tree run with an update waiting for a new page');
    await writeFile(join(root, 'docs', 'index.md'), '# Overview\n\nRead the [setup](guide/setup.md), [the news](news/latest.md) and [more](news/more.md).\n');
    await writeFile(join(root, 'docs', 'news', 'more.md'), '# More\n\nMore news.\n');
    // The existing folder page "News" lists a new child now: it waits for it too, and goes once, as Overview does.
    const news = page('News');
    const text = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(text.code, 0, `${text.stdout}\n${text.stderr}`);
    assert.equal(page('Overview').version, before.version + 2);
    assert.equal(page('News').version, news.version + 1);
    assert.ok(page('News').markdown.includes(`/wiki/spaces/DOCS/pages/${page('More').id}/`), page('News').markdown);
    const published = text.stdout.split('\n').filter((line) => /^ *(updated|created) /.test(line));
    assert.equal(published.filter((line) => line.includes('docs/news/ ')).length, 1, text.stdout);
    // Each page written once: the folder page "News" after its new child, Overview after both; the rest unchanged.
    assert.match(text.stdout, new RegExp(`^${published.length} published, 0 failed, 0 refused, 5 unchanged; second pass \\(links to new pages\\): 0$`, 'm'), text.stdout);
  });

  it('a link that waited for a tree page which did not land is named after the run, in the text and the summary', async () => {
    const root = await cli.tree({ ...TREE, 'elsewhere.md': '# API\n\nAnother team\'s page of that title.\n' });
    const elsewhere = await runCli(['publish', 'elsewhere.md', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() });
    assert.equal(elsewhere.code, 0, `${elsewhere.stdout}\n${elsewhere.stderr}`);
    // The platform's old rule: a title is unique in the space, so the tree's own "API" page is refused when sent.
    cli.world.sandbox.setUniqueTitlesInSpace(true);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.equal(fileRecords(run).find((record) => record.file === 'docs/reference/api.md')?.status, 'failed');
    const left = (summaryRecord(run).linksLeft as Array<{ file: string; waitsFor: string[] }>).sort((a, b) => a.file.localeCompare(b.file));
    // Setup's link, and the generated Reference page's list of its children, both wait for the API page.
    assert.deepEqual(left, [{ file: 'docs/guide/setup.md', waitsFor: ['docs/reference/api.md'] }, { file: 'docs/reference/', waitsFor: ['docs/reference/api.md'] }]);
    // Their links waited only for the API page, so a second send would repeat the first; Overview, created after Setup
    // (the page its link names), goes once too.
    const passesOf = (file: string) => fileRecords(run).filter((record) => record.file === file).map((record) => (record.tree as { pass: number }).pass);
    assert.deepEqual([passesOf('docs/guide/setup.md'), passesOf('docs/reference/'), passesOf('docs/index.md')], [[1], [1], [1]]);
    assert.equal(summaryRecord(run).secondPass, 0);
    assertRecordsValid(jsonLines(run), 'a tree run whose links waited for a page that did not land');
    assert.match(page('Setup').markdown, /\[the API\]\(\.\.\/reference\/api\.md#tokens\)/);
    // Unchanged, Setup would not go again while its link still has no page to reach (its page holds what it would
    // send, as its notice says); changed, it goes, and its link waits again for the API page, which fails again.
    await writeFile(join(root, 'docs/guide/setup.md'), '# Setup\n\nSee [the API](../reference/api.md#tokens), soon.\n');
    const text = await runCli(['publish', 'docs', ...TO, '--overwrite'], { cwd: root, env: cli.env() });
    assert.match(text.stdout, /^links stay as written in docs\/guide\/setup\.md: docs\/reference\/api\.md did not land in this run \(the next run fills them in\)$/m);
  });

  it('a page that landed but could not be looked up afterwards is said to have landed, not to have "not landed"', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Links on\n\nSee [b](b.md).\n', 'docs/b.md': '# Linked to\n\nB.\n' });
    cli.world.sandbox.setPageLookupFault('errorAfterImport');
    const run = await runCli(['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456', '--concurrency', '1'], { cwd: root, env: cli.env() });
    cli.world.sandbox.setPageLookupFault(undefined);
    assert.match(run.stdout, /^created +docs\/b\.md /m, run.stdout);
    assert.match(run.stdout, /^links stay as written in docs\/a\.md: docs\/b\.md landed, but the run could not look up its page on the wiki afterwards \(the next run fills them in\)$/m, run.stdout);
    assert.doesNotMatch(run.stdout, /did not land/);
  });

  it('a page whose links name files the tree publishes no page for is not sent again on every run', async () => {
    // A draft the walk leaves out (.gitignore), and a Markdown file's path written as a folder's (`setup.md/`): no run
    // gives either a page, so nothing that a later run could fill in.
    const root = await cli.tree({
      'docs/index.md': '# Overview\n\nSee [the plan](drafts/plan.md), [install](guide/setup.md/#install) and [setup](guide/setup.md).\n',
      'docs/guide/setup.md': '# Setup\n\n## Install\n',
      'docs/drafts/plan.md': '# Plan\n',
      'docs/.gitignore': 'drafts/\n',
    });
    const publish = () => runCli(['publish', 'docs', ...TO, '--state', 'state.json', '--json'], { cwd: root, env: cli.env() });
    const first = await publish();
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const published = page('Overview');
    assert.ok(published.markdown.includes(`/pages/${page('Setup').id}/Setup)`), published.markdown);
    for (const run of [1, 2]) {
      const again = await publish();
      assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
      assert.deepEqual(fileRecords(again).map((record) => [record.file, record.status]), [['docs/index.md', 'skipped'], ['docs/guide/', 'skipped'], ['docs/guide/setup.md', 'skipped']], `run ${run + 1}`);
    }
    assert.equal(page('Overview').version, published.version, 'no new version of an unchanged page');
  });

  it('a parent page that is not there refuses the whole tree in the plan, before anything is sent', async () => {
    const root = await cli.tree(TREE);
    const before = cli.world.sandbox.pages().length;
    // Page 555 does not exist; 234567 is the home page of another space.
    for (const [parent, reason] of [['555', /the tree's parent page 555 was not found/], ['234567', /the tree's parent page 234567 is not in the space DOCS/]] as const) {
      for (const dryRun of [['--dry-run'], []]) {
        const run = await runCli(['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', parent, '--json', ...dryRun], { cwd: root, env: cli.env() });
        assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
        const records = fileRecords(run);
        assert.equal(records.length, 5);
        for (const record of records) {
          assert.equal(record.status, 'refused', `${String(record.file)} ${parent} ${dryRun.join(' ')}`);
          // A plan's record lists its refusals; a run's record of a file it did not send has the message.
          assert.match(record.type === 'plan' ? (record.refusals as string[]).join(' ') : String(record.message), reason);
        }
        assertRecordsValid(jsonLines(run), 'a tree refused for its parent page');
      }
    }
    const text = await runCli(['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '555'], { cwd: root, env: cli.env() });
    assert.match(text.stdout, /^REFUSED +docs\/index\.md -> "Overview" in DOCS under 555: Not sent: the tree's parent page 555 was not found \(it does not exist, was deleted, or this account cannot see it\), so no page of the tree could land\. Choose another parent page \(on the command line, --parent\)\.$/m);
    assert.equal(cli.world.sandbox.imports.length, 0, 'no import was sent');
    assert.equal(cli.world.sandbox.pages().length, before);
  });

  it('a page whose folder page did not land is not sent, and names that page, not the parent its plan held', async () => {
    const root = await cli.tree({ ...TREE, 'team.md': '# Another team\n', 'elsewhere.md': '# Guide\n\nAnother team\'s page of that title.\n' });
    const team = await runCli(['publish', 'team.md', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() });
    assert.equal(team.code, 0, `${team.stdout}\n${team.stderr}`);
    const elsewhere = await runCli(['publish', 'elsewhere.md', '--space', 'DOCS', '--parent', page('Another team').id], { cwd: root, env: cli.env() });
    assert.equal(elsewhere.code, 0, `${elsewhere.stdout}\n${elsewhere.stderr}`);
    // The platform's old rule: a title is unique in the space, so the tree's own "Guide" folder page is refused when sent.
    cli.world.sandbox.setUniqueTitlesInSpace(true);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    const setup = fileRecords(run).find((record) => record.file === 'docs/guide/setup.md');
    assert.equal(setup?.status, 'refused');
    assert.equal(setup?.message, 'Not sent: its folder\'s page ("Guide") was not published, so it has no parent page yet.');
    assert.equal(setup?.parentId, undefined, 'no parent ID: its folder page has none');
    assert.deepEqual(setup?.tree, { key: 'guide/setup.md', depth: 1, pass: 1, parentKey: 'guide/', parentTitle: 'Guide' });
    assert.equal(fileRecords(run).find((record) => record.file === 'docs/guide/README.md')?.status, 'failed');
    assertRecordsValid(jsonLines(run), 'a tree run whose folder pages failed');
    const text = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.match(text.stdout, /^ {2}REFUSED +docs\/guide\/setup\.md -> "Setup" in DOCS under the tree's page "Guide": Not sent: its folder's page \("Guide"\) was not published/m);
    assert.equal(cli.world.sandbox.pages().filter((page) => page.title === 'Setup').length, 0);
  });

  it('--tree publishes folders as pages, links as page links, records IDs; a fresh clone re-run updates the same pages', async () => {
    const root = await cli.tree(TREE);
    const first = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    assert.equal(page('Setup').parentId, page('Guide').id);
    assert.equal(page('Reference').parentId, '123456');
    assert.match(page('Setup').markdown, new RegExp(`\\]\\(${cli.world.sandbox.baseUrl.replace(/[.[\]]/g, '\\$&')}/wiki/spaces/DOCS/pages/${page('API').id}/[^)#]*#Tokens\\)`));
    assert.ok((summaryRecord(first).secondPass as number) >= 1, 'a link to a page created later in the run needed a second pass');
    const manifest = JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> };
    assert.deepEqual(Object.keys(manifest.pages), ['guide/', 'guide/setup.md', 'index.md', 'reference/', 'reference/api.md']);
    assert.equal(manifest.pages['guide/']?.id, page('Guide').id);

    // A teammate's clone: the manifest, no --state. Unchanged pages are left as they are (their notices say they hold
    // what would be sent); a changed one is updated in place, not "already exists".
    const count = cli.world.sandbox.pages().length;
    const setupVersion = page('Setup').version;
    await writeFile(join(root, 'docs/guide/README.md'), '# Guide\n\nAll about it, and more.\n');
    const again = await runCli(['publish', 'docs', '--tree', '--json'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.equal(cli.world.sandbox.pages().length, count, 'no new pages');
    const statuses: Record<string, unknown[]> = Object.fromEntries(fileRecords(again).map((record) => [record.file as string, [record.status, record.outcome]]));
    assert.deepEqual(statuses['docs/guide/README.md'], ['published', 'updated']);
    assert.ok(Object.entries(statuses).every(([file, [status]]: [string, unknown[]]) => file === 'docs/guide/README.md' || status === 'skipped'), JSON.stringify(statuses));
    assert.equal(page('Setup').version, setupVersion, 'an unchanged page gets no new version');
    assert.match(page('Guide').markdown, /and more\./);
  });

  it('Mermaid fences: code with a caution by default, images from the organisation\'s renderer with --diagrams', async () => {
    const root = await cli.tree({ 'docs/flow.md': '# Flow\n\n```mermaid\ngraph TD; A-->B\n```\n' });
    const plain = await runCli(['publish', 'docs/flow.md', '--space', 'DOCS', '--parent', '123456', '--dry-run'], { cwd: root, env: cli.env(false) });
    // The caution names where a CLI user sets a renderer (the flag), not the editor's setting.
    assert.match(plain.stdout, /\[caution: 1 Mermaid diagram will show as code, not pictures.* in --diagrams \(or WIKI_PUBLISHER_DIAGRAMS\)\.\]/);
    assert.doesNotMatch(plain.stdout, /wikiPublisher\.diagrams/);
    const drawn = await runCli(['publish', 'docs/flow.md', '--space', 'DOCS', '--parent', '123456', '--diagrams', 'http://127.0.0.1:9/kroki'], { cwd: root, env: cli.env(false) });
    assert.equal(drawn.code, 0, drawn.stderr);
    const sent = page('Flow').markdown;
    assert.match(sent, /^!\[Diagram 1\]\(http:\/\/127\.0\.0\.1:9\/kroki\/mermaid\/png\/[A-Za-z0-9_-]+\)$/m);
    assert.doesNotMatch(sent, /```mermaid/);
    const refused = await runCli(['publish', 'docs/flow.md', '--space', 'DOCS', '--parent', '123456', '--dry-run', '--diagrams', 'http://diagrams.example.invalid'], { cwd: root, env: cli.env(false) });
    assert.equal(refused.code, 1, 'diagram source never goes to a plain-http host');
    assert.match(refused.stdout, /: --diagrams \(or WIKI_PUBLISHER_DIAGRAMS\) must use https:\/\//);
  });

  it('a Mermaid fence in a block quote or opened on a list item\'s line is counted as code, and drawn with --diagrams', async () => {
    const quoted = '# Quoted\n\n> Note:\n>\n> ```mermaid\n> graph TD\n>   A[Größe]-->B\n> ```\n\n- Step\n- ```mermaid\n  sequenceDiagram\n  A->>B: hi\n  ```\n';
    const root = await cli.tree({ 'docs/quoted.md': quoted });
    const plain = await runCli(['publish', 'docs/quoted.md', '--space', 'DOCS', '--parent', '123456', '--dry-run'], { cwd: root, env: cli.env(false) });
    assert.match(plain.stdout, /\[caution: 2 Mermaid diagrams will show as code, not pictures/);
    const drawn = await runCli(['publish', 'docs/quoted.md', '--space', 'DOCS', '--parent', '123456', '--diagrams', 'http://127.0.0.1:9/kroki'], { cwd: root, env: cli.env(false) });
    assert.equal(drawn.code, 0, drawn.stderr);
    const sent = page('Quoted').markdown;
    assert.doesNotMatch(sent, /```mermaid/);
    // Each image stays in its block quote or list item; its address carries the source without the quote's `>`.
    const sources = [...sent.matchAll(/^(> |- )!\[Diagram \d\]\(http:\/\/127\.0\.0\.1:9\/kroki\/mermaid\/png\/([A-Za-z0-9_-]+)\)$/gm)]
      .map((match) => [match[1], inflateSync(Buffer.from(match[2] ?? '', 'base64url')).toString('utf8')]);
    assert.deepEqual(sources, [['> ', 'graph TD\n  A[Größe]-->B'], ['- ', 'sequenceDiagram\nA->>B: hi']]);
  });

  it('a drawn Mermaid diagram whose image address is longer than a Kroki server takes by default is cautioned before sending', async () => {
    // 500 steps with their own labels deflate to an address of about 5,000 characters; the small one stays short.
    const steps = Array.from({ length: 500 }, (_, step) => `  N${step}[Step ${step} of the long process]-->N${step + 1}`).join('\n');
    const root = await cli.tree({ 'docs/big.md': `# Big flow\n\n\`\`\`mermaid\ngraph TD\n${steps}\n\`\`\`\n\n\`\`\`mermaid\ngraph TD\nA-->B\n\`\`\`\n` });
    const args = ['publish', 'docs/big.md', '--space', 'DOCS', '--parent', '123456', '--diagrams', 'http://127.0.0.1:9/kroki'];
    const dry = await runCli([...args, '--dry-run', '--json'], { cwd: root, env: cli.env(false) });
    assert.deepEqual(fileRecords(dry)[0]?.cautions, [
      '1 Mermaid diagram is too large for an image address: longer than 4096 characters, the most a Kroki server takes by default, so readers may see a broken image. Split the diagram, or ask the renderer\'s administrators to raise its KROKI_MAX_URI_LENGTH.',
    ]);
    const sent = await runCli(args, { cwd: root, env: cli.env(false) });
    assert.equal(sent.code, 0, sent.stderr);
    const addresses = [...page('Big flow').markdown.matchAll(/\]\((http:\/\/127\.0\.0\.1:9\/kroki\/mermaid\/png\/[A-Za-z0-9_-]+)\)/g)].map((match) => match[1]?.length ?? 0);
    assert.equal(addresses.length, 2);
    assert.ok((addresses[0] ?? 0) > 4096 && (addresses[1] ?? 0) < 4096, `the first address is the long one: ${addresses.join(', ')}`);
  });

  it('a Mermaid fence no fence line closes is counted as code, and named as unclosed with --diagrams', async () => {
    const root = await cli.tree({ 'docs/open.md': '# Open\n\n```mermaid\ngraph TD\nA-->B\n\nMore text.\n' });
    const args = ['publish', 'docs/open.md', '--space', 'DOCS', '--parent', '123456', '--dry-run', '--json'];
    const plain = await runCli(args, { cwd: root, env: cli.env(false) });
    assert.match(String((fileRecords(plain)[0]?.cautions as string[])[0]), /^1 Mermaid diagram will show as code, not pictures/);
    const drawn = await runCli([...args, '--diagrams', 'http://127.0.0.1:9/kroki'], { cwd: root, env: cli.env(false) });
    assert.deepEqual(fileRecords(drawn)[0]?.cautions, [
      '1 Mermaid diagram has no closing fence line (``` or ~~~), so it shows as code, not pictures, with the rest of its block. Close it with a fence line to draw it.',
    ]);
  });

  it('a generated folder page lists a child the plan refuses by its title alone, without a link to a page that will not exist', async () => {
    const root = await cli.tree({
      'docs/index.md': '# Overview\n',
      'docs/more.md': '# More\n',
      'docs/guide/a.md': '# Alpha\n',
      'docs/guide/b.md': '# alpha\n',
      'docs/guide/c.md': '# Gamma\n',
      'docs/guide/more/deep.md': '# Deep\n',
    });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    const status = (file: string): unknown => fileRecords(dry).find((record) => record.file === file)?.status;
    assert.deepEqual(['docs/guide/', 'docs/guide/a.md', 'docs/guide/b.md', 'docs/guide/c.md', 'docs/guide/more/'].map(status), ['send', 'refused', 'refused', 'send', 'refused']);
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'docs/guide/')?.cautions, []);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    const gamma = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Gamma').id}/`;
    const listing = page('Guide').markdown;
    assert.ok(listing.startsWith('- Alpha\n- alpha\n- [Gamma]('), listing);
    assert.ok(listing.includes(gamma), listing);
    assert.ok(listing.endsWith(')\n- More\n'), listing);
    assert.equal(summaryRecord(run).linksLeft, undefined, 'no link waits for a page that was never going to land');
    assert.deepEqual(fileRecords(run).filter((record) => record.file === 'docs/guide/').map((record) => record.linkCautions), [[], []]);
  });

  it('with --state, a re-run of an unchanged tree sends nothing, a generated folder page included', async () => {
    const root = await cli.tree({ 'docs/guide/setup.md': '# Setup\n\nSee [install](install.md).\n', 'docs/guide/install.md': '# Install\n\nRun it.\n' });
    const state = ['--state', '.wiki-state.json'];
    const first = await runCli(['publish', 'docs', ...TO, ...state, '--json'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    assert.match(page('Guide').markdown, /Install/, 'the folder page is generated: it lists its children');
    const imports = cli.world.sandbox.imports.length;
    const again = await runCli(['publish', 'docs', '--tree', ...state, '--json'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.deepEqual(fileRecords(again).map((record) => [(record.tree as { key: string }).key, record.status]), [
      ['guide/', 'skipped'], ['guide/install.md', 'skipped'], ['guide/setup.md', 'skipped'],
    ]);
    assert.equal(cli.world.sandbox.imports.length, imports, 'no request to the import service');
  });

  it('with --state, an unchanged page goes again when the heading its link names gets another wiki anchor (its case or punctuation edited), so the link still reaches it', async () => {
    const root = await cli.tree(TREE);
    const state = ['--state', '.wiki-state.json'];
    assert.equal((await runCli(['publish', 'docs', ...TO, ...state], { cwd: root, env: cli.env() })).code, 0);
    assert.match(page('Setup').markdown, /#Tokens\)/);
    // GitHub's slug stays `tokens`, so the link in setup.md still works there; the wiki anchors the heading `TOKENS` now.
    await writeFile(join(root, 'docs/reference/api.md'), '# API\n\n## TOKENS\n\nUse one.\n');
    const dry = await runCli(['publish', 'docs', '--tree', ...state, '--json', '--dry-run'], { cwd: root, env: cli.env() });
    assert.deepEqual(fileRecords(dry).filter((record) => record.status !== 'unchanged').map((record) => record.file).sort(), ['docs/guide/setup.md', 'docs/reference/api.md']);
    const run = await runCli(['publish', 'docs', '--tree', ...state, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(page('Setup').markdown, /#TOKENS\)/, 'the link names the heading as the wiki anchors it now');
    // A heading edited without changing its anchor on either side sends nothing more.
    await writeFile(join(root, 'docs/reference/api.md'), '# API\n\n## TOKENS\n\nUse one, always.\n');
    const next = await runCli(['publish', 'docs', '--tree', ...state, '--json', '--dry-run'], { cwd: root, env: cli.env() });
    assert.deepEqual(fileRecords(next).filter((record) => record.status !== 'unchanged').map((record) => record.file), ['docs/reference/api.md']);
  });

  it('without page access, recorded IDs are never used unchecked: the plan says so, the publish sends nothing, and links are counted without the wiki\'s address', async () => {
    const root = await cli.tree(TREE);
    const state = ['--state', '.wiki-state.json'];
    assert.equal((await runCli(['publish', 'docs', ...TO, ...state], { cwd: root, env: cli.env() })).code, 0);
    const apiLink = new RegExp(`\\]\\(${cli.world.sandbox.baseUrl.replace(/[.[\]]/g, '\\$&')}/wiki/spaces/DOCS/pages/${page('API').id}/[^)#]*#Tokens\\)`);
    assert.match(page('Setup').markdown, apiLink);
    const edit = async (path: string, line: string): Promise<void> => writeFile(join(root, path), `${await readFile(join(root, path), 'utf8')}${line}\n`);

    // CI of a fork's pull request: the repository's IDs, no secrets, but the wiki's address. A pull request controls
    // .wiki-pages.json, so its IDs are used only once the wiki confirms them (issue 81): without page access, the
    // changed page is refused with why, and nothing is sent.
    await edit('docs/guide/setup.md', 'One more line.');
    const imports = cli.world.sandbox.imports.length;
    const addressed = await runCli(['publish', 'docs', '--tree', ...state, '--json'], { cwd: root, env: { ...cli.env(false), WIKI_PUBLISHER_BASE_URL: cli.world.sandbox.baseUrl } });
    assert.equal(addressed.code, 1, `${addressed.stdout}\n${addressed.stderr}`);
    const setupRecord = fileRecords(addressed).find((record) => record.file === 'docs/guide/setup.md');
    assert.equal(setupRecord?.status, 'refused');
    assert.match(String(setupRecord?.message), /docs\/\.wiki-pages\.json:\d+ records page \d+ for "guide\/setup\.md", which cannot be checked without page access/);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');

    // Without the wiki's address no page address can be made either: the plan says so once, with how many links (the
    // fix is one setting), not in every page's cautions.
    await edit('docs/guide/setup.md', 'And another.');
    const dry = await runCli(['publish', 'docs', '--tree', ...state, '--dry-run'], { cwd: root, env: cli.env(false) });
    assert.doesNotMatch(dry.stdout, /no page address can be made/);
    // Every link of the tree: docs/index.md's to the setup page, the setup page's to the API page, and the generated
    // page of docs/reference/ (it has no index) to the API page.
    assert.match(dry.stderr, /Links between files stay as written \(3 of them\): .* Set --base-url or WIKI_PUBLISHER_BASE_URL\./);
    const dryJson = await runCli(['publish', 'docs', '--tree', ...state, '--dry-run', '--json'], { cwd: root, env: cli.env(false) });
    assert.equal(summaryRecord(dryJson).linksWithoutAddress, 3);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');

    // The next run with page access checks the records, sends the changed page, and its link works.
    const healed = await runCli(['publish', 'docs', '--tree', ...state, '--json'], { cwd: root, env: cli.env() });
    assert.equal(healed.code, 0, `${healed.stdout}\n${healed.stderr}`);
    assert.match(page('Setup').markdown, apiLink);
    assert.match(page('Setup').markdown, /One more line\.\nAnd another\./);
  });

  it('one file of a recorded tree, published on its own from a fresh clone, updates its recorded page through the edit guard', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const setup = page('Setup');
    const count = cli.world.sandbox.pages().length;
    await writeFile(join(root, 'docs', 'guide', 'setup.md'), '# Setup\n\nSee [the API](../reference/api.md#tokens).\n\nA teammate\'s line.\n');

    // No --state, no --space/--parent: the folder's .wiki-pages.json says which page it is, and where.
    const single = await runCli(['publish', 'docs/guide/setup.md', '--json'], { cwd: root, env: cli.env() });
    assert.equal(single.code, 0, `${single.stdout}\n${single.stderr}`);
    assert.deepEqual(fileRecords(single).map((record) => record.status), ['published']);
    assert.equal(cli.world.sandbox.pages().length, count, 'no new page, no "already exists"');
    assert.equal(page('Setup').id, setup.id);
    assert.match(page('Setup').markdown, /A teammate's line/);

    // A folder's content file is its folder's page; a colleague's edit there is held back, as in any run.
    const guide = page('Guide');
    cli.world.sandbox.editPageOnWiki(guide.id, '# Guide\n\nEdited on the wiki.\n');
    await writeFile(join(root, 'docs', 'guide', 'README.md'), '# Guide\n\nAll about it, and more.\n');
    const held = await runCli(['publish', 'docs/guide/README.md', '--json'], { cwd: root, env: cli.env() });
    assert.deepEqual(fileRecords(held).map((record) => record.status), ['edited'], `${held.stdout}\n${held.stderr}`);
    assert.match(page('Guide').markdown, /Edited on the wiki/);
  });

  it('a folder of a recorded tree, published as a tree of its own from a fresh clone, is that tree\'s part: its pages updated through the edit guard, new ones recorded above', async () => {
    const tree = { ...TREE, 'docs/guide/deep/more.md': '# More\n\nBack to [setup](../setup.md).\n' };
    const root = await cli.tree(tree);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const guide = page('Guide');
    const setup = page('Setup');
    const count = cli.world.sandbox.pages().length;
    await writeFile(join(root, 'docs', 'guide', 'deep', 'more.md'), '# More\n\nBack to [setup](../setup.md), edited.\n');
    await writeFile(join(root, 'docs', 'guide', 'new.md'), '# New\n\nSee [more](deep/more.md) and [the guide](README.md).\n');
    cli.world.sandbox.editPageOnWiki(setup.id, '# Setup\n\nEdited on the wiki.\n');

    // No --space/--parent, no --state: docs/.wiki-pages.json records docs/guide as the page "Guide", where its tree hangs.
    const lineOf = (run: { stdout: string }, file: string): string => run.stdout.split('\n').find((line) => line.includes(`${file} ->`)) ?? '';
    const dry = await runCli(['publish', 'docs/guide', '--tree', '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(lineOf(dry, 'docs/guide/deep/more.md'), new RegExp(`^ {2}would update docs/guide/deep/more\\.md -> "More" in DOCS under ${page('Deep').id} `), dry.stdout);
    assert.match(lineOf(dry, 'docs/guide/new.md'), new RegExp(`^would create docs/guide/new\\.md -> "New" in DOCS under ${guide.id}`), dry.stdout);
    assert.match(lineOf(dry, 'docs/guide/setup.md'), /^WOULD LEAVE OUT /, 'the colleague\'s edit is held back, not met as "already exists"');
    assert.match(dry.stdout, /0 moved, 0 orphaned/, 'the pages of the rest of the tree are no orphans of this part');
    assert.match(lineOf(dry, 'docs/guide/README.md'), new RegExp(`^WOULD REFUSE +docs/guide/README\\.md -> "Guide" in DOCS under ${guide.id}: Not sent with this folder: docs/guide/README\\.md is the content of page ${guide.id}, its folder's page, which this tree hangs under \\(docs/\\.wiki-pages\\.json records the folder as part of the tree published from docs\\)`),
      'the folder\'s README is its page, which the part hangs under and never rewrites: not a second "Guide" below it');

    const run = await runCli(['publish', 'docs/guide', '--tree', '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(Object.fromEntries(fileRecords(run).map((record) => [record.file, record.status])),
      // The folder page "Deep" lists the same child as when it went: its notice says so, and it is left as it is.
      { 'docs/guide/README.md': 'refused', 'docs/guide/deep/': 'skipped', 'docs/guide/deep/more.md': 'published', 'docs/guide/new.md': 'published', 'docs/guide/setup.md': 'edited' });
    assert.equal(cli.world.sandbox.pages().length, count + 1, 'only the new file\'s page is new');
    assert.equal(page('New').parentId, guide.id);
    assert.match(page('New').markdown, new RegExp(`\\[the guide\\]\\([^)]*/pages/${guide.id}(/[^)]*)?\\)`), 'a link to the README reaches the folder\'s page');
    assert.equal(cli.world.sandbox.pages().filter((each) => each.title === 'Guide' && !each.deleted).length, 1);
    assert.match(page('More').markdown, /, edited\./);
    assert.match(page('Setup').markdown, /Edited on the wiki/);
    assert.deepEqual(summaryRecord(run).manifest, { file: 'docs/.wiki-pages.json', recorded: 1 });
    assertRecordsValid(jsonLines(run), 'a run of a folder that is a part of a recorded tree');
    const manifest = JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { space: string; parent: string; pages: Record<string, { id: string }> };
    assert.equal(manifest.pages['guide/new.md']?.id, page('New').id, 'recorded in the tree\'s manifest, under the folder\'s key');
    assert.deepEqual([manifest.space, manifest.parent], ['DOCS', '123456'], 'the tree still hangs where it did');
    await assert.rejects(readFile(join(root, 'docs', 'guide', '.wiki-pages.json')), 'no manifest of its own');

    // Hung elsewhere, the folder is a tree of its own, as before: nothing of the tree above is taken for it.
    const elsewhere = await runCli(['publish', 'docs/guide', '--tree', '--space', 'DOCS', '--parent', '123456', '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(lineOf(elsewhere, 'docs/guide/new.md'), /^would create docs\/guide\/new\.md -> "New" in DOCS under 123456 /, elsewhere.stdout);
  });

  it('a teammate publishing a tree CI published: the pages\' notices say they are as CI left them, so a changed file updates its page and nothing is held or called edited', async () => {
    const root = await cli.tree(TREE);
    // CI (alice's token) publishes the tree, and .wiki-pages.json is committed.
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    // bob clones it and publishes from his machine, with his own token and page access.
    const bob = cli.world.sandbox.issueToken({ label: 'teammate', owner: 'bob' }).token;
    cli.secrets.push(bob);
    const asBob = { ...cli.env(), WIKI_PUBLISHER_API_TOKEN: bob };
    await writeFile(join(root, 'docs', 'guide', 'setup.md'), '# Setup\n\nSee [the API](../reference/api.md#tokens).\n\nBob\'s line.\n');
    const lineOf = (run: { stdout: string }, file: string): string => run.stdout.split('\n').find((line) => line.includes(`${file} ->`)) ?? '';
    const dry = await runCli(['publish', 'docs', '--tree', '--dry-run', '--json'], { cwd: root, env: asBob });
    assert.equal(dry.code, 0, dry.stdout + dry.stderr);
    assertRecordsValid(jsonLines(dry), 'a teammate\'s tree plan');
    assert.deepEqual(fileRecords(dry).map((record) => [record.file, record.status]),
      [['docs/index.md', 'unchanged'], ['docs/guide/README.md', 'unchanged'], ['docs/guide/setup.md', 'send'], ['docs/reference/', 'unchanged'], ['docs/reference/api.md', 'unchanged']]);
    const run = await runCli(['publish', 'docs', '--tree'], { cwd: root, env: asBob });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(lineOf(run, 'docs/guide/setup.md'), /updated +docs\/guide\/setup\.md .*wiki edits checked: version 1 is as last published/, run.stdout);
    assert.match(page('Setup').markdown, /Bob's line/);
    assert.doesNotMatch(run.stdout, /LEFT OUT|edited on the wiki/, run.stdout);
  });

  it('a teammate publishing a tree CI published without notices: each page is held back as one nothing can tell, never "edited since its last publish"; --overwrite-edited replaces them', async () => {
    const root = await cli.tree(TREE);
    // CI (alice's token) publishes the tree with the notice off, and .wiki-pages.json is committed.
    assert.equal((await runCli(['publish', 'docs', ...TO, '--no-notice'], { cwd: root, env: cli.env() })).code, 0);
    const bob = cli.world.sandbox.issueToken({ label: 'teammate', owner: 'bob' }).token;
    cli.secrets.push(bob);
    const asBob = { ...cli.env(), WIKI_PUBLISHER_API_TOKEN: bob };
    await writeFile(join(root, 'docs', 'guide', 'setup.md'), '# Setup\n\nSee [the API](../reference/api.md#tokens).\n\nBob\'s line.\n');
    const setup = page('Setup');
    const said = new RegExp(`\\(its page carries no publish notice and no record here names its version ${setup.version} by alice at \\S+: an edit on the wiki cannot be told from a publish \\(--state from the last publish tells; so does the notice, on the pages published with it from then on\\); --overwrite-edited replaces it\\)`);
    const lineOf = (run: { stdout: string }, file: string): string => run.stdout.split('\n').find((line) => line.includes(`${file} ->`)) ?? '';

    const dry = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: asBob });
    assert.equal(dry.code, 1, dry.stdout + dry.stderr);
    assert.match(lineOf(dry, 'docs/guide/setup.md'), /^ {2}WOULD LEAVE OUT /);
    assert.match(lineOf(dry, 'docs/guide/setup.md'), said, dry.stdout);
    const json = await runCli(['publish', 'docs', '--tree', '--dry-run', '--json'], { cwd: root, env: asBob });
    assertRecordsValid(jsonLines(json), 'a teammate\'s tree plan');
    assert.deepEqual(fileRecords(json).find((record) => record.file === 'docs/guide/setup.md')?.wikiEdits,
      { checked: true, verdict: 'edited', version: setup.version, editedBy: 'alice', editedAt: setup.versionCreatedAt, noNotice: true });
    const markdown = await runCli(['publish', 'docs', '--tree', '--dry-run', '--format', 'markdown'], { cwd: root, env: asBob });
    assert.match(markdown.stdout, /its page carries no publish notice and no record here names its version/);
    assert.match(markdown.stdout, /#### Pages edited on the wiki since their last publish, or without a publish notice to tell\n/);

    const run = await runCli(['publish', 'docs', '--tree', '--report', 'junit.xml'], { cwd: root, env: asBob });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    // Said once, in the guard's words (who and when): not first as "not sent: ..." and then again.
    assert.match(lineOf(run, 'docs/guide/setup.md'), /LEFT OUT +docs\/guide\/setup\.md /);
    assert.match(lineOf(run, 'docs/guide/setup.md'), said);
    assert.equal(lineOf(run, 'docs/guide/setup.md').match(/carries no publish notice/g)?.length, 1, lineOf(run, 'docs/guide/setup.md'));
    assert.match(await readFile(join(root, 'junit.xml'), 'utf8'), /Left out: its page carries no publish notice and no record here names its version \d+ by alice at \S+/);
    // None of the five pages was edited on the wiki: no line of any report says so, nor does any count.
    for (const output of [dry.stdout, markdown.stdout, run.stdout, await readFile(join(root, 'junit.xml'), 'utf8')]) {
      assert.doesNotMatch(output, /since its last publish|edited on the wiki \(left out\)|left out \(edited on the wiki\)/, output);
    }
    const heldBack = fileRecords(json).filter((record) => record.status === 'edited').length;
    assert.ok(heldBack > 0);
    assert.match(dry.stdout, new RegExp(`, ${heldBack} without a publish notice, so an edit cannot be told from a publish \\(left out\\)`));
    assert.match(markdown.stdout, new RegExp(`\\*\\*.*${heldBack} left out \\(no publish notice: an edit cannot be told from a publish\\)`));
    assert.match(run.stdout, new RegExp(`, ${heldBack} left out \\(no publish notice: an edit cannot be told from a publish\\)`));
    const summary = jsonLines(json).find((record) => record.type === 'summary');
    assert.equal(summary?.edited, heldBack);
    assert.equal(summary?.noNotice, heldBack);
    assert.doesNotMatch(page('Setup').markdown, /Bob's line/, 'held back');

    // Chosen, alice's versions are replaced, now with notices; the next plan finds every page as last published.
    const replaced = await runCli(['publish', 'docs', '--tree', '--overwrite-edited'], { cwd: root, env: asBob });
    assert.equal(replaced.code, 0, replaced.stdout + replaced.stderr);
    assert.match(page('Setup').markdown, /Bob's line/);
    const again = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: asBob });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.match(lineOf(again, 'docs/guide/setup.md'), /unchanged .*wiki edits checked: version \d+ is as last published/);
  });

  it('a file of the tree that names its own page elsewhere, published on its own from a fresh clone, updates that page', async () => {
    const pinned = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Pinned notes\n---\nFirst.\n';
    const root = await cli.tree({ ...TREE, 'docs/guide/pinned.md': pinned });
    // The dry run lists it where the run sends it: after the tree's pages (its links need their addresses).
    const firstPass = (record: Record<string, unknown>): boolean => (record.tree as { pass?: number } | undefined)?.pass !== 2;
    const lastFile = (run: Awaited<ReturnType<typeof runCli>>): unknown => fileRecords(run).filter(firstPass).at(-1)?.file;
    assert.equal(lastFile(await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() })), 'docs/guide/pinned.md');
    const tree = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(tree.code, 0, `${tree.stdout}\n${tree.stderr}`);
    assert.equal(lastFile(tree), 'docs/guide/pinned.md');
    const notes = page('Pinned notes');
    assert.equal(notes.parentId, '123456', 'under the page its front matter names, not the Guide page');
    const count = cli.world.sandbox.pages().length;
    await writeFile(join(root, 'docs', 'guide', 'pinned.md'), `${pinned}A teammate's line.\n`);

    // The record's page is where the front matter says, not under the folder's page: the same page, updated.
    const single = await runCli(['publish', 'docs/guide/pinned.md', '--json'], { cwd: root, env: cli.env() });
    assert.equal(single.code, 0, `${single.stdout}\n${single.stderr}`);
    assert.deepEqual(fileRecords(single).map((record) => [record.status, record.outcome]), [['published', 'updated']]);
    assert.equal(cli.world.sandbox.pages().length, count, 'no new page, no "already exists"');
    assert.match(page('Pinned notes').markdown, /A teammate's line/);

    // A colleague's edit there is held back, as for any recorded page this machine never published.
    cli.world.sandbox.editPageOnWiki(notes.id, 'Edited on the wiki.\n');
    await writeFile(join(root, 'docs', 'guide', 'pinned.md'), `${pinned}Another line.\n`);
    const held = await runCli(['publish', 'docs/guide/pinned.md', '--json'], { cwd: root, env: cli.env() });
    assert.deepEqual(fileRecords(held).map((record) => record.status), ['edited'], `${held.stdout}\n${held.stderr}`);
  });

  it('a file that names its own page, renamed and then moved in the tree, updates that page from a fresh clone: the dry run, the run and the orphan list agree', async () => {
    const pinned = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Pinned notes\n---\nFirst.\n';
    const root = await cli.tree({ ...TREE, 'docs/guide/pinned.md': pinned });
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const notes = page('Pinned notes');
    const count = cli.world.sandbox.pages().length;
    const manifestKeys = async (): Promise<Record<string, { id: string }>> => (JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> }).pages;

    // No --state: only the folder's .wiki-pages.json knows the page, under the file's old name.
    for (const [from, to] of [['guide/pinned.md', 'guide/notes.md'], ['guide/notes.md', 'notes.md']] as const) {
      await rename(join(root, 'docs', from), join(root, 'docs', to));
      const dry = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: cli.env() });
      assert.match(dry.stdout, new RegExp(`^would update docs/${to.replace('.', '\\.')} -> "Pinned notes" in DOCS under 123456 \\(wiki edits checked: version \\d+ is as last published\\)$`, 'm'), dry.stdout);
      assert.match(dry.stdout, new RegExp(`^  docs/${from} -> docs/${to}: page ${notes.id}$`, 'm'));
      assert.match(dry.stdout, /, 0 orphaned$/m);
      assert.doesNotMatch(dry.stdout, /^orphans:/m);
      const run = await runCli(['publish', 'docs', '--tree', '--json'], { cwd: root, env: cli.env() });
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      assert.deepEqual(fileRecords(run).filter((record) => record.file === `docs/${to}`).map((record) => [record.status, record.outcome]), [['published', 'updated']]);
      assert.deepEqual((jsonLines(run).find((record) => record.type === 'tree') as { orphans: unknown[] } | undefined)?.orphans, []);
      assert.equal(cli.world.sandbox.pages().length, count, 'no new page, no "already exists"');
      const pages = await manifestKeys();
      assert.equal(pages[to]?.id, notes.id, 'recorded under its new name');
      assert.equal(pages[from], undefined, 'its old name is forgotten');
    }
    assert.equal(page('Pinned notes').parentId, '123456');

    // A colleague's edit on the wiki is held back, as for the file under its old name.
    cli.world.sandbox.editPageOnWiki(notes.id, 'Edited on the wiki.\n');
    await rename(join(root, 'docs', 'notes.md'), join(root, 'docs', 'guide', 'pinned.md'));
    await writeFile(join(root, 'docs', 'guide', 'pinned.md'), `${pinned}Another line.\n`);
    const held = await runCli(['publish', 'docs', '--tree', '--json'], { cwd: root, env: cli.env() });
    assert.deepEqual(fileRecords(held).filter((record) => record.file === 'docs/guide/pinned.md').map((record) => record.status), ['edited'], `${held.stdout}\n${held.stderr}`);
    assert.match(page('Pinned notes').markdown, /Edited on the wiki/);
  });

  it('a page moved on the wiki is refused with where it is now, in the text plan, --json and the Markdown plan, also with --overwrite-edited; its entry removed, the run makes a new page here and the moved one stays', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const setup = page('Setup');
    const reference = page('Reference');
    cli.world.sandbox.movePageOnWiki(setup.id, reference.id);
    await writeFile(join(root, 'docs', 'guide', 'setup.md'), '# Setup\n\nSee [the API](../reference/api.md#tokens).\n\nOne more line.\n');
    // The repository's record no longer says where the page is (issue 81): a pull request's entry and a colleague's
    // move look alike, and nothing is sent to a page the check did not accept.
    const where = `but that page is under "Reference" (page ${reference.id}) on the wiki, not under "Guide" (page ${page('Guide').id}) where the tree puts it`;

    const text = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    const line = text.stdout.split('\n').find((each) => each.includes('docs/guide/setup.md')) ?? '';
    assert.match(line, /WOULD REFUSE/, text.stdout);
    assert.ok(line.includes(where) && line.includes('if the page was moved or renamed on the wiki, put it back'), line);
    const json = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assertRecordsValid(jsonLines(json), 'dry run of a moved page');
    const planned = jsonLines(json).find((record) => record.type === 'plan' && record.file === 'docs/guide/setup.md');
    assert.equal(planned?.status, 'refused');
    assert.ok(((planned?.refusals as string[] | undefined) ?? []).some((reason) => reason.includes(where)), JSON.stringify(planned));
    const markdown = await runCli(['plan', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.ok(markdown.stdout.includes(`(page ${reference.id}) on the wiki, not under`), markdown.stdout);

    for (const extra of [[], ['--overwrite-edited']]) {
      const refused = await runCli(['publish', 'docs', ...TO, ...extra, '--json'], { cwd: root, env: cli.env() });
      assert.equal(fileRecords(refused).find((record) => record.file === 'docs/guide/setup.md')?.status, 'refused', `${refused.stdout}\n${refused.stderr}`);
    }
    assert.equal(cli.world.sandbox.pages().filter((each) => each.title === 'Setup').length, 1, 'no second page');
    assert.equal(cli.world.sandbox.pages().find((each) => each.id === setup.id)?.version, setup.version, 'the moved page is untouched');

    // The entry removed: the run makes a new page where the tree puts it, records it, and the moved page stays.
    const manifestPath = join(root, 'docs', '.wiki-pages.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { pages: Record<string, { id: string }> };
    delete manifest.pages['guide/setup.md'];
    await writeFile(manifestPath, JSON.stringify(manifest, null, 2));
    const sent = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(sent.code, 0, `${sent.stdout}\n${sent.stderr}`);
    const setups = cli.world.sandbox.pages().filter((each) => each.title === 'Setup');
    assert.deepEqual(setups.map((each) => each.parentId).sort(), [page('Guide').id, reference.id].sort(), 'a new page in the tree; the moved one stays');
    const recorded = JSON.parse(await readFile(manifestPath, 'utf8')) as { pages: Record<string, { id: string }> };
    assert.equal(recorded.pages['guide/setup.md']?.id, setups.find((each) => each.parentId === page('Guide').id)?.id);
  });

  it('a folder page moved on the wiki refuses it and every page below it, also with --overwrite-edited: nothing is sent under the moved page', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const guide = page('Guide');
    const setup = page('Setup');
    const reference = page('Reference');
    cli.world.sandbox.movePageOnWiki(guide.id, reference.id);
    await writeFile(join(root, 'docs', 'guide', 'README.md'), '# Guide\n\nAll about it, revised.\n');
    await writeFile(join(root, 'docs', 'guide', 'setup.md'), '# Setup\n\nSee [the API](../reference/api.md#tokens).\n\nRevised too.\n');
    const imports = cli.world.sandbox.imports.length;
    for (const extra of [['--dry-run'], [], ['--overwrite-edited']]) {
      const run = await runCli(['publish', 'docs', ...TO, ...extra, '--json'], { cwd: root, env: cli.env() });
      assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
      assertRecordsValid(jsonLines(run), 'a run with a folder page moved on the wiki');
      const reasons = (file: string): string => {
        const record = fileRecords(run).find((each) => each.file === file);
        return [...((record?.refusals as string[] | undefined) ?? []), String(record?.message ?? '')].join(' ');
      };
      assert.match(reasons('docs/guide/README.md'), new RegExp(`records page ${guide.id} for "guide/", but that page is under "Reference" \\(page ${reference.id}\\) on the wiki`));
      assert.match(reasons('docs/guide/setup.md'), /below "guide\/", whose entry is refused/);
    }
    const sentUnder = cli.world.sandbox.imports.slice(imports).map((request) => (request.body as { parentId?: string }).parentId);
    assert.ok(!sentUnder.includes(guide.id), 'nothing is sent under the moved folder page');
    assert.equal(cli.world.sandbox.pages().find((each) => each.id === setup.id)?.version, setup.version, 'its page below is untouched');
  });

  it('a folder page a colleague deleted on the wiki, its file unchanged: the dry run says it is published anew with its page below, and the run lands both', async () => {
    const root = await cli.tree(TREE);
    // With --state, a re-run leaves unchanged pages alone: the folder page's file did not change.
    const withState = [...TO, '--state', 'state.json'];
    assert.equal((await runCli(['publish', 'docs', ...withState], { cwd: root, env: cli.env() })).code, 0);
    const guide = page('Guide');
    const setup = page('Setup');
    cli.world.sandbox.deletePage(guide.id);
    await writeFile(join(root, 'docs', 'guide', 'setup.md'), `${TREE['docs/guide/setup.md']}\nOne more line.\n`);

    const dry = await runCli(['publish', 'docs', ...withState, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    const line = (file: string): string => dry.stdout.split('\n').find((each) => each.includes(`${file} ->`)) ?? '';
    assert.match(line('docs/guide/README.md'), /^\s*would create docs\/guide\/README\.md -> "Guide" .*\(its page was not found on the wiki: deleted, or hidden from the account that checks wiki edits: would be published as a new page\)/, dry.stdout);
    assert.match(line('docs/guide/setup.md'), /would create docs\/guide\/setup\.md -> "Setup" in DOCS under the tree's page "Guide"/, dry.stdout);
    assert.match(line('docs/reference/'), /unchanged/, 'a folder page with nothing to send below it is left alone');
    assert.ok(line('docs/guide/setup.md').includes(`the page it published before (page ${setup.id}) stays where it is`), line('docs/guide/setup.md'));

    const sent = await runCli(['publish', 'docs', ...withState], { cwd: root, env: cli.env() });
    assert.equal(sent.code, 0, `${sent.stdout}\n${sent.stderr}`);
    const newGuide = page('Guide');
    assert.notEqual(newGuide.id, guide.id);
    const newSetup = cli.world.sandbox.pages().find((each) => each.title === 'Setup' && !each.deleted && each.parentId === newGuide.id);
    assert.match(newSetup?.markdown ?? '', /One more line/);
    const manifest = JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> };
    assert.equal(manifest.pages['guide/']?.id, newGuide.id, 'the repository records the new folder page');
  });

  it('a page edited on the wiki below a folder page made anew is left out, and every report says --overwrite-edited creates it anew there, not that it replaces the edit', async () => {
    const anew = 'creates it anew under the new page of its folder "Guide" and leaves the edited page where it is';
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const guide = page('Guide');
    const setup = page('Setup');
    cli.world.sandbox.editPageOnWiki(setup.id, '# Setup\n\nA colleague\'s line.\n');
    const setupLine = (run: { stdout: string }): string => run.stdout.split('\n').find((each) => each.includes('docs/guide/setup.md')) ?? '';

    // The folder page moved on the wiki: its record is refused, and so is the edited page below it (issue 81).
    cli.world.sandbox.movePageOnWiki(guide.id, page('Reference').id);
    const moved = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(setupLine(moved), /WOULD REFUSE docs\/guide\/setup\.md.*below "guide\/", whose entry is refused/, moved.stdout);
    cli.world.sandbox.movePageOnWiki(guide.id, '123456');

    // The folder page deleted on the wiki: made anew in this run; its page below, edited by a colleague, is held back.
    cli.world.sandbox.deletePage(guide.id);
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--report', 'junit.xml', '--format', 'markdown'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 1, `${dry.stdout}\n${dry.stderr}`);
    assert.ok(dry.stdout.includes(`left out; --overwrite-edited ${anew.replace(/"/g, '&quot;')}`), dry.stdout);
    assert.ok(!dry.stdout.includes('--overwrite-edited replaces it'), dry.stdout);
    const junit = await readFile(join(root, 'junit.xml'), 'utf8');
    // The failure's text (its message attribute holds only its first 300 characters).
    assert.ok(junit.includes(`--overwrite-edited ${anew}`), junit);
    const text = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(setupLine(text), /WOULD LEAVE OUT docs\/guide\/setup\.md/, text.stdout);
    assert.ok(setupLine(text).includes(`; --overwrite-edited ${anew})`), text.stdout);
    const json = jsonLines(await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() }));
    assertRecordsValid(json, 'a held page below a new folder page');
    assert.equal((json.find((record) => record.type === 'plan' && record.file === 'docs/guide/setup.md')?.wikiEdits as Record<string, unknown> | undefined)?.anewUnder, 'Guide');

    // Sent: left out, the edit kept; then with --overwrite-edited a new page under the new Guide, the edited one stays.
    const sent = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(sent.code, 1, `${sent.stdout}\n${sent.stderr}`);
    assert.match(setupLine(sent), /LEFT OUT +docs\/guide\/setup\.md/, sent.stdout);
    assert.ok(setupLine(sent).includes(`--overwrite-edited ${anew}`), sent.stdout);
    assert.match(cli.world.sandbox.pages().find((each) => each.id === setup.id)?.markdown ?? '', /A colleague's line/);
    const overwritten = await runCli(['publish', 'docs', ...TO, '--overwrite-edited'], { cwd: root, env: cli.env() });
    assert.equal(overwritten.code, 0, `${overwritten.stdout}\n${overwritten.stderr}`);
    const newGuide = page('Guide');
    assert.equal(cli.world.sandbox.pages().filter((each) => each.title === 'Setup' && each.parentId === newGuide.id).length, 1, 'a new Setup under the new Guide');
    assert.match(cli.world.sandbox.pages().find((each) => each.id === setup.id)?.markdown ?? '', /A colleague's line/, 'the edited page stays as the colleague left it');
  });

  it('killed half-way (SIGKILL), then run again: every file lands once, the pages that landed keep their IDs, the manifest records all', async () => {
    const folders = ['alpha', 'beta', 'gamma'];
    const files = Object.fromEntries(folders.flatMap((folder) => [1, 2, 3, 4].map((n) => [`docs/${folder}/page-${n}.md`, `# ${folder} ${n}\n\nText ${n}.\n`])));
    const folderTitle = (folder: string): string => folder.charAt(0).toUpperCase() + folder.slice(1);
    const titles = [...folders.map(folderTitle), ...folders.flatMap((folder) => [1, 2, 3, 4].map((n) => `${folder} ${n}`))];
    const keys = [...folders.map((folder) => `${folder}/`), ...Object.keys(files).map((path) => path.slice('docs/'.length))].sort();
    const root = await cli.tree(files);
    const { sandbox } = cli.world;
    const args = ['publish', 'docs', ...TO, '--concurrency', '2', '--json'];
    const LATENCY_MS = 200;
    const ours = () => sandbox.pages().filter((candidate) => !candidate.deleted && titles.includes(candidate.title));
    const readManifest = async (): Promise<{ pages: Record<string, { id: string; title: string }> } | undefined> => {
      const text = await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      return text === undefined ? undefined : JSON.parse(text) as { pages: Record<string, { id: string; title: string }> };
    };
    const childrenOn = (parentId: string): Promise<Array<{ id: string; title: string }>> => childrenOnWiki(sandbox.baseUrl, cli.platformToken, parentId);

    let running: RunningCli | undefined;
    try {
      sandbox.injectFaults({ latencyMs: LATENCY_MS });
      running = startCli(args, { cwd: root, env: cli.env() });
      // The folder pages and four files are on the wiki: the next request to arrive is written and then answered
      // 500, so the CLI is in its backoff holding a page that landed but that it does not know of, and dies there.
      await waitUntil(() => ours().length >= folders.length + 4);
      sandbox.injectFaults({ commitThenFailNext: 1 });
      await waitUntil(() => sandbox.imports.some((entry) => entry.status === 500));
      assert.ok(running.child.pid !== undefined && running.child.kill('SIGKILL'), 'the CLI was killed');
      const killed = await running.done;
      assert.equal(killed.signal, 'SIGKILL', `${killed.stdout}\n${killed.stderr}`);
      // A request the other worker had out still lands after the kill: wait out the sandbox's latency.
      await sleep(LATENCY_MS * 2);
    } finally {
      if (running && running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
    }

    const landed = new Map(ours().map((candidate) => [candidate.title, candidate.id]));
    assert.ok(landed.size > folders.length && landed.size < titles.length, `some pages landed, not all: ${[...landed.keys()].join(', ')}`);
    const partial = await readManifest();
    const recordedIds = new Set(Object.values(partial?.pages ?? {}).map((entry) => entry.id));
    assert.ok(Object.keys(partial?.pages ?? {}).length < keys.length, 'the manifest is missing or partial');
    assert.ok(Object.keys(partial?.pages ?? {}).every((key) => keys.includes(key)));
    assert.ok([...recordedIds].every((id) => [...landed.values()].includes(id)), 'the manifest records only pages that landed');
    assert.ok([...landed.values()].some((id) => !recordedIds.has(id)), 'a page landed that the killed run never recorded');

    sandbox.clearFaults();
    sandbox.injectFaults({ latencyMs: LATENCY_MS });
    const again = await runCli(args, { cwd: root, env: cli.env() });
    sandbox.clearFaults();
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.doesNotMatch(`${again.stdout}\n${again.stderr}`, /already exists/i);
    assert.ok(fileRecords(again).every((record) => record.status === 'published' || record.status === 'skipped'), again.stdout);

    // Every page once: under the chosen parent the three folder pages, under each its four files, and no title twice.
    const top = await childrenOn('123456');
    assert.deepEqual(top.map((child) => child.title).sort(), folders.map(folderTitle));
    for (const folder of folders) {
      const folderPage = top.find((child) => child.title === folderTitle(folder));
      assert.ok(folderPage);
      assert.deepEqual((await childrenOn(folderPage.id)).map((child) => child.title).sort(), [1, 2, 3, 4].map((n) => `${folder} ${n}`));
    }
    const after = ours();
    assert.deepEqual(after.map((candidate) => candidate.title).sort(), [...titles].sort(), 'every file landed, none twice');
    const idOf = new Map(after.map((candidate) => [candidate.title, candidate.id]));
    for (const [title, id] of landed) assert.equal(idOf.get(title), id, `"${title}" was found again, not created anew`);

    const manifest = await readManifest();
    assert.deepEqual(Object.keys(manifest?.pages ?? {}).sort(), keys, 'the manifest records every file and folder page');
    const titleOfKey = (key: string): string => (key.endsWith('/') ? folderTitle(key.slice(0, -1)) : (/^(\w+)\/page-(\d)\.md$/.exec(key) ?? []).slice(1).join(' '));
    for (const key of keys) assert.equal(manifest?.pages[key]?.id, idOf.get(titleOfKey(key)), key);
  });

  it('a folder page given a new title by an index.md, landed by a run that stopped before recording it: the re-run records the pages it takes over, and updates nothing under the old folder page', async () => {
    const root = await cli.tree({ 'docs/ref/api.md': '# API\n\nCalls.\n', 'docs/ref/usage.md': '# Usage\n\nUse it.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const manifestPath = join(root, 'docs', '.wiki-pages.json');
    const before = await readFile(manifestPath, 'utf8');
    const oldFolder = page('Ref');
    const oldUsage = page('Usage');
    // The file becomes its folder's index.md: the folder page's title is now "API", a new page, and the page below
    // follows it. That run lands, then its records are lost (it stopped before writing them, or they were never committed).
    await rename(join(root, 'docs', 'ref', 'api.md'), join(root, 'docs', 'ref', 'index.md'));
    assert.equal((await runCli(['publish', 'docs', '--tree'], { cwd: root, env: cli.env() })).code, 0);
    const newFolder = cli.world.sandbox.pages().find((candidate) => candidate.title === 'API' && candidate.parentId === '123456' && !candidate.deleted);
    assert.ok(newFolder, 'the retitled folder page landed under the chosen page');
    const newUsage = cli.world.sandbox.pages().find((candidate) => candidate.title === 'Usage' && candidate.parentId === newFolder.id && !candidate.deleted);
    assert.ok(newUsage, 'the page below followed it');
    await writeFile(manifestPath, before);
    const oldUsageVersion = cli.world.sandbox.pages().find((candidate) => candidate.id === oldUsage.id)?.version;
    const pageCount = cli.world.sandbox.pages().length;

    const again = await runCli(['publish', 'docs', '--tree'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.equal(cli.world.sandbox.pages().length, pageCount, 'no page created twice');
    assert.equal(cli.world.sandbox.pages().find((candidate) => candidate.id === oldUsage.id)?.version, oldUsageVersion, 'nothing sent to the page under the old folder page');
    assert.doesNotMatch(again.stdout, new RegExp(`under ${oldFolder.id}:`), again.stdout);
    const recorded = (JSON.parse(await readFile(manifestPath, 'utf8')) as { pages: Record<string, { id: string }> }).pages;
    assert.equal(recorded['ref/']?.id, newFolder.id, 'the folder page taken over is recorded');
    assert.equal(recorded['ref/usage.md']?.id, newUsage.id, 'the page below it is recorded');
  });

  it('--overwrite updates the pages below a folder page taken over from a run that stopped before recording it, as it updates that folder page; one a colleague edited since only with --overwrite-edited', async () => {
    const root = await cli.tree({ 'docs/ref/api.md': '# API\n\nCalls.\n', 'docs/ref/usage.md': '# Usage\n\nUse it.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const manifestPath = join(root, 'docs', '.wiki-pages.json');
    const before = await readFile(manifestPath, 'utf8');
    // The folder page is retitled "API" by an index.md: a new folder page, with the page below following it. That run
    // lands, then its records are lost.
    await rename(join(root, 'docs', 'ref', 'api.md'), join(root, 'docs', 'ref', 'index.md'));
    assert.equal((await runCli(['publish', 'docs', '--tree'], { cwd: root, env: cli.env() })).code, 0);
    const newFolder = cli.world.sandbox.pages().find((candidate) => candidate.title === 'API' && candidate.parentId === '123456' && !candidate.deleted);
    assert.ok(newFolder);
    const newUsage = cli.world.sandbox.pages().find((candidate) => candidate.title === 'Usage' && candidate.parentId === newFolder.id && !candidate.deleted);
    assert.ok(newUsage);
    await writeFile(manifestPath, before);
    await writeFile(join(root, 'docs', 'ref', 'usage.md'), '# Usage\n\nUse it twice.\n');
    // A colleague edited the page below on the wiki, taking the notice off: no record names it, and its history shows
    // this tool's publish and the colleague's version since, so --overwrite alone leaves it out as edited (their words
    // stay: test/cli/cliOverwriteHistory.test.ts); --overwrite-edited takes it, as it takes any edited page of the tree.
    cli.world.sandbox.editPageOnWiki(newUsage.id, '# Usage\n\nA colleague\'s words.\n');
    const pageCount = cli.world.sandbox.pages().length;
    const run = await runCli(['publish', 'docs', '--tree', '--overwrite', '--overwrite-edited'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(cli.world.sandbox.pages().length, pageCount, 'no page created twice');
    assert.match(cli.world.sandbox.pages().find((candidate) => candidate.id === newUsage.id)?.markdown ?? '', /Use it twice\./, 'the page below the folder page taken over is updated');
    const recorded = (JSON.parse(await readFile(manifestPath, 'utf8')) as { pages: Record<string, { id: string }> }).pages;
    assert.deepEqual([recorded['ref/']?.id, recorded['ref/usage.md']?.id], [newFolder.id, newUsage.id]);
  });

  it('a folder page retitled by an index.md, and the page below that follows it, are new pages: the dry run names the pages that hold their titles in the space', async () => {
    const root = await cli.tree({ 'docs/ref/api.md': '# API\n\nCalls.\n', 'docs/ref/usage.md': '# Usage\n\nUse it.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const api = page('API');
    const usage = page('Usage');
    await rename(join(root, 'docs', 'ref', 'api.md'), join(root, 'docs', 'ref', 'index.md'));
    const dry = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: cli.env() });
    const lineOf = (file: string): string => dry.stdout.split('\n').find((line) => line.includes(`${file} ->`)) ?? '';
    assert.match(lineOf('docs/ref/index.md'), new RegExp(`A page titled "API" already exists elsewhere in the space \\(page ${api.id}, http`), dry.stdout);
    assert.match(lineOf('docs/ref/usage.md'), new RegExp(`A page titled "Usage" already exists elsewhere in the space \\(page ${usage.id}, http`), dry.stdout);
  });

  it('a file moved to another folder, on a wiki that keeps titles unique in a space: the plan names the old page holding its title; the failure names it with the fix, not --overwrite', async () => {
    const root = await cli.tree({ 'docs/guide/install.md': '# Install\n\nRun it.\n', 'docs/ref/api.md': '# API\n\nCalls.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const old = page('Install');
    await rename(join(root, 'docs', 'guide', 'install.md'), join(root, 'docs', 'ref', 'install.md'));
    cli.world.sandbox.setUniqueTitlesInSpace(true);
    const lineOf = (run: { stdout: string }, file: string): string => run.stdout.split('\n').find((line) => line.includes(`${file} ->`)) ?? '';
    const dry = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^moves: 1 - the old page stays where it is/m);
    assert.match(lineOf(dry, 'docs/ref/install.md'), new RegExp(`Its old page "Install" \\(page ${old.id}, http[^)]*\\), which stays where it was since the service cannot move pages, holds this title; .* If it does, rename or delete the old page on the wiki and publish again\\.`), dry.stdout);
    const run = await runCli(['publish', 'docs', '--tree'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, run.stdout);
    const failed = lineOf(run, 'docs/ref/install.md');
    assert.match(failed, new RegExp(`^ {2}FAILED +docs/ref/install\\.md .*already exists in the space "DOCS"\\. Page ${old.id} \\(http[^)]*\\), elsewhere in the space, already has the title "Install", and this wiki keeps titles unique in a space\\. Passing --overwrite would not help: it updates only a page under this file's own parent\\. Give this file another title, or rename or move that page on the wiki, then publish again`), run.stdout);
    assert.doesNotMatch(failed, /Pass --overwrite to update/);
    assert.equal(page('Install').id, old.id, 'the old page is untouched');
  });

  it('a file that names its own page and would create it: the dry run names the page that holds its title in the space, in text and --json; updating its own page, it does not', async () => {
    const pinned = '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Setup\n---\nOur setup.\n';
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide/setup.md': pinned, 'team.md': '# Another team\n', 'theirs.md': '# Setup\n\nAnother team\'s page of that title.\n' });
    assert.equal((await runCli(['publish', 'team.md', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() })).code, 0);
    assert.equal((await runCli(['publish', 'theirs.md', '--space', 'DOCS', '--parent', page('Another team').id], { cwd: root, env: cli.env() })).code, 0);
    const theirs = page('Setup');
    const held = `A page titled "Setup" already exists elsewhere in the space (page ${theirs.id}, ${cli.world.sandbox.pageAddress(theirs.id)}); the wiki has long kept titles unique in a space and may refuse this one.`;
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    const lineOf = (run: { stdout: string }, file: string): string => run.stdout.split('\n').find((line) => line.includes(`${file} ->`)) ?? '';
    assert.equal(lineOf(dry, 'docs/guide/setup.md'), `would create docs/guide/setup.md -> "Setup" in DOCS under 123456 [caution: ${held}]`, dry.stdout);
    const json = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.deepEqual(fileRecords(json).find((record) => record.file === 'docs/guide/setup.md')?.cautions, [held]);
    assertRecordsValid(jsonLines(json), 'a tree plan with a file that names its own page at a title held elsewhere');
    // Published (this wiki does not keep titles unique), then changed: an update of its own page holds its title already.
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs', 'guide', 'setup.md'), `${pinned}Changed.\n`);
    const again = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(lineOf(again, 'docs/guide/setup.md'), /^would update docs\/guide\/setup\.md -> "Setup" in DOCS under 123456 \(wiki edits checked[^)]*\)$/, again.stdout);
  });

  it('a page the tree did not record, found where its page goes: taken by any account when its notice names the file, even in a plan job without an import token; without a notice the create is refused as "already exists"', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide.md': '# Guide\n\nOne.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    // The run stopped before it recorded its pages (a crash), and the file changed since.
    await rm(join(root, 'docs', '.wiki-pages.json'));
    await writeFile(join(root, 'docs', 'guide.md'), '# Guide\n\nTwo.\n');
    const lineOf = (run: { stdout: string }, file: string): string => run.stdout.split('\n').find((line) => line.includes(`${file} ->`)) ?? '';

    // A plan job: no import token, nothing to say which account publishes. The page's notice tells.
    const plan = { ...cli.env() } as Record<string, string>;
    delete plan.WIKI_PUBLISHER_API_TOKEN;
    // Create only, the repository unknown: a page holding another text may be another repository's file of this path
    // (cliSamePathUnknownRepository.test.ts), so only the page holding what its file sends is taken; --overwrite takes both.
    const createOnly = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: plan });
    assert.deepEqual(fileRecords(createOnly).find((record) => record.file === 'docs/guide.md')?.wikiEdits, { checked: true, verdict: 'exists', version: 1, unknownRepository: true });
    assert.deepEqual(fileRecords(createOnly).find((record) => record.file === 'docs/index.md')?.wikiEdits, { checked: true, verdict: 'asLeft', version: 1, adopted: true, sameContent: true });
    const dry = await runCli(['publish', 'docs', ...TO, '--overwrite', '--dry-run', '--json'], { cwd: root, env: plan });
    assertRecordsValid(jsonLines(dry), 'a tree plan that takes a page by its notice');
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'docs/guide.md')?.wikiEdits, { checked: true, verdict: 'asLeft', version: 1, adopted: true });
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'docs/index.md')?.wikiEdits, { checked: true, verdict: 'asLeft', version: 1, adopted: true, sameContent: true });

    // A publish whose token does not name its user: the notice tells all the same.
    const unnamed = cli.world.sandbox.issueToken({ label: 'unnamed', withoutSubject: true }).token;
    cli.secrets.push(unnamed);
    const run = await runCli(['publish', 'docs', ...TO, '--overwrite'], { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_API_TOKEN: unnamed } });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(lineOf(run, 'docs/guide.md'), /taken as this file's page and updated/, run.stdout);
    assert.match(page('Guide').markdown, /Two\./);

    // Published without notices, the page found there is nobody's that the run can tell: the create is refused.
    await rm(join(root, 'docs', '.wiki-pages.json'));
    await writeFile(join(root, 'docs', 'guide.md'), '# Guide\n\nThree.\n');
    assert.equal((await runCli(['publish', 'docs', ...TO, '--no-notice', '--overwrite'], { cwd: root, env: cli.env() })).code, 0);
    assert.equal(page('Guide').notice, undefined);
    await rm(join(root, 'docs', '.wiki-pages.json'));
    await writeFile(join(root, 'docs', 'guide.md'), '# Guide\n\nFour.\n');
    const blind = await runCli(['publish', 'docs', ...TO, '--report', 'junit.xml'], { cwd: root, env: cli.env() });
    assert.equal(blind.code, 1, blind.stdout + blind.stderr);
    assert.match(lineOf(blind, 'docs/guide.md'), /^FAILED/);
    assert.match(lineOf(blind, 'docs/guide.md'), /A page with this title already exists under the parent page\..*Pass --overwrite to update the page "Guide"\./, blind.stdout);
    assert.match(page('Guide').markdown, /Three\./, 'the page is as it was');
  });

  it('a page the tree did not record, carrying its file\'s notice, is said to be taken over in the text plan, --json and the Markdown plan', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide.md': '# Guide\n\nOne.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    // A run that stopped before recording, or another folder of the same account with a page of this title here: the
    // text changed, and the repository is not known, so only --overwrite takes it (cliSamePathUnknownRepository.test.ts).
    await rm(join(root, 'docs', '.wiki-pages.json'));
    await writeFile(join(root, 'docs', 'guide.md'), '# Guide\n\nTwo.\n');
    const taken = /\(wiki checked: a page with this title is there that no record names, carrying this file's publish notice \(version 1\): it would be taken as this file's page and updated\)$/;
    const dry = await runCli(['publish', 'docs', ...TO, '--overwrite', '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout.split('\n').find((line) => line.includes('docs/guide.md ->')) ?? '', taken, dry.stdout);
    assert.doesNotMatch(dry.stdout, /as last published/, 'no page here was published from a record');
    const json = await runCli(['publish', 'docs', ...TO, '--overwrite', '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assertRecordsValid(jsonLines(json), 'a tree plan that takes over an unrecorded page');
    assert.deepEqual(fileRecords(json).find((record) => record.file === 'docs/guide.md')?.wikiEdits, { checked: true, verdict: 'asLeft', version: 1, adopted: true });
    const markdown = await runCli(['plan', 'docs', ...TO, '--overwrite'], { cwd: root, env: cli.env() });
    assert.match(resolvedRow(markdown.stdout, 'docs/guide.md'), /\| docs\/guide\.md \|[^\n]*\| wiki checked: a page with this title is there that no record names, carrying this file's publish notice \(version 1\): it would be taken as this file's page/, markdown.stdout);
    // The run takes it, as before, and its line says what it did.
    const run = await runCli(['publish', 'docs', ...TO, '--overwrite'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout.split('\n').find((line) => line.includes('docs/guide.md ->')) ?? '', /taken as this file's page and updated/, run.stdout);
    assert.match(page('Guide').markdown, /Two\./);
  });

  it('--no-record leaves .wiki-pages.json as it is and lists the IDs it would have written', async () => {
    const root = await cli.tree({ 'docs/guide/setup.md': '# Setup\n\nRun it.\n' });
    const run = await runCli(['publish', 'docs', ...TO, '--no-record'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    await assert.rejects(readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8'), { code: 'ENOENT' }, 'no manifest written');
    const listed = `2 page IDs were not recorded in docs/.wiki-pages.json (--no-record): guide/ = ${page('Guide').id}, guide/setup.md = ${page('Setup').id}`;
    assert.ok(run.stderr.includes(listed), run.stderr);
    // Run again: both pages are found unchanged, none is new, and the line says only what is true of them.
    const again = await runCli(['publish', 'docs', ...TO, '--no-record', '--overwrite'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.equal(cli.world.sandbox.pages().filter((each) => ['Guide', 'Setup'].includes(each.title) && !each.deleted).length, 2, 'no new page');
    assert.ok(again.stderr.includes(listed), again.stderr);
    assert.doesNotMatch(`${run.stderr}${again.stderr}`, /new page ID/);
  });

  it('a page the --state file records at its place is updated when .wiki-pages.json does not record it (--no-record, or a CI runner whose record was never committed)', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n\n[Setup](guide/setup.md)\n', 'docs/guide/setup.md': '# Setup\n\nRun it.\n' });
    const run = (extra: string[] = []): ReturnType<typeof runCli> => runCli(['publish', 'docs', ...TO, '--state', 'state.json', ...extra], { cwd: root, env: cli.env() });
    for (const [step, lose] of [['--no-record', false], ['the record lost', true]] as const) {
      const first = await run(lose ? [] : ['--no-record']);
      assert.equal(first.code, 0, `${step}: ${first.stdout}\n${first.stderr}`);
      if (lose) await rm(join(root, 'docs', '.wiki-pages.json'));
      await writeFile(join(root, 'docs', 'guide', 'setup.md'), `# Setup\n\nRun it (${step}).\n`);
      const dry = await run([...(lose ? [] : ['--no-record']), '--dry-run']);
      // The repository records no page: this machine's record names the folder page (its listing unchanged, and its
      // link to Setup reaching the same page), and the page below it at its place.
      assert.match(dry.stdout, /^unchanged {3}docs\/guide\/ -> "Guide" in DOCS under 123456/m, `${step}: ${dry.stdout}`);
      assert.match(dry.stdout, new RegExp(`^ {2}would update docs/guide/setup\\.md -> "Setup" in DOCS under ${page('Guide').id}`, 'm'), `${step}: ${dry.stdout}`);
      const again = await run(lose ? [] : ['--no-record']);
      assert.equal(again.code, 0, `${step}: ${again.stdout}\n${again.stderr}`);
      assert.match(again.stdout, /^ {2}updated {5}docs\/guide\/setup\.md -> "Setup"/m, step);
      assert.match(page('Setup').markdown, new RegExp(`Run it \\(${step.replace(/-/g, '\\-')}\\)`), step);
      assert.equal(cli.world.sandbox.pages().filter((each) => each.title === 'Setup').length, 1, `${step}: one Setup page`);
    }
  });

  const stateOnlyTree = {
    'docs/index.md': '# Overview\n\nRead the [setup](guide/setup.md) and [the API](reference/api.md).\n',
    'docs/guide/README.md': '# Guide\n\nAll about it.\n',
    'docs/guide/setup.md': '# Setup\n\nSee [the API](../reference/api.md#tokens) and [the notes](../notes.md).\n',
    'docs/reference/api.md': '# API\n\n## Tokens\n\nUse one.\n',
    'docs/notes.md': '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Release notes\n---\n# Release notes\n\nSee [setup](guide/setup.md).\n',
  };
  for (const step of ['--no-record', 'the record lost'] as const) {
    it(`a tree the --state file alone records (${step}) is left alone when nothing changed, and its links keep reaching their pages`, async () => {
      const root = await cli.tree(stateOnlyTree);
      const publish = (): ReturnType<typeof runCli> => runCli(['publish', 'docs', ...TO, '--state', 'state.json', ...(step === '--no-record' ? ['--no-record'] : [])], { cwd: root, env: cli.env() });
      const first = await publish();
      assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
      for (const run of ['second', 'third']) {
        if (step === 'the record lost') await rm(join(root, 'docs', '.wiki-pages.json'));
        const imports = cli.world.sandbox.imports.length;
        const again = await publish();
        assert.equal(again.code, 0, `${run} run: ${again.stdout}\n${again.stderr}`);
        assert.match(again.stdout, /^0 published, 0 failed, 0 refused, 6 unchanged; second pass \(links to new pages\): 0$/m, `${run} run: ${again.stdout}`);
        assert.equal(cli.world.sandbox.imports.length, imports, `${run} run: nothing sent`);
      }
      // What the first run wrote stands: the links reach their pages (none was sent again with a link as written).
      const base = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/`;
      assert.ok(page('Setup').markdown.includes(`](${base}${page('API').id}/API#`), page('Setup').markdown);
      assert.ok(page('Overview').markdown.includes(`](${base}${page('Setup').id}/Setup)`), page('Overview').markdown);
      assert.ok(page('Release notes').markdown.includes(`](${base}${page('Setup').id}/Setup)`), page('Release notes').markdown);
      // Pages edited: sent once each, their links to unchanged pages (at their level, or below) reaching those pages.
      if (step === 'the record lost') await rm(join(root, 'docs', '.wiki-pages.json'));
      await writeFile(join(root, 'docs', 'index.md'), '# Overview\n\nRead the [setup](guide/setup.md) and [the API](reference/api.md), today.\n');
      await writeFile(join(root, 'docs', 'guide', 'setup.md'), '# Setup\n\nSee [the API](../reference/api.md#tokens) and [the notes](../notes.md), today.\n');
      const edited = await publish();
      assert.equal(edited.code, 0, `${edited.stdout}\n${edited.stderr}`);
      assert.match(edited.stdout, /^2 published, 0 failed, 0 refused, 4 unchanged; second pass \(links to new pages\): 0$/m, edited.stdout);
      assert.ok(page('Setup').markdown.includes(`](${base}${page('API').id}/API#Tokens) and [the notes](${base}${page('Release notes').id}/Release+notes), today`), page('Setup').markdown);
      assert.ok(page('Overview').markdown.includes(`](${base}${page('Setup').id}/Setup) and [the API](${base}${page('API').id}/API), today`), page('Overview').markdown);
      assert.match((await publish()).stdout, /^0 published, 0 failed, 0 refused, 6 unchanged/m, 'and then nothing is sent again');
    });
  }

  it('the plan of a re-run that only the --state file records says the pages below a folder page are updated, not created with a title "already elsewhere"', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n\n[Setup](guide/setup.md)\n', 'docs/guide/setup.md': '# Setup\n\nRun it.\n' });
    const publish = (...extra: string[]): ReturnType<typeof runCli> => runCli(['publish', 'docs', ...TO, '--state', 'state.json', '--no-record', ...extra], { cwd: root, env: cli.env() });
    const first = await publish();
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    await writeFile(join(root, 'docs', 'guide', 'setup.md'), '# Setup\n\nRun it again.\n');
    const setupId = page('Setup').id;
    // The folder page's ID is this machine's record's: the page below it is planned at its recorded place.
    const dry = await publish('--dry-run');
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    const setupLine = dry.stdout.split('\n').find((line) => line.includes('docs/guide/setup.md ->')) ?? '';
    assert.match(setupLine, new RegExp(`^ {2}would update docs/guide/setup\\.md -> "Setup" in DOCS under ${page('Guide').id}`), dry.stdout);
    assert.doesNotMatch(dry.stdout, /already exists elsewhere/, dry.stdout);
    const markdown = await runCli(['plan', 'docs', ...TO, '--state', 'state.json', '--format', 'markdown'], { cwd: root, env: cli.env() });
    assert.equal(markdown.code, 0, `${markdown.stdout}\n${markdown.stderr}`);
    assert.match(markdown.stdout.split('\n').find((line) => line.includes('docs/guide/setup.md')) ?? '', /update/, markdown.stdout);
    assert.doesNotMatch(markdown.stdout, /already exists elsewhere|would create/, markdown.stdout);
    // What the dry run said is what the publish does, and the digest of the reviewed plan holds.
    const reviewed = await runCli(['plan', 'docs', ...TO, '--state', 'state.json', '--format', 'json'], { cwd: root, env: cli.env() });
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    const run = await publish('--expect-plan', '@review.jsonl');
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /^ {2}updated {5}docs\/guide\/setup\.md -> "Setup"/m, run.stdout);
    assert.equal(page('Setup').id, setupId);
    assert.match(page('Setup').markdown, /Run it again\./);
  });

  it('a folder page only the --state file records, deleted on the wiki: the plan says the page below it is created anew under its new page, as the run does', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n\nHello.\n', 'docs/guide/setup.md': '# Setup\n\nRun it.\n', 'docs/guide/faq.md': '# FAQ\n\nAsk.\n' });
    const publish = (...extra: string[]): ReturnType<typeof runCli> => runCli(['publish', 'docs', ...TO, '--state', 'state.json', '--no-record', ...extra], { cwd: root, env: cli.env() });
    assert.equal((await publish()).code, 0);
    const guide = page('Guide');
    cli.world.sandbox.deletePage(guide.id);
    await writeFile(join(root, 'docs', 'guide', 'setup.md'), '# Setup\n\nRun it again.\n');
    const dry = await publish('--dry-run');
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    const line = (file: string): string => dry.stdout.split('\n').find((each) => each.includes(`${file} ->`)) ?? '';
    assert.match(line('docs/guide/'), /would create docs\/guide\/ -> "Guide"/, dry.stdout);
    assert.match(line('docs/guide/setup.md'), /would create docs\/guide\/setup\.md -> "Setup" in DOCS under the tree's page "Guide"/, dry.stdout);
    // Unchanged, it goes too: its page is under the deleted folder page.
    assert.match(line('docs/guide/faq.md'), /would create docs\/guide\/faq\.md -> "FAQ" in DOCS under the tree's page "Guide"/, dry.stdout);
    const reviewed = await runCli(['plan', 'docs', ...TO, '--state', 'state.json', '--format', 'json'], { cwd: root, env: cli.env() });
    await writeFile(join(root, 'review.jsonl'), reviewed.stdout);
    const run = await publish('--expect-plan', '@review.jsonl');
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /^ {2}created {5}docs\/guide\/setup\.md -> "Setup"/m, run.stdout);
    const newGuide = page('Guide');
    assert.notEqual(newGuide.id, guide.id);
    assert.match(cli.world.sandbox.pages().find((each) => each.title === 'Setup' && !each.deleted && each.parentId === newGuide.id)?.markdown ?? '', /Run it again\./);
    assert.match(cli.world.sandbox.pages().find((each) => each.title === 'FAQ' && !each.deleted && each.parentId === newGuide.id)?.markdown ?? '', /Ask\./, run.stdout);
  });

  it('--retarget keeps .wiki-pages.json as it is until a page of the new tree lands: a refused tree leaves the old record, a published one replaces it', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const manifestPath = join(root, 'docs', '.wiki-pages.json');
    const recorded = await readFile(manifestPath, 'utf8');
    // A parent page that is not there, and a run without page access: every page refused, nothing lands.
    const missing = await runCli(['publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '999999', '--retarget'], { cwd: root, env: cli.env() });
    assert.equal(missing.code, 1, `${missing.stdout}\n${missing.stderr}`);
    assert.equal(await readFile(manifestPath, 'utf8'), recorded, 'the record of the published tree is kept');
    const noAccess = await runCli(['publish', 'docs', '--tree', '--space', 'ENG', '--parent', '234567', '--retarget'], { cwd: root, env: cli.env(false) });
    assert.equal(noAccess.code, 1, `${noAccess.stdout}\n${noAccess.stderr}`);
    assert.equal(await readFile(manifestPath, 'utf8'), recorded, 'the record of the published tree is kept');
    // The next run without flags still takes the recorded pages: found as last published, nothing to send.
    const again = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(again.stdout, /0 to send \(0 new, 0 updating.*\), 5 unchanged/, again.stdout);
    assert.equal(again.stdout.match(/wiki edits checked: version \d+ is as last published/g)?.length, 5, again.stdout);

    const moved = await runCli(['publish', 'docs', '--tree', '--space', 'ENG', '--parent', '234567', '--retarget'], { cwd: root, env: cli.env() });
    assert.equal(moved.code, 0, `${moved.stdout}\n${moved.stderr}`);
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { space: string; parent: string; pages: Record<string, { id: string }> };
    assert.deepEqual([manifest.space, manifest.parent], ['ENG', '234567']);
    const oldIds = new Set(Object.values((JSON.parse(recorded) as { pages: Record<string, { id: string }> }).pages).map((entry) => entry.id));
    assert.deepEqual(Object.keys(manifest.pages).sort(), Object.keys((JSON.parse(recorded) as { pages: object }).pages).sort());
    assert.ok(Object.values(manifest.pages).every((entry) => !oldIds.has(entry.id)), 'only the new tree\'s pages are recorded');
  });

  it('a move is said in the text plan before sending: the old page stays where it is', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    await rename(join(root, 'docs', 'reference', 'api.md'), join(root, 'docs', 'guide', 'api.md'));
    const dry = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(dry.stdout, /^moves: 1 - the old page stays where it is \(the service cannot move pages\):$/m);
    assert.match(dry.stdout, new RegExp(`^  docs/reference/api\\.md -> docs/guide/api\\.md: page ${page('API').id} stays; a new page is created - http`, 'm'));
    const json = jsonLines(await runCli(['publish', 'docs', '--tree', '--dry-run', '--json'], { cwd: root, env: cli.env() }));
    assertRecordsValid(json, 'a move with the old page\'s address');
    assert.match(String((json.find((record) => record.type === 'tree') as { moves?: Array<{ url?: string }> } | undefined)?.moves?.[0]?.url), /^http:\/\/127\.0\.0\.1:\d+\/wiki\/spaces\/DOCS\/pages\/\d+\/API$/);
  });

  it('a tree publish draws Mermaid fences with --diagrams, and leaves them as code with a caution without it', async () => {
    const root = await cli.tree({ 'docs/guide/flow.md': '# Flow\n\n```mermaid\ngraph TD; A-->B\n```\n', 'docs/guide/plain.md': '# Plain\n\nText.\n' });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(dry.stdout, /docs\/guide\/flow\.md.*\[caution: 1 Mermaid diagram will show as code.* in --diagrams \(or WIKI_PUBLISHER_DIAGRAMS\)\.\]/);
    const drawn = await runCli(['publish', 'docs', ...TO, '--diagrams', 'http://127.0.0.1:9/kroki'], { cwd: root, env: cli.env() });
    assert.equal(drawn.code, 0, `${drawn.stdout}\n${drawn.stderr}`);
    assert.match(page('Flow').markdown, /^!\[Diagram 1\]\(http:\/\/127\.0\.0\.1:9\/kroki\/mermaid\/png\/[A-Za-z0-9_-]+\)$/m);
    assert.doesNotMatch(page('Flow').markdown, /```mermaid/);
  });

  it('a tree named by its numeric space ID links to pages by the space\'s key, or without page access by the page-ID address', async () => {
    const root = await cli.tree(TREE);
    const byId = ['--tree', '--space', '1001', '--parent', '123456', '--state', '.wiki-state.json'];
    assert.equal((await runCli(['publish', 'docs', ...byId], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs', 'guide', 'setup.md'), '# Setup\n\nSee [the API](../reference/api.md#tokens).\n\nAgain.\n');
    // Only Setup goes: API is recorded and unchanged, so its address is made from the recorded ID, not learnt.
    const again = await runCli(['publish', 'docs', ...byId, '--json'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.match(page('Setup').markdown, new RegExp(`/wiki/spaces/DOCS/pages/${page('API').id}/API#Tokens\\)`));

    // Without page access the key cannot be looked up: the link takes the platform's page-ID address, which needs
    // none, and a reader who follows it lands on the API page (a /spaces/1001/ address would be a dead link). A tree
    // uses no recorded page unchecked (issue 81), so the file goes on its own, to the page this machine's --state
    // records for it.
    await writeFile(join(root, 'docs', 'guide', 'setup.md'), '# Setup\n\nSee [the API](../reference/api.md#tokens).\n\nOnce more.\n');
    const blind = await runCli(['publish', 'docs/guide/setup.md', '--state', '.wiki-state.json'], { cwd: root, env: { ...cli.env(false), WIKI_PUBLISHER_BASE_URL: cli.world.sandbox.baseUrl } });
    assert.equal(blind.code, 0, `${blind.stdout}\n${blind.stderr}`);
    const address = `${cli.world.sandbox.baseUrl}/wiki/pages/viewpage.action?pageId=${page('API').id}`;
    assert.ok(page('Setup').markdown.includes(`(${address}#Tokens)`), page('Setup').markdown);
    const followed = await fetch(address);
    assert.equal(followed.url, cli.world.sandbox.pageAddress(page('API').id));
    assert.match(await followed.text(), /<h1>API<\/h1>/);
  });

  it('a link to a file whose front matter names its page in another space goes to that page by that space\'s key (named by its key or its ID), or without page access by the page-ID address', async () => {
    const inEng = (space: string, title: string): string => `---\nwiki:\n  spaceId: "${space}"\n  parentId: "234567"\n---\n# ${title}\n\nBack to the [overview](index.md).\n`;
    const root = await cli.tree({ ...TREE, 'docs/index.md': '# Overview\n\nRead the [engineering notes](eng.md).\n', 'docs/eng.md': inEng('ENG', 'Eng notes') });
    const first = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    const notes = page('Eng notes');
    assert.equal(notes.spaceKey, 'ENG');
    const engAddress = `${cli.world.sandbox.baseUrl}/wiki/spaces/ENG/pages/${notes.id}/Eng+notes`;
    assert.ok(page('Overview').markdown.includes(`[engineering notes](${engAddress})`), page('Overview').markdown);
    assert.ok(notes.markdown.includes(`[overview](${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Overview').id}/Overview)`), notes.markdown);
    const followed = await fetch(engAddress);
    assert.equal(followed.status, 200, 'a reader who follows the link lands on the page');
    assert.match(await followed.text(), /<h1>Eng notes<\/h1>/);

    // Named by the space's numeric ID: its key is looked up; a re-run reaches the recorded page by it too.
    const byId = await cli.tree({ ...TREE, 'docs/index.md': '# Overview\n\nRead the [engineering notes](eng.md).\n', 'docs/eng.md': inEng('1002', 'Eng by ID') });
    const state = ['--state', '.wiki-state.json'];
    assert.equal((await runCli(['publish', 'docs', ...TO, ...state, '--overwrite'], { cwd: byId, env: cli.env() })).code, 0);
    const byIdPage = page('Eng by ID');
    const byIdAddress = `${cli.world.sandbox.baseUrl}/wiki/spaces/ENG/pages/${byIdPage.id}/Eng+by+ID`;
    assert.ok(page('Overview').markdown.includes(`[engineering notes](${byIdAddress})`), page('Overview').markdown);
    const edit = async (line: string): Promise<void> => writeFile(join(byId, 'docs', 'index.md'), `${await readFile(join(byId, 'docs', 'index.md'), 'utf8')}${line}\n`);
    await edit('Again.');
    const again = await runCli(['publish', 'docs', '--tree', ...state], { cwd: byId, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.ok(page('Overview').markdown.includes(`[engineering notes](${byIdAddress}).\nAgain.`), page('Overview').markdown);

    // Without page access that key cannot be learnt: the page-ID address, which names no space, as for the tree's own.
    // The file goes on its own, to the page this machine's --state records (a tree uses no recorded page unchecked).
    await edit('Once more.');
    const blind = await runCli(['publish', 'docs/index.md', ...state], { cwd: byId, env: { ...cli.env(false), WIKI_PUBLISHER_BASE_URL: cli.world.sandbox.baseUrl } });
    assert.equal(blind.code, 0, `${blind.stdout}\n${blind.stderr}`);
    const byPageId = `${cli.world.sandbox.baseUrl}/wiki/pages/viewpage.action?pageId=${byIdPage.id}`;
    assert.ok(page('Overview').markdown.includes(`[engineering notes](${byPageId})`), page('Overview').markdown);
    assert.equal((await fetch(byPageId)).url, cli.world.sandbox.pageAddress(byIdPage.id));
  });

  it('says what moved and what is orphaned; the old pages stay', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    await rm(join(root, 'docs', 'reference'), { recursive: true });
    const text = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(text.stdout, /orphans: 2 - pages no file maps to any more/);
    const apiPage = cli.world.sandbox.pages().find((candidate) => candidate.title === 'API');
    assert.ok(apiPage);
    const apiAddress = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${apiPage.id}/API`;
    assert.ok(text.stdout.includes(`"API" (page ${apiPage.id}, was docs/reference/api.md) - ${apiAddress}`), text.stdout);
    const json = await runCli(['publish', 'docs', '--tree', '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assertRecordsValid(jsonLines(json), 'orphans with their addresses');
    const tree = jsonLines(json).find((record) => record.type === 'tree') as { orphans: Array<{ title: string; url?: string }> } | undefined;
    assert.equal(tree?.orphans.find((orphan) => orphan.title === 'API')?.url, apiAddress, '--json has the orphans with their addresses');

    // Renamed in its folder with its title kept: the page follows the file, and no orphan is left behind.
    await rename(join(root, 'docs', 'guide', 'setup.md'), join(root, 'docs', 'guide', 'set-up.md'));
    const renamed = await runCli(['publish', 'docs', '--tree', '--json'], { cwd: root, env: cli.env() });
    assert.equal(renamed.code, 0, `${renamed.stdout}\n${renamed.stderr}`);
    const moves = jsonLines(renamed).find((record) => record.type === 'tree') as { renamed: Array<{ oldPath: string; path: string }> } | undefined;
    assert.deepEqual(moves?.renamed.map((each) => [each.oldPath, each.path]), [['docs/guide/setup.md', 'docs/guide/set-up.md']]);
    const manifest = JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> };
    assert.equal(manifest.pages['guide/set-up.md']?.id, page('Setup').id);
    assert.equal(manifest.pages['guide/setup.md'], undefined);
    const after = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: cli.env() });
    assert.doesNotMatch(after.stdout, /"Setup" \(page/, 'Setup is no orphan');
  });

  it('a folder renamed with its page\'s title kept takes its pages along: renamed, not moved, and updated in place', async () => {
    // guide/'s page is titled by its README ("Guide"), so guide/ -> handbook/ keeps its page, and setup.md stays under it.
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const guide = page('Guide');
    const setup = page('Setup');
    await rename(join(root, 'docs', 'guide'), join(root, 'docs', 'handbook'));
    // Renamed within it too, its title kept: still the same page under the same folder page.
    await rename(join(root, 'docs', 'handbook', 'setup.md'), join(root, 'docs', 'handbook', 'set-up.md'));
    const dry = await runCli(['publish', 'docs', '--tree', '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    const planned = jsonLines(dry).find((record) => record.type === 'tree') as { moves: unknown[]; renamed: Array<{ oldPath: string; path: string; pageId: string }> } | undefined;
    assert.deepEqual(planned?.moves, [], 'nothing is said to move: no new page is made');
    assert.deepEqual(planned?.renamed.map((each) => [each.oldPath, each.path, each.pageId]), [
      ['docs/guide/', 'docs/handbook/', guide.id],
      ['docs/guide/setup.md', 'docs/handbook/set-up.md', setup.id],
    ]);
    assert.equal(summaryRecord(dry).moves, 0);
    const text = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: cli.env() });
    assert.doesNotMatch(text.stdout, /moves:/);

    const pagesBefore = cli.world.sandbox.pages().length;
    const run = await runCli(['publish', 'docs', '--tree'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(cli.world.sandbox.pages().length, pagesBefore, 'no page was created');
    const manifest = JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> };
    assert.deepEqual([manifest.pages['handbook/']?.id, manifest.pages['handbook/set-up.md']?.id, manifest.pages['guide/setup.md']], [guide.id, setup.id, undefined]);
  });

  it('an orphan the user deleted on the wiki, as the list advises, is said to need only its .wiki-pages.json entry removed', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    await rm(join(root, 'docs', 'reference'), { recursive: true });
    const apiPage = page('API');
    cli.world.sandbox.deletePage(apiPage.id);
    const text = await runCli(['publish', 'docs', '--tree', '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(text.stdout, /orphans: 2 - pages no file maps to any more \(the service cannot delete pages; remove them on the wiki if they should go, then their entries from the folder's \.wiki-pages\.json\):/);
    assert.ok(text.stdout.includes(`"API" (page ${apiPage.id}, was docs/reference/api.md): not on the wiki any more (deleted, or hidden from the account that checks); remove its entry "reference/api.md" from the folder's .wiki-pages.json`), text.stdout);
    // The folder page is still there: listed with its address, as before.
    const folderPage = page('Reference');
    assert.ok(text.stdout.includes(`"Reference" (page ${folderPage.id}, was docs/reference/) - ${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${folderPage.id}/Reference`), text.stdout);
    const json = await runCli(['publish', 'docs', '--tree', '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assertRecordsValid(jsonLines(json), 'an orphan not on the wiki');
    const tree = jsonLines(json).find((record) => record.type === 'tree') as { orphans: Array<{ title: string; notOnWiki?: boolean }> } | undefined;
    assert.equal(tree?.orphans.find((orphan) => orphan.title === 'API')?.notOnWiki, true);
    assert.equal(tree?.orphans.find((orphan) => orphan.title === 'Reference')?.notOnWiki, undefined);
  });

  it('a .wiki-pages.json that records one page ID for two files (a bad merge) is refused before anything is sent, naming both and the fix', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const manifestPath = join(root, 'docs', '.wiki-pages.json');
    const setup = page('Setup');
    // A merge resolved by hand gave api.md the entry of setup.md's page.
    const merged = (await readFile(manifestPath, 'utf8')).replace(/("reference\/api\.md": \{"id":")\d+/, `$1${setup.id}`);
    await writeFile(manifestPath, merged);
    const imports = cli.world.sandbox.imports.length;
    const apiLine = merged.split('\n').findIndex((line) => line.includes('"reference/api.md"')) + 1;
    const refusal = new RegExp(`docs/\\.wiki-pages\\.json:${apiLine} records page ${setup.id} for both "guide/setup\\.md" and "reference/api\\.md", but a page is the page of one file or folder only\\. ` +
      'Remove the wrong entry: the next publish of the folder as a tree, with page access, finds that file\'s page on the wiki by its title \\(or creates it\\) and records it again\\.');
    for (const args of [['--dry-run'], [], ['--json']]) {
      const run = await runCli(['publish', 'docs', '--tree', ...args], { cwd: root, env: cli.env() });
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, refusal);
    }
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
    assert.equal(await readFile(manifestPath, 'utf8'), merged, 'the manifest is left as it is');
    // Removing the wrong entry is the fix: the next run finds the API page again by its title and records it.
    const fix = JSON.parse(merged) as { pages: Record<string, unknown> };
    delete fix.pages['reference/api.md'];
    await writeFile(manifestPath, JSON.stringify(fix, null, 2));
    const fixed = await runCli(['publish', 'docs', '--tree'], { cwd: root, env: cli.env() });
    assert.equal(fixed.code, 0, `${fixed.stdout}${fixed.stderr}`);
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { pages: Record<string, { id: string }> };
    assert.equal(manifest.pages['reference/api.md']?.id, page('API').id);
    assert.equal(cli.world.sandbox.pages().filter((each) => each.title === 'API').length, 1, 'no second API page');
  });

  it('a .wiki-pages.json that records the tree\'s own parent page for a folder is refused before anything is sent, naming the entry and the fix', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const manifestPath = join(root, 'docs', '.wiki-pages.json');
    // A hand edit gave the guide folder the page the whole folder maps to: its pages would land beside the guide's.
    const edited = (await readFile(manifestPath, 'utf8')).replace(/("guide\/": \{"id":")\d+/, '$1123456');
    await writeFile(manifestPath, edited);
    const imports = cli.world.sandbox.imports.length;
    const guideLine = edited.split('\n').findIndex((line) => line.includes('"guide/"')) + 1;
    const refusal = `docs/.wiki-pages.json:${guideLine} records page 123456 both as the tree's parent page ("parent") and for "guide/", but the parent page is never a page of the tree`;
    for (const args of [['--dry-run'], [], ['--json']]) {
      const run = await runCli(['publish', 'docs', '--tree', ...args], { cwd: root, env: cli.env() });
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
      assert.ok(run.stderr.includes(refusal), run.stderr);
    }
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
    assert.equal(await readFile(manifestPath, 'utf8'), edited, 'the manifest is left as it is');
  });

  it('a .wiki-pages.json entry hand-edited to another page\'s ID is refused with its line, also with --overwrite-edited; once the entry is removed the run records the file\'s page and links reach it', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const manifestPath = join(root, 'docs', '.wiki-pages.json');
    const setup = page('Setup');
    // A typo'd ID: the space ENG's home page (234567), which is no page of this tree.
    const typo = (await readFile(manifestPath, 'utf8')).replace(/("guide\/setup\.md": \{"id":")\d+/, '$1234567');
    await writeFile(manifestPath, typo);
    const line = typo.split('\n').findIndex((text) => text.includes('"guide/setup.md"')) + 1;
    // Checked on the wiki before it is used (issue 81): refused with its line, whatever the flags say.
    for (const extra of [[], ['--overwrite-edited']]) {
      const refused = await runCli(['publish', 'docs', '--tree', ...extra], { cwd: root, env: cli.env() });
      assert.equal(refused.code, 1, `${refused.stdout}\n${refused.stderr}`);
      assert.match(refused.stdout, new RegExp(`REFUSED +docs/guide/setup\\.md -> "Setup" .*docs/\\.wiki-pages\\.json:${line} records page 234567 for "guide/setup\\.md", but that page is in another space`));
    }
    assert.equal(cli.world.sandbox.pages().find((each) => each.id === '234567')?.version, 1, 'the page the typo named is untouched');
    // The entry removed, the run finds the file's page at its place and records it again.
    const manifest = JSON.parse(typo) as { pages: Record<string, unknown> };
    delete manifest.pages['guide/setup.md'];
    await writeFile(manifestPath, JSON.stringify(manifest, null, 2));
    const run = await runCli(['publish', 'docs', '--tree', '--overwrite'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const recorded = JSON.parse(await readFile(manifestPath, 'utf8')) as { pages: Record<string, { id: string }> };
    assert.equal(recorded.pages['guide/setup.md']?.id, setup.id, 'the page the import updated is recorded');
    assert.ok(page('Overview').markdown.includes(`[setup](${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${setup.id}/Setup)`), page('Overview').markdown);
    const again = await runCli(['publish', 'docs', '--tree'], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `the next run holds nothing back: ${again.stdout}\n${again.stderr}`);
  });

  it('a hand-edited .wiki-pages.json is refused before anything is sent, naming the file, the line to fix and the fix', async () => {
    const root = await cli.tree(TREE);
    assert.equal((await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() })).code, 0);
    const manifestPath = join(root, 'docs', '.wiki-pages.json');
    const good = await readFile(manifestPath, 'utf8');
    const lineOf = (text: string, part: string, nth = 0): number => text.split('\n').map((line, index) => [line, index + 1] as const).filter(([line]) => line.includes(part))[nth]?.[1] ?? 0;
    const setupLine = good.split('\n').find((line) => line.includes('"guide/setup.md"')) ?? '';
    const mistakes: Array<[string, string, (text: string) => RegExp]> = [
      ['an ID that is not a number', good.replace(/("guide\/setup\.md": \{"id":")\d+/, '$1abc'),
        (text) => new RegExp(`docs/\\.wiki-pages\\.json:${lineOf(text, '"guide/setup.md"')} has a bad entry "guide/setup\\.md": its "id" "abc" is not a page ID`)],
      ['an entry listed twice', good.replace(setupLine, `${setupLine}\n${setupLine}`),
        (text) => new RegExp(`docs/\\.wiki-pages\\.json:${lineOf(text, '"guide/setup.md"', 1)} lists "guide/setup\\.md" twice; keep one of them`)],
      ['a comma left out', good.replace(`${setupLine}`, setupLine.replace(/,$/, '')),
        (text) => new RegExp(`docs/\\.wiki-pages\\.json:${lineOf(text, '"guide/setup.md"') + 1} is not valid JSON \\(.+\\)\\. Fix it, or restore it from git\\.`)],
      ['merge conflict markers', good.replace(setupLine, `<<<<<<< HEAD\n${setupLine}\n=======\n${setupLine}\n>>>>>>> theirs`),
        (text) => new RegExp(`docs/\\.wiki-pages\\.json:${lineOf(text, '<<<<<<<')} has merge conflict markers; resolve them`)],
    ];
    const imports = cli.world.sandbox.imports.length;
    for (const [mistake, text, refusal] of mistakes) {
      await writeFile(manifestPath, text);
      for (const args of [['--dry-run'], []]) {
        const run = await runCli(['publish', 'docs', '--tree', ...args], { cwd: root, env: cli.env() });
        assert.equal(run.code, 2, `${mistake} ${args.join(' ')}: ${run.stdout}${run.stderr}`);
        assert.match(run.stderr, refusal(text), mistake);
      }
      assert.equal(await readFile(manifestPath, 'utf8'), text, `${mistake}: the manifest is left as it is`);
    }
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
  });

  it('a .wiki-pages.json that is a symbolic link, or a pipe, is refused before anything is sent, and nothing it leads to is printed', async () => {
    const root = await cli.tree({ ...TREE, 'keys.txt': 'SECRET_DEPLOY_KEY=abcdef123456\n' });
    const manifestPath = join(root, 'docs', '.wiki-pages.json');
    // A pull request controls the repository: the manifest a link to a file outside the folder published.
    await symlink(join(root, 'keys.txt'), manifestPath);
    for (const args of [['--dry-run'], []]) {
      const run = await runCli(['publish', 'docs', ...TO, ...args], { cwd: root, env: cli.env() });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /\.wiki-pages\.json is a symbolic link; it is not followed, so that a repository cannot make the publisher read a file from outside it\. Replace the link with the file itself, or restore it from git\./);
      assert.ok(!`${run.stdout}${run.stderr}`.includes('SECRET'), 'nothing of the file the link leads to is printed');
    }
    // A pipe: read, it would wait for a writer for ever.
    await rm(manifestPath);
    execFileSync('mkfifo', [manifestPath]);
    const piped = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(piped.code, 2, piped.stderr);
    assert.match(piped.stderr, /\.wiki-pages\.json is not a regular file \(a folder, pipe, socket or device\); only regular files are read\./);
    assert.equal(cli.world.sandbox.imports.length, 0);
  });

  it('a flat publish names a .wiki-pages.json that is a link or a folder in words, from where the run starts, and goes on as if it recorded no page', async () => {
    const root = await cli.tree({ ...TREE, 'keys.txt': 'SECRET_DEPLOY_KEY=abcdef123456\n' });
    const manifestPath = join(root, 'docs', '.wiki-pages.json');
    await symlink(join(root, 'keys.txt'), manifestPath);
    const linked = await runCli(['plan', 'docs', ...TO.slice(1)], { cwd: root, env: cli.env() });
    assert.match(linked.stderr, /^wiki-publisher: docs\/\.wiki-pages\.json is a symbolic link; it is not followed, .* \(its files publish as if it recorded no page\)$/m, linked.stderr);
    assert.ok(!`${linked.stdout}${linked.stderr}`.includes('SECRET'), 'nothing of the file the link leads to is printed');
    await rm(manifestPath);
    await mkdir(manifestPath);
    const folder = await runCli(['plan', 'docs', ...TO.slice(1)], { cwd: root, env: cli.env() });
    assert.match(folder.stderr, /^wiki-publisher: docs\/\.wiki-pages\.json is not a regular file \(a folder, pipe, socket or device\); only regular files are read\./m, folder.stderr);
    assert.equal(cli.world.sandbox.imports.length, 0);
  });
});
