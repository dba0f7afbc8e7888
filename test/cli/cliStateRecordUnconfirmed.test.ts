// A --state record is a cache a pull request or a cache from elsewhere may have written. A record that places its file
// elsewhere than --space and --parent is not believed at all: the flags decide, as on a runner without the cache, so a
// record naming a page written by hand in another team's space sends nothing there, without --overwrite or with it,
// and neither does one of the file's own earlier publish elsewhere (that page stays as it is). A record of the flags'
// own place that names a page written by hand is refused: only the page's notice confirms a record. Against the
// sandbox wiki.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld } from './cliHarness';

describe('CLI --state: a record that places a file elsewhere, on a page nothing confirms', () => {
  const cli = useCliWorld();

  it('a record naming another space\'s page written by hand is not believed: the file goes where the flags say, and that page is left as it was', async () => {
    const theirs = cli.world.sandbox.createPageOnWiki('ENG', '234567', 'ENG runbook', '# ENG runbook\n\nThe ENG team\'s words.\n');
    const root = await cli.tree({ 'docs/eng.md': '# ENG runbook\n\nA pull request\'s text.\n' });
    const record = {
      spaceId: 'ENG', parentId: '234567', pageTitle: 'ENG runbook', version: theirs.version, contentSha256: '0'.repeat(64), fileTitle: 'ENG runbook',
      publishedAt: Date.now() - 60_000, pageId: theirs.id,
    };
    // The second time, the page the first made under the flags' parent holds the file already: nothing to send.
    for (const [extra, status] of [[[], 'published'], [['--overwrite'], 'skipped']] as const) {
      await writeFile(join(root, 'state.json'), JSON.stringify({ version: 1, files: { 'docs/eng.md': record } }));
      const run = await runCli(['publish', 'docs/eng.md', '--state', 'state.json', '--space', 'DOCS', '--parent', '123456', '--json', ...extra], { cwd: root, env: cli.env() });
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      const [file] = fileRecords(run);
      assert.deepEqual([file?.status, file?.spaceId, file?.parentId], [status, 'DOCS', '123456'], run.stdout);
      assert.match(run.stderr, /the --state record publishes it to space ENG under parent 234567, not where --space\/--parent say; the flags decide/);
    }
    const after = cli.world.sandbox.pages().find((page) => page.id === theirs.id);
    assert.equal(after?.version, theirs.version, 'nothing was sent to their page');
    assert.match(after?.markdown ?? '', /The ENG team's words\./);
  });

  it('a record without a page ID naming a page written by hand: elsewhere, or at the flags\' place by another title than the file\'s, it is not believed; neither page is touched', async () => {
    const eng = cli.world.sandbox.createPageOnWiki('ENG', '234567', 'Runbook', '# Runbook\n\nENG hand-written.\n');
    const docs = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Handbook', '# Handbook\n\nDOCS hand-written.\n');
    const root = await cli.tree({ 'notes.md': '# Notes\n\nA pull request\'s text.\n' });
    for (const [page, place, status] of [[eng, { spaceId: 'ENG', parentId: '234567', pageTitle: 'Runbook' }, 'published'], [docs, { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Handbook' }, 'skipped']] as const) {
      const record = { ...place, version: page.version, contentSha256: '0'.repeat(64), fileTitle: 'Notes', publishedAt: Date.now() + 86_400_000 };
      await writeFile(join(root, 'state.json'), JSON.stringify({ version: 1, files: { 'notes.md': record } }));
      const run = await runCli(['publish', 'notes.md', '--state', 'state.json', '--space', 'DOCS', '--parent', '123456', '--json'], { cwd: root, env: cli.env() });
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      // The second time, the file's own page made the first time holds it already: nothing is sent.
      assert.equal(fileRecords(run)[0]?.status, status, run.stdout);
      assert.equal(cli.world.sandbox.pages().find((each) => each.id === page.id)?.version, page.version, `nothing was sent to "${page.title}"`);
    }
    assert.ok(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Notes'), 'the record elsewhere not believed, the file made its own page where the flags say');
  });

  it('a record of the file\'s own publish under another parent (with notices off or on) does not move the next publish: the flags decide, the old page stays', async () => {
    for (const notice of [['--no-notice'], []]) {
      const title = notice.length > 0 ? 'Alpha quiet' : 'Alpha noticed';
      const root = await cli.tree({ 'docs/alpha.md': `# ${title}\n\nA.\n` });
      const first = await runCli(['publish', 'docs/alpha.md', '--state', 'state.json', '--space', 'ENG', '--parent', '234567', ...notice], { cwd: root, env: cli.env() });
      assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
      const old = cli.world.sandbox.findPageByTitle('ENG', '234567', title);
      await writeFile(join(root, 'docs/alpha.md'), `# ${title}\n\nB.\n`);
      const run = await runCli(['publish', 'docs/alpha.md', '--state', 'state.json', '--space', 'DOCS', '--parent', '123456', '--json', ...notice], { cwd: root, env: cli.env() });
      assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
      assert.deepEqual([fileRecords(run)[0]?.status, fileRecords(run)[0]?.parentId], ['published', '123456'], run.stdout);
      assert.match(cli.world.sandbox.findPageByTitle('DOCS', '123456', title)?.markdown ?? '', /B\./);
      assert.equal(cli.world.sandbox.pages().find((each) => each.id === old?.id)?.version, old?.version, 'the page the record named stays as it was');
    }
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
