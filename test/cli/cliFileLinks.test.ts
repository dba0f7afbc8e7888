// The built CLI publishing a file without --tree (issue 14, section 3): a link to a file whose page the repository
// records (.wiki-pages.json) reaches that page, with the wiki's heading anchor; the dry run says how many links go to
// pages and names the links that stay as written; the file on disk is never changed.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, jsonLines, runCli, summaryRecord, useCliWorld } from './cliHarness';
import { assertRecordsValid } from './jsonSchema';

const NOTES = '# Notes\n\nSee [x](docs/guide/setup.md#install), [y](missing.md) and [z](diagram.png).\n';
const TO = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI: links to other files in a flat publish', () => {
  const cli = useCliWorld();
  const page = (title: string) => {
    const found = cli.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found;
  };

  it('a file linking to one never published is not sent again on every publish; the run that publishes both fills the link in', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nSee [gamma](c.md).\n', 'docs/c.md': '# Gamma\n\nText.\n' });
    const publish = (path: string) => runCli(['publish', path, ...TO, '--state', 'state.json', '--json'], { cwd: root, env: cli.env() });
    const statuses = (run: Awaited<ReturnType<typeof runCli>>) => fileRecords(run).map((record) => [record.file, record.status, (record.pass as number | undefined) ?? 1]);
    const first = await publish('docs/a.md');
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    assert.match(page('Alpha').markdown, /\[gamma\]\(c\.md\)/);
    const version = page('Alpha').version;
    // Nothing changed, and c.md still has no page: sending Alpha again would only add a version that changes nothing.
    const again = await publish('docs/a.md');
    assert.deepEqual(statuses(again), [['docs/a.md', 'skipped', 1]], again.stdout);
    assert.equal(page('Alpha').version, version);
    // Publishing both: Gamma is created, and Alpha goes with it, once, its link filled in by the second pass (its
    // page holds its text already: a first send would only add a version that changes nothing).
    const both = await publish('docs');
    assert.equal(both.code, 0, `${both.stdout}\n${both.stderr}`);
    assert.deepEqual(statuses(both).filter(([file]) => file === 'docs/a.md').map(([, status, pass]) => [status, pass]), [['published', 2]], both.stdout);
    assert.equal(page('Alpha').version, version + 1, 'one new version of Alpha');
    assert.ok(page('Alpha').markdown.includes(`/wiki/spaces/DOCS/pages/${page('Gamma').id}/Gamma)`), page('Alpha').markdown);
    const settled = await publish('docs');
    assert.deepEqual(statuses(settled).map(([file, status]) => [file, status]), [['docs/a.md', 'skipped'], ['docs/c.md', 'skipped']], settled.stdout);
  });

  it('a link to a recorded file reaches its page; --dry-run --json counts it and names the links that stay', async () => {
    const root = await cli.tree({ 'docs/guide/setup.md': '# Setup\n\n## Install\n\nRun it.\n' });
    const tree = await runCli(['publish', 'docs', '--tree', ...TO], { cwd: root, env: cli.env() });
    assert.equal(tree.code, 0, `${tree.stdout}\n${tree.stderr}`);
    await writeFile(join(root, 'notes.md'), NOTES);

    const dry = await runCli(['publish', 'notes.md', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    const [planned] = fileRecords(dry);
    assert.equal(planned?.linksToPages, 1);
    assert.deepEqual(planned?.cautions, ['2 links stay as written and will not work on the wiki: missing.md (no such file), diagram.png (not a Markdown file).']);
    assertRecordsValid(jsonLines(dry), 'a dry run with links to pages');
    const text = await runCli(['publish', 'notes.md', ...TO, '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(text.stdout, /^would create notes\.md -> "Notes" in DOCS under 123456 .*\(1 link to another file goes to its page\) \[caution: 2 links stay/m);

    const sent = await runCli(['publish', 'notes.md', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(sent.code, 0, `${sent.stdout}\n${sent.stderr}`);
    const setup = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup`;
    assert.equal(page('Notes').markdown, `# Notes\n\nSee [x](${setup}#Install), [y](missing.md) and [z](diagram.png).\n`);
    assert.equal(await readFile(join(root, 'notes.md'), 'utf8'), NOTES, 'the file on disk is never changed');

    // Without the wiki's address no page address can be made: the link stays as written, and the run says so once,
    // with how many, rather than in the caution of every file with a link (where the links that stay for a reason of
    // their own are still named).
    const blind = await runCli(['publish', 'notes.md', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env(false) });
    const [unaddressed] = fileRecords(blind);
    assert.equal(unaddressed?.linksToPages, undefined);
    assert.deepEqual(unaddressed?.cautions, ['2 links stay as written and will not work on the wiki: missing.md (no such file), diagram.png (not a Markdown file).']);
    assert.equal(summaryRecord(blind).linksWithoutAddress, 1);
    assertRecordsValid(jsonLines(blind), 'a dry run without the wiki\'s address');
    const said = blind.stderr.split('\n').filter((line) => line.includes('Links between files stay as written'));
    assert.deepEqual(said, ['wiki-publisher: Links between files stay as written (1 of them): without page access, page addresses are made from the wiki\'s address. Set --base-url or WIKI_PUBLISHER_BASE_URL.']);
    assert.doesNotMatch(blind.stdout, /address is not set/);
    const blindText = await runCli(['publish', 'notes.md', ...TO, '--dry-run'], { cwd: root, env: cli.env(false) });
    assert.doesNotMatch(blindText.stdout, /address is not set/);
    assert.match(blindText.stderr, /Links between files stay as written \(1 of them\)/);
    // A run says it once too, and counts it in its summary.
    const blindRun = await runCli(['publish', 'notes.md', ...TO, '--overwrite', '--json'], { cwd: root, env: cli.env(false) });
    assert.equal(blindRun.code, 0, `${blindRun.stdout}\n${blindRun.stderr}`);
    assert.equal(summaryRecord(blindRun).linksWithoutAddress, 1);
    assert.equal(blindRun.stderr.split('\n').filter((line) => line.includes('Links between files stay as written')).length, 1);
    assert.equal(page('Notes').markdown, NOTES, 'sent with its links as written');
  });

  it('a link to the folder a tree was published from (no index or README there) reaches the chosen parent page that folder maps to', async () => {
    const root = await cli.tree({ 'docs/guide/setup.md': '# Setup\n\nRun it.\n' });
    const tree = await runCli(['publish', 'docs', '--tree', ...TO], { cwd: root, env: cli.env() });
    assert.equal(tree.code, 0, `${tree.stdout}\n${tree.stderr}`);
    await writeFile(join(root, 'notes.md'), '# Notes\n\nSee [the docs](docs/), [them again](docs) and [the guide](docs/guide/).\n');

    const dry = await runCli(['publish', 'notes.md', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    const [planned] = fileRecords(dry);
    assert.equal(planned?.linksToPages, 3);
    assert.deepEqual(planned?.cautions, [], 'no link waits for a page no publish will give the folder');

    const sent = await runCli(['publish', 'notes.md', ...TO], { cwd: root, env: cli.env() });
    assert.equal(sent.code, 0, `${sent.stdout}\n${sent.stderr}`);
    const chosen = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/123456`;
    const guide = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Guide').id}/Guide`;
    assert.equal(page('Notes').markdown, `# Notes\n\nSee [the docs](${chosen}), [them again](${chosen}) and [the guide](${guide}).\n`);
  });

  it('a reference-style image and an unquoted <img src> are named as local images, not as links, and sent as written', async () => {
    const text = '# Pictures\n\n![chart][c] and ![Logo][]\n\n<img src=photo.png>\n\nSee [the chart][c2].\n\n[c]: chart.png\n[logo]: <logo.png>\n[c2]: table.csv\n';
    const root = await cli.tree({ 'pictures.md': text });
    const dry = await runCli(['publish', 'pictures.md', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    assert.deepEqual(fileRecords(dry)[0]?.cautions, [
      '3 local images (photo.png, chart.png, logo.png) will not show on the wiki: it takes only images at public URLs.',
      '1 link stays as written and will not work on the wiki: table.csv (not a Markdown file).',
    ]);
    const sent = await runCli(['publish', 'pictures.md', ...TO], { cwd: root, env: cli.env() });
    assert.equal(sent.code, 0, `${sent.stdout}\n${sent.stderr}`);
    assert.equal(page('Pictures').markdown, text);
  });

  it('reads links and images as CommonMark does: after an HTML block in a list item, after a paragraph\'s unclosed <!--, in a srcset, on a Windows drive', async () => {
    const root = await cli.tree({ 'docs/guide/setup.md': '# Setup\n\n## Install\n\nRun it.\n' });
    const tree = await runCli(['publish', 'docs', '--tree', ...TO], { cwd: root, env: cli.env() });
    assert.equal(tree.code, 0, `${tree.stdout}\n${tree.stderr}`);
    const text = [
      '# Notes', '',
      '1. Step one', '   <details><summary>More</summary>', '   Old: [old](docs/guide/setup.md)', '   </details>', '2. Step two: [install](docs/guide/setup.md#install)', '',
      'Draft <!-- start', '- See [setup](docs/guide/setup.md)', '-->', '',
      '<picture><source srcset="img/wide.png 2x, https://x.org/a.png 1x"><img src="https://x.org/a.png"></picture>', '',
      '![shot](C:\\shots\\a.png)', '',
    ].join('\n');
    await writeFile(join(root, 'notes.md'), text);

    const dry = await runCli(['publish', 'notes.md', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assert.equal(dry.code, 0, `${dry.stdout}\n${dry.stderr}`);
    const [planned] = fileRecords(dry);
    assert.equal(planned?.linksToPages, 2, 'the link inside <details> is HTML; the two after it are links');
    assert.deepEqual(planned?.cautions, ['2 local images (C:\\shots\\a.png, img/wide.png) will not show on the wiki: it takes only images at public URLs.']);

    const sent = await runCli(['publish', 'notes.md', ...TO], { cwd: root, env: cli.env() });
    assert.equal(sent.code, 0, `${sent.stdout}\n${sent.stderr}`);
    const setup = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Setup').id}/Setup`;
    assert.equal(page('Notes').markdown, text.replace('[install](docs/guide/setup.md#install)', `[install](${setup}#Install)`).replace('[setup](docs/guide/setup.md)', `[setup](${setup})`));
  });

  it('a link to a file whose page this run creates is filled in by the same run (the file goes after it; a cycle of links by a second pass), which the next run leaves alone', async () => {
    const root = await cli.tree({
      'a.md': '# Alpha\n\nRead [the usage](b.md#usage) and [the missing](gone.md).\n',
      'b.md': '# Beta\n\n## Usage\n\nCall it.\n',
      'c.md': '# Gamma\n\nNo links here.\n',
    });
    const publish = (extra: string[] = []) => runCli(['publish', 'a.md', 'b.md', 'c.md', ...TO, '--state', '.wiki-state.json', '--json', ...extra], { cwd: root, env: cli.env() });
    // The plan names only the link that reaches nothing: the one to b.md (no page yet) is filled in by the run.
    const planned = await publish(['--dry-run']);
    assert.deepEqual(fileRecords(planned).find((record) => record.file === 'a.md')?.cautions, [
      '1 link stays as written and will not work on the wiki: gone.md (no such file).',
    ]);
    assert.equal(summaryRecord(planned).sentTwice, undefined, 'Alpha waits for Beta: nothing goes twice');
    const sent = await publish();
    assert.equal(sent.code, 0, `${sent.stdout}\n${sent.stderr}`);
    assertRecordsValid(jsonLines(sent), 'a flat run');
    // Every file once: Alpha (the file whose link waited) after Beta's page and ID are there.
    const records = fileRecords(sent);
    assert.deepEqual(records.map((record) => [record.file, record.status, record.pass]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))), [
      ['a.md', 'published', undefined], ['b.md', 'published', undefined], ['c.md', 'published', undefined],
    ]);
    assert.equal(records.at(-1)?.file, 'a.md', 'the waiting file comes after the page it waits for');
    assert.equal(records.find((record) => record.file === 'b.md')?.pageId, page('Beta').id, 'the awaited page is reported with its ID');
    assert.deepEqual(records.at(-1)?.cautions, ['1 link stays as written and will not work on the wiki: gone.md (no such file).']);
    const summary = summaryRecord(sent);
    assert.equal(summary.secondPass, 0);
    assert.equal(summary.published, 3);
    assert.equal(summary.files, 3);
    const beta = `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Beta').id}/Beta`;
    assert.equal(page('Alpha').markdown, `# Alpha\n\nRead [the usage](${beta}#Usage) and [the missing](gone.md).\n`);
    assert.equal(page('Alpha').version, 1, 'written once');
    assert.equal(cli.world.sandbox.pages().filter((candidate) => candidate.title === 'Alpha').length, 1, 'one Alpha page');
    // Two files naming each other: one goes first and again once the other is there. The text as printed says it.
    await writeFile(join(root, 'd.md'), '# Delta\n\nSee [gamma](c.md) and [epsilon](e.md).\n');
    await writeFile(join(root, 'e.md'), '# Epsilon\n\nBack to [delta](d.md).\n');
    const foreseen = await runCli(['publish', 'd.md', 'e.md', ...TO, '--state', '.wiki-state.json', '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(foreseen.stdout, /1 page sent twice, its links naming pages created after it/, 'the plan counts the second send before sending');
    const text = await runCli(['publish', 'd.md', 'e.md', ...TO, '--state', '.wiki-state.json'], { cwd: root, env: cli.env() });
    assert.equal(text.code, 0, `${text.stdout}\n${text.stderr}`);
    assert.match(text.stdout, /^updated +e\.md .*\(second pass: links to new pages\)$/m);
    assert.doesNotMatch(text.stdout, /^updated +d\.md/m);
    assert.match(text.stdout, /; second pass \(links to new pages\): 1$/m);
    assert.equal(page('Delta').version, 1);
    const epsilon = page('Epsilon');
    assert.ok(page('Delta').markdown.includes(`[epsilon](${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${epsilon.id}/Epsilon)`), page('Delta').markdown);
    assert.ok(page('Delta').markdown.includes(`[gamma](${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Gamma').id}/Gamma)`), 'a page of an earlier run is reached in the first pass');
    assert.ok(epsilon.markdown.includes(`[delta](${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${page('Delta').id}/Delta)`), epsilon.markdown);
    // Every link that can reach a page now does (gone.md does not exist, so nothing waits for it): nothing goes again.
    const next = await runCli(['publish', 'a.md', 'b.md', 'c.md', 'd.md', 'e.md', ...TO, '--state', '.wiki-state.json', '--json', '--dry-run'], { cwd: root, env: cli.env() });
    assert.deepEqual(fileRecords(next).map((record) => record.status), ['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged']);
  });

  it('without page access no ID is learnt, so there is no second pass: the link stays and says why', async () => {
    const root = await cli.tree({ 'a.md': '# Alpha\n\nRead [the usage](b.md#usage).\n', 'b.md': '# Beta\n\n## Usage\n\nCall it.\n' });
    const env = { ...cli.env(false), WIKI_PUBLISHER_BASE_URL: cli.world.sandbox.baseUrl };
    const planned = await runCli(['publish', 'a.md', 'b.md', ...TO, '--json', '--dry-run'], { cwd: root, env });
    assert.deepEqual(fileRecords(planned).find((record) => record.file === 'a.md')?.cautions, [
      '1 link stays as written and will not work on the wiki: b.md#usage (it has no page yet: a publish after it has one fills the link in).',
    ]);
    const sent = await runCli(['publish', 'a.md', 'b.md', ...TO, '--json'], { cwd: root, env });
    assert.equal(sent.code, 0, `${sent.stdout}\n${sent.stderr}`);
    assert.deepEqual(fileRecords(sent).map((record) => record.pass), [undefined, undefined]);
    assert.equal(summaryRecord(sent).secondPass, 0);
    assert.match(page('Alpha').markdown, /\[the usage\]\(b\.md#usage\)/);
  });

  it('a link that waited for a page which did not land is named after the run, in the text and the summary', async () => {
    const root = await cli.tree({
      'a.md': '# Alpha\n\nRead [the usage](b.md#usage) and [more](c.md).\n',
      // Its front matter names a parent page that does not exist: its page does not land.
      'b.md': '---\nwiki:\n  parentId: "999999"\n---\n# Beta\n\n## Usage\n\nCall it.\n',
      'c.md': '# Gamma\n\nText.\n',
    });
    const sent = await runCli(['publish', 'a.md', 'b.md', 'c.md', ...TO, '--json'], { cwd: root, env: cli.env() });
    assert.equal(sent.code, 1, `${sent.stdout}\n${sent.stderr}`);
    assert.equal(fileRecords(sent).find((record) => record.file === 'b.md')?.status, 'failed');
    // c.md landed, so a.md went again with that link filled in; the one to b.md stays, and the summary says so.
    assert.match(page('Alpha').markdown, /\[the usage\]\(b\.md#usage\) and \[more\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\/spaces\/DOCS\/pages\/\d+\/Gamma\)/);
    assert.deepEqual(summaryRecord(sent).linksLeft, [{ file: 'a.md', waitsFor: ['b.md'] }]);
    assertRecordsValid(jsonLines(sent), 'a run whose links waited for a page that did not land');
    // The same in text, with new titles (the first run's pages exist now).
    const again = await cli.tree({
      'd.md': '# Delta\n\nRead [the usage](e.md#usage).\n',
      'e.md': '---\nwiki:\n  parentId: "999999"\n---\n# Epsilon\n\n## Usage\n\nCall it.\n',
    });
    const text = await runCli(['publish', 'd.md', 'e.md', ...TO], { cwd: again, env: cli.env() });
    assert.equal(text.code, 1, `${text.stdout}\n${text.stderr}`);
    assert.match(text.stdout, /^links stay as written in d\.md: e\.md did not land in this run \(the next run fills them in\)$/m);
    // And in the Markdown report a CI job summary shows.
    const third = await cli.tree({
      'f.md': '# Zeta\n\nRead [the usage](g.md#usage).\n',
      'g.md': '---\nwiki:\n  parentId: "999999"\n---\n# Eta\n\nText.\n',
    });
    const report = await runCli(['publish', 'f.md', 'g.md', ...TO, '--format', 'markdown'], { cwd: third, env: cli.env() });
    assert.match(report.stdout, /\*\*Links that stay as written:\*\* the pages they link to did not land in this run, or landed where the run could not look them up afterwards; the next run fills them in\.\n\n- f\.md: g\.md\n/);
  });

  it('a link to a file the plan refuses is named before sending, in the dry run and the run, and the run that publishes that file fills it in', async () => {
    const root = await cli.tree({
      'home.md': '# Home\n\nSee [one](one.md) and [notes](notes.md).\n',
      // Two files for one page: both refused. And one that is not UTF-8 text: refused too, before it is planned.
      'one.md': '# Twin\n\nOne.\n',
      'two.md': '# Twin\n\nTwo.\n',
      'notes.md': 'Notes\u0000\n',
    });
    const caution = '2 links stay as written and will not work on the wiki (its page is refused in this run, for the reason listed with it: a publish after it lands fills the link in): one.md, notes.md.';
    const publish = (extra: string[] = []) => runCli(['publish', 'home.md', 'one.md', 'two.md', 'notes.md', ...TO, '--state', 'state.json', '--json', ...extra], { cwd: root, env: cli.env() });
    const dry = await publish(['--dry-run']);
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'home.md')?.cautions, [caution], dry.stdout);
    const sent = await publish();
    assert.equal(sent.code, 1, `${sent.stdout}\n${sent.stderr}`);
    assert.deepEqual(fileRecords(sent).find((record) => record.file === 'home.md')?.cautions, [caution], 'the run says what the plan said');
    // Said before sending, so not again after the run as a page that did not land.
    assert.equal(summaryRecord(sent).linksLeft, undefined, sent.stdout);
    assert.match(page('Home').markdown, /\[one\]\(one\.md\) and \[notes\]\(notes\.md\)/);

    await writeFile(join(root, 'two.md'), '# Twin two\n\nTwo.\n');
    await writeFile(join(root, 'notes.md'), '# Notes\n\nText.\n');
    const fixed = await publish();
    assert.equal(fixed.code, 0, `${fixed.stdout}\n${fixed.stderr}`);
    assert.ok(page('Home').markdown.includes(`/pages/${page('Twin').id}/Twin)`), page('Home').markdown);
    assert.ok(page('Home').markdown.includes(`/pages/${page('Notes').id}/Notes)`), page('Home').markdown);
  });

  it('a link to a file the edit guard refuses (one title in a space written as its key and its ID) is named before sending, as the run names it', async () => {
    const root = await cli.tree({
      'home.md': '# Home\n\nSee [one](one.md).\n',
      // The space by its numeric ID, under another parent: only the wiki tells that 1001 is DOCS, so the plan cannot
      // see the two titles meet in one space.
      'one.md': '---\nwiki:\n  spaceId: "1001"\n  parentId: "123457"\n---\n# Twin\n\nOne.\n',
      'two.md': '# Twin\n\nTwo.\n',
    });
    const caution = '1 link stays as written and will not work on the wiki: one.md (its page is refused in this run, for the reason listed with it: a publish after it lands fills the link in).';
    const publish = (extra: string[] = []) => runCli(['publish', 'home.md', 'one.md', 'two.md', ...TO, '--json', ...extra], { cwd: root, env: cli.env() });
    const dry = await publish(['--dry-run']);
    assert.equal(fileRecords(dry).find((record) => record.file === 'one.md')?.status, 'refused', dry.stdout);
    assert.deepEqual(fileRecords(dry).find((record) => record.file === 'home.md')?.cautions, [caution], dry.stdout);
    const sent = await publish();
    assert.deepEqual(fileRecords(sent).find((record) => record.file === 'home.md')?.cautions, [caution], 'the run says what the plan said');
    assert.equal(summaryRecord(sent).linksLeft, undefined, sent.stdout);
  });

  it('an unchanged file goes again when a page its links reach now has another ID, and then rests', async () => {
    const root = await cli.tree({ 'a.md': '# Alpha\n\nRead [the usage](b.md#usage).\n', 'b.md': '# Beta\n\n## Usage\n\nCall it.\n' });
    const publish = async (files: string[], to: string[], extra: string[] = []) => {
      const result = await runCli(['publish', ...files, ...to, '--state', '.wiki-state.json', '--json', ...extra], { cwd: root, env: cli.env() });
      assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`);
      return fileRecords(result).map((record) => [record.file, record.status]);
    };
    await publish(['a.md', 'b.md'], TO);
    await publish(['a.md', 'b.md'], TO);
    assert.deepEqual(await publish(['a.md'], TO, ['--dry-run']), [['a.md', 'unchanged']]);
    // Beta is published to another space: a new page, with another ID. Alpha's text is the same, but its link
    // would lead to the old page: it goes again, with the new page's address.
    await publish(['b.md'], ['--space', 'ENG', '--parent', '234567'], ['--retarget']);
    const moved = cli.world.sandbox.pages().find((candidate) => candidate.title === 'Beta' && candidate.parentId === '234567');
    assert.ok(moved, 'Beta has a page under 234567');
    assert.deepEqual(await publish(['a.md'], TO, ['--dry-run']), [['a.md', 'send']]);
    assert.deepEqual(await publish(['a.md'], TO), [['a.md', 'published']]);
    const address = `${cli.world.sandbox.baseUrl}/wiki/spaces/ENG/pages/${moved.id}/Beta#Usage`;
    assert.ok(page('Alpha').markdown.includes(`[the usage](${address})`), page('Alpha').markdown);
    assert.deepEqual(await publish(['a.md'], TO, ['--dry-run']), [['a.md', 'unchanged']]);
  });

  it('an unchanged file goes again when the heading its link names gets another wiki anchor (its case edited), and then rests', async () => {
    const root = await cli.tree({ 'a.md': '# Alpha\n\nRead [the usage](b.md#usage).\n', 'b.md': '# Beta\n\n## Usage\n\nCall it.\n' });
    const publish = async (files: string[], extra: string[] = []) => {
      const result = await runCli(['publish', ...files, ...TO, '--state', '.wiki-state.json', '--json', ...extra], { cwd: root, env: cli.env() });
      assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`);
      return fileRecords(result).map((record) => [record.file, record.status]);
    };
    await publish(['a.md', 'b.md']);
    assert.match(page('Alpha').markdown, /#Usage\)/);
    // GitHub's slug stays `usage`; the wiki anchors the heading `USAGE` now, so the link Alpha's page holds is dead.
    await writeFile(join(root, 'b.md'), '# Beta\n\n## USAGE\n\nCall it.\n');
    assert.deepEqual(await publish(['a.md', 'b.md'], ['--dry-run']), [['a.md', 'send'], ['b.md', 'send']]);
    assert.deepEqual(await publish(['a.md', 'b.md']), [['a.md', 'published'], ['b.md', 'published']]);
    assert.match(page('Alpha').markdown, /#USAGE\)/);
    assert.deepEqual(await publish(['a.md', 'b.md'], ['--dry-run']), [['a.md', 'unchanged'], ['b.md', 'unchanged']]);
  });
});
