// The built CLI publishing a page tree whose plan refuses some pages (issue 14): what the plan refuses must be what
// the run refuses, and links to a refused page are named before sending, not found out after.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, jsonLines, runCli, summaryRecord, useCliWorld } from './cliHarness';
import { assertRecordsValid } from './jsonSchema';

const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];

describe('CLI --tree, pages the plan refuses', () => {
  const cli = useCliWorld();

  it('a page under a folder page the plan refuses is refused in the plan too, as the run refuses it, and names that folder page', async () => {
    // The folder page "Setup" (made from the folder's name) shares its title with guide/setup.md: both are refused,
    // so setup/child.md has no parent page to land under.
    const root = await cli.tree({
      'docs/index.md': '# Home\n\nText.\n',
      'docs/guide/setup.md': '# Setup\n\nA page called Setup.\n',
      'docs/setup/child.md': '# Child page\n\nText.\n',
      'docs/setup/deeper/leaf.md': '# Leaf\n\nText.\n',
    });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 1, dry.stderr);
    const planned = (file: string): Record<string, unknown> | undefined => fileRecords(dry).find((record) => record.file === file);
    assert.deepEqual(['docs/setup/', 'docs/setup/child.md', 'docs/setup/deeper/', 'docs/setup/deeper/leaf.md'].map((file) => planned(file)?.status), ['refused', 'refused', 'refused', 'refused']);
    const reason = (record: Record<string, unknown> | undefined): string => ((record?.refusals as string[] | undefined) ?? []).join(' ');
    assert.match(reason(planned('docs/setup/child.md')), /its folder's page \("Setup"\) is refused/);
    assert.match(reason(planned('docs/setup/deeper/leaf.md')), /its folder's page \("Deeper"\) is refused/);
    assertRecordsValid(jsonLines(dry), 'a tree plan with pages under a refused folder page');
    const text = await runCli(['publish', 'docs', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(text.stdout, /^ {2}WOULD REFUSE docs\/setup\/child\.md -> "Child page" in DOCS under the tree's page "Setup": .*is refused/m);
    assert.match(text.stdout, /2 to send .* 5 would be refused/);

    const run = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    // Under the folder page it would have had, not the chosen page the plan held in its place.
    assert.match(run.stdout, /^ {2}REFUSED {5}docs\/guide\/setup\.md -> "Setup" in DOCS under \d+: /m);
    assert.match(run.stdout, /^ {2}REFUSED {5}docs\/setup\/child\.md -> "Child page" in DOCS under the tree's page "Setup": .*is refused/m);
    assert.doesNotMatch(run.stdout, /docs\/setup\/child\.md[^\n]*under 123456/);
    assert.match(run.stdout, /^2 published, 0 failed, 5 refused/m);
    assert.deepEqual(cli.world.sandbox.imports.map((sent) => (sent.body as { pageTitle?: string }).pageTitle).sort(), ['Guide', 'Home'], 'nothing below the refused folder page was sent');
  });

  it('a link to a page the plan refuses says so in the dry run and the run, with the same reason, and a later run fills it in', async () => {
    const root = await cli.tree({
      'docs/index.md': '# Home\n\nSee [the API](ref/api.md), [the folder](Api/), [its page](Api/other.md) and [notes](notes.md).\n',
      'docs/Api/other.md': '# api\n\nLower.\n',
      'docs/ref/api.md': '# API\n\nUpper.\n',
      // Refused before the tree is shaped (not UTF-8 text): no node of the tree, but a file of the run all the same.
      'docs/notes.md': 'Notes\u0000\n',
    });
    const caution = '4 links stay as written and will not work on the wiki (its page is refused in this run, for the reason listed with it: a publish after it lands fills the link in): ref/api.md, Api/, Api/other.md, ...';
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 1, dry.stderr);
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'docs/index.md')?.cautions, [caution]);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    const index = fileRecords(run).find((record) => record.file === 'docs/index.md');
    assert.deepEqual(index?.cautions, [caution], 'the run says what the plan said');
    assert.deepEqual(index?.linkCautions, ['ref/api.md', 'Api/', 'Api/other.md', 'notes.md'].map((target) => ({ target, reason: 'refusedPage' })));
    assertRecordsValid(jsonLines(run), 'a tree run with links to refused pages');
    const home = (): string => cli.world.sandbox.pages().find((page) => page.title === 'Home' && !page.deleted)?.markdown ?? '';
    assert.match(home(), /\[the API\]\(ref\/api\.md\), \[the folder\]\(Api\/\)/, 'sent as written');

    // The titles told apart and the notes saved as text: the refused files land, and the links to them are filled in.
    await writeFile(join(root, 'docs/Api/other.md'), '# Other\n\nLower.\n');
    await writeFile(join(root, 'docs/ref/api.md'), '# API reference\n\nUpper.\n');
    await writeFile(join(root, 'docs/notes.md'), '# Notes\n\nText.\n');
    const again = await runCli(['publish', 'docs', ...TO], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    const idOf = (title: string): string => cli.world.sandbox.pages().find((page) => page.title === title && !page.deleted)?.id ?? 'none';
    for (const title of ['API reference', 'Api', 'Other', 'Notes']) assert.match(home(), new RegExp(`/pages/${idOf(title)}\\b`), `the link to "${title}" reaches its page`);
    assert.doesNotMatch(home(), /\]\((?:ref\/api|Api\/|notes)/, 'no link left as written');
  });

  it('without page access or the wiki\'s address, a link to a refused page is counted with every link: no page address can be made, said once in the plan and the run', async () => {
    // Both pages recorded, so the tree can go without page access; two titles alike, so both are refused.
    const root = await cli.tree({
      'docs/index.md': '# Home\n\nSee [one](one.md).\n',
      'docs/one.md': '# Twin\n\nOne.\n',
      'docs/two.md': '# twin\n\nTwo.\n',
      'docs/.wiki-pages.json': '{"version":1,"space":"DOCS","parent":"123456","pages":{"index.md":{"id":"900001","title":"Home"}}}\n',
    });
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env(false) });
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env(false) });
    for (const [name, output] of [['plan', dry], ['run', run]] as const) {
      const index = fileRecords(output).find((record) => record.file === 'docs/index.md');
      assert.deepEqual(index?.cautions, [], name);
      assert.equal(summaryRecord(output).linksWithoutAddress, 1, name);
      assert.match(output.stderr, /Links between files stay as written \(1 of them\)/, name);
    }
  });

  it('a link to a page whose create met a colleague\'s page of that title ("already exists") stays as written: it never reaches the colleague\'s page', async () => {
    const root = await cli.tree({
      'bob/top.md': '# Top\n\nBob wrote this.\n',
      'docs/index.md': '# Home\n\nSee [the top](top.md).\n',
      'docs/top.md': '# Top\n\nMine.\n',
    });
    // A colleague's page with the title docs/top.md would take, under the tree's parent page.
    const bob = cli.world.sandbox.issueToken({ label: 'colleague', owner: 'bob' }).token;
    cli.secrets.push(bob);
    const flat = await runCli(['publish', 'bob/top.md', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_API_TOKEN: bob } });
    assert.equal(flat.code, 0, `${flat.stdout}\n${flat.stderr}`);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.equal(fileRecords(run).find((record) => record.file === 'docs/top.md')?.status, 'failed');
    const home = cli.world.sandbox.pages().find((page) => page.title === 'Home' && !page.deleted);
    assert.match(home?.markdown ?? '', /\[the top\]\(top\.md\)/, 'not a link to the colleague\'s page');
    assert.deepEqual(summaryRecord(run).linksLeft, [{ file: 'docs/index.md', waitsFor: ['docs/top.md'] }]);
  });

  it('a link to a page the wiki\'s checks refuse after the plan (a title given to the space under its other name) is named before sending, as the run names it', async () => {
    const root = await cli.tree({
      'docs/index.md': '# Home\n\nSee the [guide](guide.md).\n',
      'docs/guide.md': '# Guide\n\nText.\n',
      // The tree's space by its numeric ID, with the guide's title: only the wiki tells that 1001 is DOCS.
      'docs/pinned.md': '---\nwiki:\n  spaceId: "1001"\n  parentId: "123456"\n  pageTitle: Guide\n---\n# Pinned\n\nText.\n',
    });
    const caution = '1 link stays as written and will not work on the wiki: guide.md (its page is refused in this run, for the reason listed with it: a publish after it lands fills the link in).';
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(fileRecords(dry).find((record) => record.file === 'docs/guide.md')?.status, 'refused', dry.stdout);
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'docs/index.md')?.cautions, [caution], dry.stdout);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.deepEqual(fileRecords(run).find((record) => record.file === 'docs/index.md')?.cautions, [caution], 'the run says what the plan said');
  });

  it('a file whose front matter names the page the tree is published under is refused before sending, by ID or by title and parent, also with --overwrite; the page is untouched', async () => {
    const root = await cli.tree({ 'handbook.md': '# Handbook\n\nThe handbook.\n', 'docs/intro.md': '# Introduction\n\nHello.\n' });
    const flat = await runCli(['publish', 'handbook.md', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env() });
    assert.equal(flat.code, 0, `${flat.stdout}${flat.stderr}`);
    const handbook = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Handbook');
    assert.ok(handbook);
    const id = handbook.id;
    const under = ['--tree', '--space', 'DOCS', '--parent', id, '--overwrite'];
    const fix = `Point its wiki: keys at another page, or remove them (the file then becomes a page of the tree); if rewriting page ${id} is really meant, publish that file on its own, not as a tree (on the command line, without --tree).`;
    const byId = `Not sent: the front matter of docs/home.md names page ${id} (wiki.pageId), the tree's parent page, but a tree publish never rewrites its parent page: the folder's files and subfolders become its children. ${fix}`;
    const byPlace = `Not sent: the front matter of docs/home.md names the page titled "Handbook" under page 123456, which is page ${id}, the tree's parent page, but a tree publish never rewrites its parent page: the folder's files and subfolders become its children. ${fix}`;
    // What Open Wiki Page as Markdown writes for the handbook page (every key), and the same without its ID.
    const cases: Array<[string, string]> = [
      [`---\nwiki:\n  spaceId: "DOCS"\n  parentId: "123456"\n  pageTitle: "Handbook"\n  pageId: "${id}"\n---\n# Handbook\n\nRewritten by a pull request.\n`, byId],
      ['---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Handbook\n---\n# Handbook\n\nRewritten by a pull request.\n', byPlace],
    ];
    for (const [index, [text, reason]] of cases.entries()) {
      await writeFile(join(root, 'docs', 'home.md'), text);
      const dry = await runCli(['publish', 'docs', ...under, '--dry-run'], { cwd: root, env: cli.env() });
      assert.equal(dry.code, 1, `${dry.stdout}${dry.stderr}`);
      assert.ok(dry.stdout.includes(`WOULD REFUSE docs/home.md -> "Handbook" in DOCS under 123456: ${reason}\n`), dry.stdout);
      const run = await runCli(['publish', 'docs', ...under], { cwd: root, env: cli.env() });
      assert.equal(run.code, 1, `${run.stdout}${run.stderr}`);
      assert.ok(run.stdout.includes(`REFUSED     docs/home.md -> "Handbook" in DOCS under 123456: ${reason}\n`), run.stdout);
      // The introduction goes once; the next run finds its page as it left it (its notice says so).
      assert.match(run.stdout, index === 0 ? /^1 published, 0 failed, 1 refused, 0 unchanged/m : /^0 published, 0 failed, 1 refused, 1 unchanged/m);
      const json = await runCli(['publish', 'docs', ...under, '--json'], { cwd: root, env: cli.env() });
      assert.equal(json.code, 1);
      // A run's record of a file it did not send has the message.
      const record = fileRecords(json).find((each) => each.file === 'docs/home.md');
      assert.deepEqual([record?.status, record?.message], ['refused', reason]);
      assertRecordsValid(jsonLines(json), 'a tree run with a file naming the tree\'s parent page');
    }
    assert.ok(!cli.world.sandbox.imports.some((sent) => JSON.stringify(sent.body).includes('pull request')), 'nothing of the file was sent');
    const after = cli.world.sandbox.pages().find((page) => page.id === id);
    assert.deepEqual([after?.version, after?.markdown], [1, '# Handbook\n\nThe handbook.\n'], 'the chosen page is untouched');
    assert.equal(cli.world.sandbox.findPageByTitle('DOCS', id, 'Introduction')?.parentId, id, 'the rest of the tree lands under it');
  });
});
