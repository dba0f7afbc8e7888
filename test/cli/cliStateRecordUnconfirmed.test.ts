// A --state record is a cache a pull request or a cache from elsewhere may have written. With page access, a record
// that places its file elsewhere than --space and --parent wins only once the page's notice shows the page is the
// file's: a record naming a page written by hand in another team's space (no notice) sends nothing there, without
// --overwrite or with it. A record the wiki confirms (the page carries the file's notice) still wins. Against the
// sandbox wiki.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld } from './cliHarness';

describe('CLI --state: a record that places a file elsewhere, on a page nothing confirms', () => {
  const cli = useCliWorld();

  it('a record naming another space\'s page written by hand is refused, and that page is left as it was', async () => {
    const theirs = cli.world.sandbox.createPageOnWiki('ENG', '234567', 'ENG runbook', '# ENG runbook\n\nThe ENG team\'s words.\n');
    const root = await cli.tree({ 'docs/eng.md': '# ENG runbook\n\nA pull request\'s text.\n' });
    const record = {
      spaceId: 'ENG', parentId: '234567', pageTitle: 'ENG runbook', version: theirs.version, contentSha256: '0'.repeat(64), fileTitle: 'ENG runbook',
      publishedAt: Date.now() - 60_000, pageId: theirs.id,
    };
    await writeFile(join(root, 'state.json'), JSON.stringify({ version: 1, files: { 'docs/eng.md': record } }));
    for (const extra of [[], ['--overwrite']]) {
      const run = await runCli(['publish', 'docs/eng.md', '--state', 'state.json', '--space', 'DOCS', '--parent', '123456', '--json', ...extra], { cwd: root, env: cli.env() });
      assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
      const [file] = fileRecords(run);
      assert.equal(file?.status, 'refused', run.stdout);
      assert.match(JSON.stringify(file), /no version of that page carries this file's publish notice, so nothing on the wiki confirms the record/);
    }
    const after = cli.world.sandbox.pages().find((page) => page.id === theirs.id);
    assert.equal(after?.version, theirs.version, 'nothing was sent to their page');
    assert.match(after?.markdown ?? '', /The ENG team's words\./);
  });

  it('a record without a page ID, naming a place and a title held by a page written by hand, is refused there and under the flags\' parent alike', async () => {
    const eng = cli.world.sandbox.createPageOnWiki('ENG', '234567', 'Runbook', '# Runbook\n\nENG hand-written.\n');
    const docs = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Handbook', '# Handbook\n\nDOCS hand-written.\n');
    const root = await cli.tree({ 'notes.md': '# Notes\n\nA pull request\'s text.\n' });
    for (const [page, place] of [[eng, { spaceId: 'ENG', parentId: '234567', pageTitle: 'Runbook' }], [docs, { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Handbook' }]] as const) {
      const record = { ...place, version: page.version, contentSha256: '0'.repeat(64), fileTitle: 'Notes', publishedAt: Date.now() + 86_400_000 };
      await writeFile(join(root, 'state.json'), JSON.stringify({ version: 1, files: { 'notes.md': record } }));
      const run = await runCli(['publish', 'notes.md', '--state', 'state.json', '--space', 'DOCS', '--parent', '123456', '--json'], { cwd: root, env: cli.env() });
      assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
      assert.equal(fileRecords(run)[0]?.status, 'refused', run.stdout);
      assert.equal(cli.world.sandbox.pages().find((each) => each.id === page.id)?.version, page.version, `nothing was sent to "${page.title}"`);
    }
  });

  it('with notices off, a record of the file\'s own publish under another parent still places it there (nothing on a page can tell; the record decides)', async () => {
    const root = await cli.tree({ 'docs/alpha.md': '# Alpha\n\nA.\n' });
    const first = await runCli(['publish', 'docs/alpha.md', '--state', 'state.json', '--space', 'DOCS', '--parent', '123456', '--no-notice'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    await writeFile(join(root, 'docs/alpha.md'), '# Alpha\n\nB.\n');
    const run = await runCli(['publish', 'docs/alpha.md', '--state', 'state.json', '--space', 'ENG', '--parent', '234567', '--no-notice', '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(fileRecords(run)[0]?.status, 'published', run.stdout);
    const alpha = cli.world.sandbox.pages().find((each) => each.title === 'Alpha' && !each.deleted);
    assert.equal(alpha?.parentId, '123456');
    assert.match(alpha?.markdown ?? '', /B\./);
  });

  it('a record the wiki confirms (its page carries the file\'s notice) still places the file where it was published', async () => {
    const root = await cli.tree({ 'docs/eng.md': '# ENG runbook\n\nOur text.\n' });
    const first = await runCli(['publish', 'docs/eng.md', '--state', 'state.json', '--space', 'ENG', '--parent', '234567'], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    await writeFile(join(root, 'docs/eng.md'), '# ENG runbook\n\nOur text, revised.\n');
    const run = await runCli(['publish', 'docs/eng.md', '--state', 'state.json', '--space', 'DOCS', '--parent', '123456', '--json'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(fileRecords(run)[0]?.status, 'published', run.stdout);
    const page = cli.world.sandbox.pages().find((each) => each.title === 'ENG runbook' && !each.deleted);
    assert.equal(page?.parentId, '234567');
    assert.match(page?.markdown ?? '', /Our text, revised\./);
  });
});

describe('CLI --state: a recorded page address is never shown', () => {
  const cli = useCliWorld();

  it('a "url" in the state file or its journal links nothing in the plan, the JSON records or the job summary\'s Markdown, with or without page access', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Setup guide\n\nA pull request\'s text.\n' });
    const record = {
      spaceId: 'DOCS', parentId: '123456', pageTitle: 'Setup guide', pageId: '999999', version: 1, contentSha256: '00', publishedAt: 1_700_000_000_000,
      url: 'https://evil.example/wiki/spaces/DOCS/pages/999999/Setup+guide-SIGN-IN',
    };
    // A pull request can commit the state file, and its journal, which a cache restore of the state alone leaves in place.
    await writeFile(join(root, 'state.json'), JSON.stringify({ version: 1, files: { 'docs/a.md': { ...record, url: 'https://evil.example/state' } } }));
    await writeFile(join(root, 'state.json.journal'), `${JSON.stringify({ file: 'docs/a.md', link: record })}\n`);
    for (const access of [false, true]) {
      for (const args of [['plan', 'docs'], ['publish', 'docs', '--dry-run', '--json']]) {
        const run = await runCli([...args, '--state', 'state.json', '--space', 'DOCS', '--parent', '123456', '--overwrite'], { cwd: root, env: cli.env(access) });
        assert.ok(!`${run.stdout}${run.stderr}`.includes('evil.example'), `${args.join(' ')} (page access: ${access}): ${run.stdout}${run.stderr}`);
      }
    }
  });
});
