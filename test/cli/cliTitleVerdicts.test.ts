// A page's title decides the same verdict with the --state cache or without it, in any Unicode form and any case:
// - a flat file retitled (front matter `title:`, first heading) is asked about first ('retitled', naming its page)
//   whether the state was restored or not (a fresh runner finds the page under the parent by its notice), so a plan
//   made without the cache and a publish made with it agree, digest and all; never "unchanged", never a second page;
// - a title written with decomposed accents (NFD) is the title written composed (NFC): one page, nothing sent again,
//   and two files of one folder titled so are refused as one title;
// - a title changed only in case, in a tree or flat, is the file's change, refused before sending with the real fix
//   (the import cannot rename a page), never a page "renamed on the wiki"; renamed there, the file's page follows.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, summaryRecord, useCliWorld } from './cliHarness';

const FLAT = ['--space', 'DOCS', '--parent', '123456', '--overwrite', '--json'];
const TREE = ['--tree', '--space', 'DOCS', '--parent', '123456', '--json'];
const NFC = 'Caf\u00e9 menu';
const NFD = 'Cafe\u0301 menu';

describe('CLI: a title decides one verdict, with or without the cache, in any Unicode form and case', () => {
  const cli = useCliWorld();

  const livePages = (): Array<{ id: string; title: string }> => cli.world.sandbox.pages().filter((page) => !page.deleted && page.parentId === '123456');

  it('a flat file retitled in its front matter or first heading: asked about with the --state cache and without it, one plan digest', async () => {
    const root = await cli.tree({ 'docs/a.md': '---\ntitle: Alpha\n---\n\nA text.\n', 'docs/b.md': '# Beta\n\nB text.\n' });
    assert.equal((await runCli(['publish', 'docs', ...FLAT, '--state', 'st.json'], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs/a.md'), '---\ntitle: Alpha Guide\n---\n\nA text.\n');
    await writeFile(join(root, 'docs/b.md'), '# Beta Guide\n\nB text.\n');
    const imports = cli.world.sandbox.imports.length;
    const withState = await runCli(['publish', 'docs', ...FLAT, '--state', 'st.json', '--dry-run'], { cwd: root, env: cli.env() });
    const fresh = await runCli(['publish', 'docs', ...FLAT, '--dry-run'], { cwd: root, env: cli.env() });
    for (const run of [withState, fresh]) {
      for (const [file, was, now] of [['docs/a.md', 'Alpha', 'Alpha Guide'], ['docs/b.md', 'Beta', 'Beta Guide']] as const) {
        const record = fileRecords(run).find((line) => line.file === file);
        assert.equal(record?.status, 'refused', run.stdout);
        assert.equal(record?.title, was, run.stdout);
        assert.match(JSON.stringify(record?.refusals), new RegExp(`Its title is now \\\\"${now}\\\\" but it last published to \\\\"${was}\\\\"`));
      }
    }
    for (const run of [withState, fresh]) assert.equal(summaryRecord(run).retitled, 2, run.stdout);
    const digestOf = (run: typeof fresh): string | undefined => (summaryRecord(run).plan as { digest: string } | undefined)?.digest;
    assert.equal(digestOf(withState), digestOf(fresh), 'the plan is the same with the cache and without it');
    // The plan a fork's job reviewed without the cache is the plan the publish job makes with it: no dead end.
    const publish = await runCli(['publish', 'docs', ...FLAT, '--state', 'st.json', '--expect-plan', digestOf(fresh) ?? ''], { cwd: root, env: cli.env() });
    assert.notEqual(publish.code, 3, publish.stdout);
    const freshPublish = await runCli(['publish', 'docs', ...FLAT], { cwd: root, env: cli.env() });
    for (const record of fileRecords(freshPublish)) assert.match(String(record.message), /Its title is now .* but it last published to /, freshPublish.stdout);
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent: no second page');
    assert.deepEqual(livePages().map((page) => page.title).sort(), ['Alpha', 'Beta']);
    // --retarget publishes it as a new page, with the cache or without it.
    const retarget = await runCli(['publish', 'docs/b.md', ...FLAT, '--retarget'], { cwd: root, env: cli.env() });
    assert.equal(fileRecords(retarget)[0]?.outcome, 'created', retarget.stdout);
    assert.ok(livePages().some((page) => page.title === 'Beta Guide'));
  });

  it('a title saved again with decomposed accents is the same title: nothing sent, flat or a tree, with or without the cache', async () => {
    for (const tree of [false, true]) {
      const root = await cli.tree({ 'docs/menu.md': `# ${NFC}\n\nCoffee.\n` });
      const args = ['publish', 'docs', ...(tree ? TREE : FLAT)];
      assert.equal((await runCli([...args, '--state', 'st.json'], { cwd: root, env: cli.env() })).code, 0);
      await writeFile(join(root, 'docs/menu.md'), `# ${NFD}\n\nCoffee.\n`);
      const imports = cli.world.sandbox.imports.length;
      for (const cache of [['--state', 'st.json'], []]) {
        const run = await runCli([...args, ...cache], { cwd: root, env: cli.env() });
        const record = fileRecords(run).find((line) => line.file === 'docs/menu.md');
        assert.equal(record?.status, 'skipped', `${args.join(' ')} ${cache.join(' ')}: ${run.stdout}`);
        assert.match(String(record?.message), /same content/);
        assert.equal(run.code, 0, run.stderr);
      }
      assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
      assert.equal(livePages().filter((page) => page.title.normalize('NFC') === NFC).length, 1, 'one page');
      // Its text changed too: the page it has is updated, under the title it has, character for character.
      await writeFile(join(root, 'docs/menu.md'), `# ${NFD}\n\nTea.\n`);
      const run = await runCli(args, { cwd: root, env: cli.env() });
      assert.equal(fileRecords(run).find((line) => line.file === 'docs/menu.md')?.outcome, 'updated', run.stdout);
      assert.deepEqual(livePages().filter((page) => page.title.normalize('NFC') === NFC).map((page) => page.title), [NFC]);
      for (const page of livePages()) cli.world.sandbox.deletePage(page.id);
    }
  });

  it('two files of one folder whose titles differ only in how Unicode writes them are refused as one title, before sending', async () => {
    for (const tree of [false, true]) {
      const root = await cli.tree({ 'eng/one.md': `# ${NFC}\n\nOne.\n`, 'eng/two.md': `# ${NFD}\n\nTwo.\n` });
      const run = await runCli(['publish', 'eng', ...(tree ? TREE : FLAT)], { cwd: root, env: cli.env() });
      assert.deepEqual(fileRecords(run).map((line) => line.status), ['refused', 'refused'], run.stdout);
    }
    assert.equal(cli.world.sandbox.imports.length, 0, 'nothing sent');
  });

  it('a tree page whose title changed only in case (a heading, a file name) is refused as the file\'s change, not a wiki edit; renamed there, it follows', async () => {
    const root = await cli.tree({ 'docs/api.md': '# Api reference\n\nText.\n', 'docs/Setup.md': 'Install it like this.\n' });
    assert.equal((await runCli(['publish', 'docs', ...TREE], { cwd: root, env: cli.env() })).code, 0);
    const { rename } = await import('node:fs/promises');
    await writeFile(join(root, 'docs/api.md'), '# API reference\n\nText.\n');
    await rename(join(root, 'docs/Setup.md'), join(root, 'docs/setup.md'));
    const imports = cli.world.sandbox.imports.length;
    for (let run = 0; run < 2; run++) {
      const each = await runCli(['publish', 'docs', ...TREE], { cwd: root, env: cli.env() });
      for (const [file, was, now] of [['docs/api.md', 'Api reference', 'API reference'], ['docs/setup.md', 'Setup', 'setup']] as const) {
        const record = fileRecords(each).find((line) => line.file === file);
        assert.equal(record?.status, 'refused', each.stdout);
        assert.match(JSON.stringify(record), new RegExp(`Its title changed from \\\\"${was}\\\\" to \\\\"${now}\\\\", only in case.*rename the page on the wiki to \\\\"${now}\\\\"`));
      }
      assert.doesNotMatch(each.stdout, /renamed on the wiki|edited on the wiki|"status":"edited"/);
      assert.equal(summaryRecord(each).edited, 0, each.stdout);
    }
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
    // Renamed on the wiki as the refusal says (the page's text as it is): the file's page, updated, its title recorded.
    const api = livePages().find((page) => page.title === 'Api reference');
    const newest = cli.world.sandbox.pageVersions(api?.id ?? '').at(-1);
    cli.world.sandbox.editPageOnWiki(api?.id ?? '', newest?.markdown ?? '', { title: 'API reference' });
    const after = await runCli(['publish', 'docs', ...TREE], { cwd: root, env: cli.env() });
    const record = fileRecords(after).find((line) => line.file === 'docs/api.md');
    assert.equal(record?.outcome, 'updated', after.stdout);
    assert.equal(livePages().filter((page) => page.title.toLowerCase() === 'api reference').length, 1, 'one page');
    const { readFile } = await import('node:fs/promises');
    assert.match(await readFile(join(root, 'docs/.wiki-pages.json'), 'utf8'), /"api\.md": \{"id":"\d+","title":"API reference"\}/);
  });

  it('a flat file whose title changed only in case is refused with the --state cache and without it, nothing sent', async () => {
    const root = await cli.tree({ 'docs/api.md': '# Api reference\n\nText.\n' });
    assert.equal((await runCli(['publish', 'docs', ...FLAT, '--state', 'st.json'], { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs/api.md'), '# API reference\n\nText.\n');
    const imports = cli.world.sandbox.imports.length;
    for (const cache of [['--state', 'st.json'], []]) {
      const run = await runCli(['publish', 'docs', ...FLAT, ...cache], { cwd: root, env: cli.env() });
      const record = fileRecords(run).find((line) => line.file === 'docs/api.md');
      assert.equal(record?.status, 'refused', `${cache.join(' ')}: ${run.stdout}`);
      assert.match(JSON.stringify(record), /only in case/);
      assert.match(JSON.stringify(record), /rename the page on the wiki to \\"API reference\\"/);
    }
    assert.equal(cli.world.sandbox.imports.length, imports, 'nothing sent');
  });

  it('a flat file whose title changed only in case, its page renamed on the wiki as advised: follows with the --state cache too', async () => {
    const root = await cli.tree({ 'docs/api.md': '# Api reference\n\nText.\n' });
    const publish = ['publish', 'docs', ...FLAT, '--state', 'st.json'];
    assert.equal((await runCli(publish, { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs/api.md'), '# API reference\n\nText changed.\n');
    assert.equal((await runCli(publish, { cwd: root, env: cli.env() })).code, 1, 'refused before the rename');
    // A colleague renames the page on the wiki, as the refusal says: the wiki's title is the truth, the record a cache.
    const api = livePages().find((page) => page.title === 'Api reference');
    const newest = cli.world.sandbox.pageVersions(api?.id ?? '').at(-1);
    cli.world.sandbox.editPageOnWiki(api?.id ?? '', newest?.markdown ?? '', { title: 'API reference' });
    const after = await runCli(publish, { cwd: root, env: cli.env() });
    assert.equal(after.code, 0, after.stdout);
    const record = fileRecords(after).find((line) => line.file === 'docs/api.md');
    assert.equal(record?.outcome, 'updated', after.stdout);
    assert.equal(record?.title, 'API reference', after.stdout);
    assert.deepEqual(livePages().map((page) => page.title), ['API reference'], 'one page, the wiki\'s title');
    const again = await runCli(publish, { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, again.stdout);
    assert.equal(fileRecords(again).find((line) => line.file === 'docs/api.md')?.status, 'skipped', again.stdout);
  });

  it('a file retitled twice, its first old page edited on the wiki since: the page it last published to is named, with the cache and without it', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Aaa\n\nA text.\n' });
    const publish = ['publish', 'docs/a.md', ...FLAT, '--state', 'st.json'];
    assert.equal((await runCli(publish, { cwd: root, env: cli.env() })).code, 0);
    await writeFile(join(root, 'docs/a.md'), '# Bbb\n\nA text.\n');
    assert.equal((await runCli([...publish, '--retarget'], { cwd: root, env: cli.env() })).code, 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A colleague marks the old page outdated: its newest version is now newer than the file's last publish.
    const old = livePages().find((page) => page.title === 'Aaa');
    const markdown = cli.world.sandbox.pageVersions(old?.id ?? '').at(-1)?.markdown ?? '';
    cli.world.sandbox.editPageOnWiki(old?.id ?? '', markdown.replace('A text.', '**Outdated: see Bbb.**\n\nA text.'));
    await writeFile(join(root, 'docs/a.md'), '# Ccc\n\nA text.\n');
    const withState = await runCli([...publish, '--dry-run'], { cwd: root, env: cli.env() });
    const fresh = await runCli(['publish', 'docs/a.md', ...FLAT, '--dry-run'], { cwd: root, env: cli.env() });
    for (const run of [withState, fresh]) assert.match(JSON.stringify(fileRecords(run)[0]), /Its title is now \\"Ccc\\" but it last published to \\"Bbb\\"/, run.stdout);
    const digestOf = (run: typeof fresh): string | undefined => (summaryRecord(run).plan as { digest: string } | undefined)?.digest;
    assert.equal(digestOf(withState), digestOf(fresh), 'the plan is the same with the cache and without it');
  });

  it('a page renamed on the wiki only in case is said as that, flat with the cache and a tree: --overwrite-edited makes no page titled but for case', async () => {
    for (const [args, was, now] of [[[...FLAT, '--state', 'st.json'], 'Api reference', 'API Reference'], [TREE, 'Cli reference', 'CLI Reference']] as const) {
      const root = await cli.tree({ 'docs/api.md': `# ${was}\n\nText.\n` });
      const publish = ['publish', 'docs', ...args];
      assert.equal((await runCli(publish, { cwd: root, env: cli.env() })).code, 0);
      const api = livePages().find((page) => page.title === was);
      const newest = cli.world.sandbox.pageVersions(api?.id ?? '').at(-1);
      cli.world.sandbox.editPageOnWiki(api?.id ?? '', newest?.markdown ?? '', { title: now });
      await writeFile(join(root, 'docs/api.md'), `# ${was}\n\nText changed.\n`);
      for (const overwrite of [[], ['--overwrite-edited']]) {
        const run = await runCli([...publish, ...overwrite], { cwd: root, env: cli.env() });
        const record = fileRecords(run).find((line) => line.file === 'docs/api.md');
        assert.equal(record?.status, 'refused', `${args.join(' ')} ${overwrite.join(' ')}: ${run.stdout}`);
        assert.ok(JSON.stringify(record).includes(`titled \\"${now}\\" on the wiki, which differs from this file's title \\"${was}\\" only in case`), run.stdout);
        assert.doesNotMatch(run.stdout, /renamed on the wiki to/);
      }
      assert.deepEqual(livePages().filter((page) => page.title.toLowerCase() === now.toLowerCase()).map((page) => page.title), [now], `${args.join(' ')}: no second page titled but for case`);
      // The file given the wiki's title: its page, updated.
      await writeFile(join(root, 'docs/api.md'), `# ${now}\n\nText changed.\n`);
      const after = await runCli(publish, { cwd: root, env: cli.env() });
      assert.equal(fileRecords(after).find((line) => line.file === 'docs/api.md')?.outcome, 'updated', after.stdout);
      assert.deepEqual(livePages().filter((page) => page.title.toLowerCase() === now.toLowerCase()).map((page) => page.title), [now]);
    }
  });
});
