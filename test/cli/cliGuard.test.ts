// The built CLI with page access (a platform token, as a CI job passes it): the core's edit guard in CI, create or
// update told from the wiki's state in --dry-run, "already exists" after a retry as its own failing state, --state
// written as each page lands (a kill loses nothing), and --retarget.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, startCli, summaryRecord, useCliWorld, waitUntil } from './cliHarness';
import { StateFileLinkStore } from '../../src/core/links/stateFile';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI with page access: the edit guard in CI', () => {
  const cli = useCliWorld();

  function pageId(title: string): string {
    const page = cli.world.sandbox.findPageByTitle('DOCS', '123456', title);
    assert.ok(page, `"${title}" is on the wiki`);
    return page.id;
  }

  it('leaves out a page edited on the wiki (exit 1), says every update was checked, and --overwrite-edited replaces it', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nOne.\n' });
    const publish = (...extra: string[]) => runCli(['publish', 'docs', ...DOCS, '--state', 'state.json', ...extra], { cwd: root, env: cli.env() });
    const first = await publish();
    assert.equal(first.code, 0, first.stderr);

    cli.world.sandbox.editPageOnWiki(pageId('Alpha'), '# Alpha\n\nA colleague\'s line.\n');
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nTwo.\n');
    await writeFile(join(root, 'docs', 'b.md'), '# Beta\n\nTwo.\n');
    const second = await publish();
    assert.equal(second.code, 1, 'a file left out is not a success');
    const lines = second.stdout.split('\n');
    assert.match(lines.find((line) => line.includes('docs/a.md')) ?? '', /^LEFT OUT .*edited on the wiki since its last publish \(version 1\): version 2 by wiki-editor/);
    assert.doesNotMatch(lines.find((line) => line.includes('docs/a.md')) ?? '', /changed on the wiki since its last publish/, 'the reason said once');
    assert.match(lines.find((line) => line.includes('docs/b.md')) ?? '', /^updated .*\(wiki edits checked: version 1 is as last published\)/);
    assert.match(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha')?.markdown ?? '', /A colleague's line/, 'the colleague\'s edit survives');

    const json = await publish('--json', '--dry-run');
    const alpha = fileRecords(json).find((record) => record.file === 'docs/a.md');
    assert.equal(alpha?.status, 'edited');
    assert.deepEqual({ ...(alpha?.wikiEdits as Record<string, unknown>), editedAt: undefined }, { checked: true, verdict: 'edited', version: 2, editedBy: 'wiki-editor', editedAt: undefined, publishedVersion: 1 });

    const forced = await publish('--overwrite-edited');
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha')?.markdown, '# Alpha\n\nTwo.\n');
  });

  it('a page edited on the wiki while the run sends other files is left out when its turn comes, not overwritten', async () => {
    const files: Record<string, string> = {};
    for (let n = 0; n < 4; n++) files[`docs/p${n}.md`] = `# Page ${n}\n\nOne.\n`;
    const root = await cli.tree(files);
    const publish = (...extra: string[]) => startCli(['publish', 'docs', ...DOCS, '--state', 'state.json', '--concurrency', '1', ...extra], { cwd: root, env: cli.env() });
    assert.equal((await publish().done).code, 0);
    for (let n = 0; n < 4; n++) await writeFile(join(root, 'docs', `p${n}.md`), `# Page ${n}\n\nTwo.\n`);
    const last = pageId('Page 3');

    cli.world.sandbox.injectFaults({ latencyMs: 300 });
    const running = publish('--json');
    // The first send is out: the guard has looked at every page, each as this run's files left it.
    await waitUntil(() => cli.world.sandbox.importsInFlight > 0);
    cli.world.sandbox.editPageOnWiki(last, '# Page 3\n\nA colleague\'s line.\n');
    const run = await running.done;
    cli.world.sandbox.clearFaults();

    assert.equal(run.code, 1, run.stdout);
    const page3 = fileRecords(run).find((record) => record.file === 'docs/p3.md');
    assert.equal(page3?.status, 'edited');
    assert.deepEqual({ ...(page3?.wikiEdits as Record<string, unknown>), editedAt: undefined }, { checked: true, verdict: 'edited', version: 2, editedBy: 'wiki-editor', editedAt: undefined, publishedVersion: 1 });
    assert.equal(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Page 3')?.markdown, '# Page 3\n\nA colleague\'s line.\n', 'the colleague\'s edit survives');
    assert.deepEqual(fileRecords(run).filter((record) => record.status === 'published').map((record) => record.file), ['docs/p0.md', 'docs/p1.md', 'docs/p2.md']);
    assert.equal(summaryRecord(run).edited, 1);

    const forced = await publish('--overwrite-edited').done;
    assert.equal(forced.code, 0, forced.stdout);
    assert.equal(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Page 3')?.markdown, '# Page 3\n\nTwo.\n');
  });

  for (const tree of [false, true]) {
    it(`learns the IDs of the pages a ${tree ? 'tree' : 'flat run'} creates a few at a time, not all at once on the wiki's page routes`, async () => {
      const files: Record<string, string> = {};
      for (let n = 0; n < 16; n++) files[`docs/p${n}.md`] = `# Page ${n}\n`;
      const root = await cli.tree(files);
      // The pages land at once; listing a parent's children takes its time, as on a distant wiki site.
      cli.world.sandbox.setPageLookupLatency(150);
      const run = await runCli(['publish', 'docs', ...DOCS, '--state', 'state.json', ...(tree ? ['--tree'] : [])], { cwd: root, env: cli.env() });
      const most = cli.world.sandbox.maxConcurrentPageLookups;
      cli.world.sandbox.setPageLookupLatency(0);
      assert.equal(run.code, 0, run.stderr);
      assert.ok(most <= 4, `${most} page-route requests at once`);
      assert.doesNotMatch(run.stderr, /MaxListenersExceededWarning/);
      const state = JSON.parse(await readFile(join(root, 'state.json'), 'utf8')) as { files: Record<string, { pageId?: string }> };
      assert.equal(Object.values(state.files).filter((record) => record.pageId !== undefined).length, 16, 'every page\'s ID is recorded');
    });
  }

  it('sixteen requests at once (--concurrency 16) print no warning of Node\'s about listeners', async () => {
    const files: Record<string, string> = {};
    for (let n = 0; n < 32; n++) files[`docs/p${n}.md`] = `# Page ${n}\n`;
    const root = await cli.tree(files);
    cli.world.sandbox.injectFaults({ latencyMs: 100 });
    try {
      const run = await runCli(['publish', 'docs', ...DOCS, '--concurrency', '16'], { cwd: root, env: cli.env() });
      assert.equal(run.code, 0, run.stderr);
      assert.ok(cli.world.sandbox.maxConcurrentImports >= 11, `${cli.world.sandbox.maxConcurrentImports} imports at once`);
      assert.doesNotMatch(run.stderr, /MaxListenersExceededWarning/);
    } finally {
      cli.world.sandbox.clearFaults();
    }
  });

  it('an unchanged file whose page a colleague deleted on the wiki is published anew, said in the dry run, and --state learns the new page', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nOne.\n' });
    const publish = (...extra: string[]) => runCli(['publish', 'docs', ...DOCS, '--state', 'state.json', ...extra], { cwd: root, env: cli.env() });
    assert.equal((await publish()).code, 0);
    const alpha = pageId('Alpha');
    cli.world.sandbox.deletePage(alpha);

    // Without page access the run cannot know: both files stay unchanged.
    const blind = await runCli(['publish', 'docs', ...DOCS, '--state', 'state.json', '--dry-run'], { cwd: root, env: cli.env(false) });
    assert.match(blind.stdout, /^unchanged +docs\/a\.md/m);

    const dryRun = await publish('--dry-run');
    assert.equal(dryRun.code, 0, dryRun.stderr);
    assert.match(dryRun.stdout, /^would create +docs\/a\.md .*\(its page was not found on the wiki: deleted, or hidden from the account that checks wiki edits: would be published as a new page\)/m);
    assert.match(dryRun.stdout, /^unchanged +docs\/b\.md/m);

    const run = await publish();
    assert.equal(run.code, 0, run.stderr);
    const fresh = pageId('Alpha');
    assert.notEqual(fresh, alpha);
    const state = JSON.parse(await readFile(join(root, 'state.json'), 'utf8')) as { files: Record<string, { pageId?: string }> };
    assert.equal(Object.entries(state.files).find(([key]) => key.endsWith('a.md'))?.[1].pageId, fresh, '--state records the new page');
    const again = await publish('--dry-run');
    assert.match(again.stdout, /^unchanged +docs\/a\.md/m, 'and the next run leaves it alone');
  });

  it('a page the checking account cannot see is not taken for deleted: its "already exists" says so, with the fix', async () => {
    // Carol publishes in SECRET, checked by a service account of hers; then CI checks with one that cannot see SECRET.
    const clientSecret = 'carol-secret-2b7d41e9c03a';
    cli.secrets.push(clientSecret);
    cli.world.idp.registerServiceAccount({ clientId: 'carol-ci', clientSecret, scopes: ['read:platform-app:wiki'], owner: 'carol' });
    cli.world.idp.registerServiceAccount({ clientId: 'alice-ci', clientSecret, scopes: ['read:platform-app:wiki'], owner: 'alice' });
    const carols = cli.world.sandbox.issueToken({ label: 'carol-writer', owner: 'carol' }).token;
    cli.secrets.push(carols);
    const root = await cli.tree({ 'docs/a.md': '# Hidden\n\nOne.\n' });
    const env = (clientId: string) => ({
      WIKI_PUBLISHER_ENDPOINT: cli.world.sandbox.importEndpoint, WIKI_PUBLISHER_API_TOKEN: carols, WIKI_PUBLISHER_BASE_URL: cli.world.sandbox.baseUrl,
      WIKI_PUBLISHER_CLIENT_ID: clientId, WIKI_PUBLISHER_CLIENT_SECRET: clientSecret, WIKI_PUBLISHER_AUTH_URL: cli.world.idp.authUrl,
    });
    const publish = (clientId: string, ...extra: string[]) =>
      runCli(['publish', 'docs', '--space', 'SECRET', '--parent', '345678', '--state', 'state.json', ...extra], { cwd: root, env: env(clientId) });
    assert.equal((await publish('carol-ci')).code, 0);
    const hidden = cli.world.sandbox.findPageByTitle('SECRET', '345678', 'Hidden');
    assert.ok(hidden);

    // The plan cannot tell a hidden page from a deleted one, and says both (text and Markdown).
    const planned = await publish('alice-ci', '--dry-run');
    assert.match(planned.stdout, /^would create +docs\/a\.md .*\(its page was not found on the wiki: deleted, or hidden from the account that checks wiki edits: would be published as a new page\)/m);
    const report = await publish('alice-ci', '--dry-run', '--format', 'markdown');
    assert.ok(report.stdout.includes('its page was not found on the wiki: deleted, or hidden from the account that checks wiki edits: would be created anew'), report.stdout);
    assert.doesNotMatch(`${planned.stdout}${report.stdout}`, /was deleted on the wiki/);

    // Unchanged, its page looked up in bulk by an account that cannot see it: sent create only, and refused.
    const unchanged = await publish('alice-ci');
    assert.equal(unchanged.code, 1, 'the page cannot be checked: not a silent success');
    const line = unchanged.stdout.split('\n').find((each) => each.includes('docs/a.md')) ?? '';
    assert.match(line, new RegExp(`^FAILED .*The account that checks wiki edits did not find this file's page \\(page ${hidden.id}\\), yet a page titled "Hidden" is there: most likely that account may not view it`));
    assert.doesNotMatch(line, /--overwrite|published as a new page/, 'no fix that replaces the page unchecked, and no claim that it was made anew');
    const state = JSON.parse(await readFile(join(root, 'state.json'), 'utf8')) as { files: Record<string, { pageId?: string }> };
    assert.equal(Object.values(state.files)[0]?.pageId, hidden.id, '--state keeps the page');

    // Changed: the same, and the page keeps its text.
    await writeFile(join(root, 'docs', 'a.md'), '# Hidden\n\nTwo.\n');
    const changed = await publish('alice-ci');
    assert.equal(changed.code, 1);
    assert.match(changed.stdout, /^FAILED .*docs\/a\.md.*most likely that account may not view it/m);
    assert.equal(cli.world.sandbox.findPageByTitle('SECRET', '345678', 'Hidden')?.markdown, '# Hidden\n\nOne.\n');

    // Checked by an account that can see it, the change goes out as an update of the same page.
    const seen = await publish('carol-ci');
    assert.equal(seen.code, 0, seen.stdout);
    assert.match(seen.stdout, /^updated .*docs\/a\.md/m);
    assert.equal(cli.world.sandbox.findPageByTitle('SECRET', '345678', 'Hidden')?.markdown, '# Hidden\n\nTwo.\n');
  });

  it('runs the guard with a service account\'s client credentials, and never prints the secret', async () => {
    const clientSecret = 'ci-secret-7f3a9c2e5b1d4f60';
    cli.secrets.push(clientSecret);
    cli.world.idp.registerServiceAccount({ clientId: 'docs-ci', clientSecret, scopes: ['read:platform-app:wiki'], owner: 'alice' });
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    const serviceAccount = {
      WIKI_PUBLISHER_ENDPOINT: cli.world.sandbox.importEndpoint, WIKI_PUBLISHER_API_TOKEN: cli.token,
      WIKI_PUBLISHER_CLIENT_ID: 'docs-ci', WIKI_PUBLISHER_CLIENT_SECRET: clientSecret, WIKI_PUBLISHER_AUTH_URL: cli.world.idp.authUrl,
    };
    const first = await runCli(['publish', 'docs', ...DOCS, '--state', 's.json', '--base-url', cli.world.sandbox.baseUrl], { cwd: root, env: serviceAccount });
    assert.equal(first.code, 0, first.stderr);
    cli.world.sandbox.editPageOnWiki(pageId('Alpha'), '# Alpha\n\nColleague.\n');
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nMine.\n');
    const second = await runCli(['publish', 'docs', ...DOCS, '--state', 's.json', '--base-url', cli.world.sandbox.baseUrl], { cwd: root, env: serviceAccount });
    assert.equal(second.code, 1);
    assert.match(second.stdout, /^LEFT OUT .*docs\/a\.md/m);
    const refused = await runCli(['publish', 'docs', ...DOCS, '--dry-run', '--base-url', cli.world.sandbox.baseUrl], { cwd: root, env: { ...serviceAccount, WIKI_PUBLISHER_CLIENT_SECRET: 'wrong-secret-value-123' } });
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr + refused.stdout, /client ID or secret was refused/);
  });

  it('a lookup that fails with page access leaves the update out (exit 1), says why and the fix; a create still goes; --overwrite-edited sends it', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n' });
    const publish = (...extra: string[]) => runCli(['publish', 'docs', ...DOCS, '--state', 'state.json', '--timeout', '2', ...extra], { cwd: root, env: cli.env() });
    assert.equal((await publish()).code, 0);
    // A colleague's edit, which a guard that could read the wiki would hold back; then the wiki site hangs.
    cli.world.sandbox.editPageOnWiki(pageId('Alpha'), '# Alpha\n\nA colleague\'s line.\n');
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nTwo.\n');
    await writeFile(join(root, 'docs', 'new.md'), '# Brand new\n');
    cli.world.sandbox.setPageLookupFault('hang');

    const hung = await publish('--json');
    assert.equal(hung.code, 1, 'a page left out is not a success');
    const records = Object.fromEntries(fileRecords(hung).map((record) => [record.file, record]));
    assert.equal(records['docs/a.md']?.status, 'edited');
    assert.deepEqual(records['docs/a.md']?.wikiEdits, {
      checked: false, verdict: 'unchecked', reason: 'failed', detail: 'The lookup on the wiki failed: The wiki did not answer within 2 s.', cause: 'the wiki did not answer within 2 s',
    });
    assert.equal(records['docs/new.md']?.status, 'published', 'a create cannot replace anything: it is sent');
    assert.equal(records['docs/new.md']?.outcome, 'created');
    const summary = summaryRecord(hung);
    assert.equal(summary.edited, 1);
    assert.equal(summary.lookupFailed, 1);
    assert.equal(summary.exitCode, 1);
    // The create whose lookup failed too is sent, not counted among the updates left out.
    assert.match(hung.stderr, /Wiki edits could not be checked for 1 update: .* 1 update left out: run again, or --overwrite-edited sends it unchecked\. 1 new page sent as a create, which replaces no page\./);
    assert.match(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha')?.markdown ?? '', /A colleague's line/, 'the colleague\'s edit survives');

    cli.world.sandbox.setPageLookupFault('error');
    const failing = await publish();
    assert.equal(failing.code, 1);
    const line = failing.stdout.split('\n').find((each) => each.includes('docs/a.md')) ?? '';
    assert.match(line, /^LEFT OUT +docs\/a\.md -> .*\(the wiki could not be read to check for edits: [^;]*500[^;]*; run again, or --overwrite-edited sends it unchecked\)$/);
    assert.doesNotMatch(line, /NOT checked/);
    assert.match(failing.stdout, /^0 published, 0 failed, 0 refused, 1 unchanged, 1 left out \(the wiki could not be read to check for edits\)$/m);
    assert.match(failing.stderr, /Wiki edits could not be checked for 1 update: .* 1 update left out: run again, or --overwrite-edited sends it unchecked\./);
    const markdown = await publish('--format', 'markdown');
    assert.match(markdown.stdout, /^\*\*1 left out \(the wiki could not be read to check for edits\), 1 unchanged\*\*$/m);
    assert.match(markdown.stdout, /^\| docs\/a\.md \| .* \| left out \(the wiki could not be read to check for edits\) \| the wiki could not be read to check for edits: [^|]*500[^|]*; run again, or \\?-\\?-overwrite\\?-edited sends it unchecked \|$/m);
    const dryRun = await publish('--dry-run');
    assert.equal(dryRun.code, 1);
    assert.match(dryRun.stdout, /^WOULD LEAVE OUT docs\/a\.md .*\(the wiki could not be read to check for edits: /m);
    assert.match(dryRun.stdout, /1 whose wiki could not be read to check for edits \(left out\)/);
    assert.match(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha')?.markdown ?? '', /A colleague's line/);

    // The user's choice: sent unchecked, as for a page edited on the wiki.
    const forced = await publish('--overwrite-edited');
    assert.equal(forced.code, 0, forced.stdout + forced.stderr);
    assert.match(forced.stdout, /^updated +docs\/a\.md .*\(wiki edits NOT checked: The lookup on the wiki failed: /m);
    assert.match(forced.stderr, /Wiki edits could not be checked for 1 update: .* 1 update sent unchecked \(--overwrite-edited\)\.$/m);
    assert.equal(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha')?.markdown, '# Alpha\n\nTwo.\n');
  });

  it('a plan whose lookup failed is reviewed as files only: a publish that still cannot read the wiki honours it and leaves the update out, one that can sends it', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n' });
    const run = (...extra: string[]) => runCli(['publish', 'docs', ...DOCS, '--state', 'state.json', '--timeout', '2', ...extra], { cwd: root, env: cli.env() });
    assert.equal((await run()).code, 0);
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nTwo.\n');
    cli.world.sandbox.setPageLookupFault('error');
    const plan = await run('--dry-run', '--json');
    const digest = summaryRecord(plan).plan as { digest: string; wikiChecked: boolean };
    assert.equal(digest.wikiChecked, false, 'the wiki was not read for every file: files only');

    const stillFailing = await run('--expect-plan', digest.digest);
    assert.equal(stillFailing.code, 1, stillFailing.stdout + stillFailing.stderr);
    assert.match(stillFailing.stderr, /The plan is the reviewed one/);
    assert.match(stillFailing.stdout, /^LEFT OUT +docs\/a\.md .*the wiki could not be read to check for edits/m);
    assert.equal(cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha')?.markdown, '# Alpha\n\nOne.\n');

    cli.world.sandbox.setPageLookupFault(undefined);
    const readable = await run('--expect-plan', digest.digest);
    assert.equal(readable.code, 0, readable.stdout + readable.stderr);
    assert.match(readable.stdout, /^updated +docs\/a\.md .*\(wiki edits checked: version 1 is as last published\)/m);
  });

  it('without page access at all an update is still sent, said to be unchecked, whatever the wiki\'s page routes do', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    assert.equal((await runCli(['publish', 'docs', ...DOCS, '--state', 's.json'], { cwd: root, env: cli.env(false) })).code, 0);
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nMore.\n');
    cli.world.sandbox.setPageLookupFault('error');
    const again = await runCli(['publish', 'docs', ...DOCS, '--state', 's.json', '--json'], { cwd: root, env: cli.env(false) });
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(fileRecords(again)[0]?.wikiEdits, { checked: false, verdict: 'unchecked', reason: 'noAccess', detail: 'no page access' });
    assert.equal(summaryRecord(again).lookupFailed, undefined);
  });

  it('without page access an update says its wiki edits were NOT checked, and how to give access', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    assert.equal((await runCli(['publish', 'docs', ...DOCS, '--state', 's.json'], { cwd: root, env: cli.env(false) })).code, 0);
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nMore.\n');
    const again = await runCli(['publish', 'docs', ...DOCS, '--state', 's.json'], { cwd: root, env: cli.env(false) });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /^updated .*\(wiki edits NOT checked: no page access\)/m);
    assert.match(again.stderr, /Wiki edits are not checked\. No page access: set WIKI_PUBLISHER_CLIENT_ID and WIKI_PUBLISHER_CLIENT_SECRET/);
  });

  it('--dry-run says create, update or replace from the wiki\'s actual state', async () => {
    const theirs = await cli.tree({ 'existing.md': '# Existing\n\nTheirs.\n' });
    assert.equal((await runCli(['publish', 'existing.md', ...DOCS], { cwd: theirs, env: cli.env(false) })).code, 0);
    const root = await cli.tree({ 'docs/new.md': '# Brand new\n', 'docs/existing.md': '# Existing\n\nMine.\n' });
    const withAccess = await runCli(['publish', 'docs', ...DOCS, '--overwrite', '--dry-run', '--json'], { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_API_TOKEN: '' } });
    const actions = Object.fromEntries(fileRecords(withAccess).map((record) => [record.file, record.action]));
    assert.equal(withAccess.code, 0, withAccess.stderr);
    assert.equal(actions['docs/existing.md'], 'replace', 'a page this file never published would be replaced');
    assert.equal(actions['docs/new.md'], 'create');
    const blind = await runCli(['publish', 'docs', ...DOCS, '--overwrite', '--dry-run', '--json'], { cwd: root, env: cli.env(false) });
    assert.deepEqual(fileRecords(blind).map((record) => record.action), ['createOrUpdate', 'createOrUpdate'], 'without access it cannot know');
  });

  it('"already exists" after a retry is proven this run\'s page by the publish notice it carries, whatever account the token names; with the notice off nothing proves it', async () => {
    const unnamed = cli.world.sandbox.issueToken({ label: 'unnamed', withoutSubject: true }).token;
    cli.secrets.push(unnamed);
    const root = await cli.tree({ 'docs/fresh.md': '# Fresh\n', 'docs/other.md': '# Other\n' });
    const publish = (file: string, extra: string[] = []) => {
      cli.world.sandbox.injectFaults({ commitThenFailNext: 1 });
      return runCli(['publish', file, ...DOCS, '--state', 'state.json', '--json', ...extra], { cwd: root, env: { ...cli.env(), WIKI_PUBLISHER_API_TOKEN: unnamed } });
    };
    // Without a notice nothing on the page tells this send from a colleague's page of the same title: left unproven.
    const blind = await publish('docs/other.md', ['--no-notice']);
    assert.equal(fileRecords(blind)[0]?.status, 'existsUnproven', blind.stdout);
    const proven = await publish('docs/fresh.md');
    assert.equal(proven.code, 0, proven.stdout + proven.stderr);
    assert.deepEqual([fileRecords(proven)[0]?.status, fileRecords(proven)[0]?.outcome], ['published', 'existsAfterRetry']);
    assert.match(String(fileRecords(proven)[0]?.message), /proven to be this run's page \(page \d+, version 1, carrying the publish notice of this very send\)/);
    const recorded = JSON.parse(await readFile(join(root, 'state.json'), 'utf8')) as { files: Record<string, { pageId?: string }> };
    assert.equal(recorded.files['docs/fresh.md']?.pageId, pageId('Fresh'));
  });

  it('"already exists" after a retry on a colleague\'s page fails the run and records nothing; this run\'s own page is proven and recorded', async () => {
    const colleague = cli.world.sandbox.issueToken({ label: 'colleague', owner: 'bob' }).token;
    cli.secrets.push(colleague);
    const theirs = await cli.tree({ 'x.md': '# Roadmap\n' });
    assert.equal((await runCli(['publish', 'x.md', ...DOCS], { cwd: theirs, env: { ...cli.env(), WIKI_PUBLISHER_API_TOKEN: colleague } })).code, 0);

    const root = await cli.tree({ 'docs/roadmap.md': '# Roadmap\n\nMine.\n', 'docs/fresh.md': '# Fresh\n' });
    cli.world.sandbox.injectFaults({ failNext: 1 });
    const clash = await runCli(['publish', 'docs/roadmap.md', ...DOCS, '--state', 'state.json', '--json'], { cwd: root, env: cli.env() });
    assert.equal(clash.code, 1, 'not a success');
    assert.equal(fileRecords(clash)[0]?.status, 'existsUnproven');
    assert.equal(summaryRecord(clash).published, 0);
    const record = JSON.parse(await readFile(join(root, 'state.json'), 'utf8').catch(() => '{"files":{}}')) as { files: Record<string, unknown> };
    assert.deepEqual(Object.keys(record.files), [], 'no link, no content hash');
    const after = await runCli(['publish', 'docs/roadmap.md', ...DOCS, '--state', 'state.json'], { cwd: root, env: cli.env() });
    assert.match(after.stdout, /^FAILED .*already exists/m, 'the next run does not update the colleague\'s page');

    cli.world.sandbox.injectFaults({ commitThenFailNext: 1 });
    const own = await runCli(['publish', 'docs/fresh.md', ...DOCS, '--state', 'state.json', '--json', '--report', 'report.xml'], { cwd: root, env: cli.env() });
    assert.equal(own.code, 0, own.stderr);
    assert.equal(fileRecords(own)[0]?.outcome, 'existsAfterRetry');
    assert.equal(fileRecords(own)[0]?.status, 'published', 'version 1, by this token\'s user, after the run started');
    // Proven ours: the words say so, and never the unproven case's "someone else's page ... pass --overwrite".
    const said = String(fileRecords(own)[0]?.message);
    assert.match(said, /exists now: proven to be this run's page \(page \d+, version 1, carrying the publish notice of this very send\)[^]*it is linked to this file\.$/);
    assert.doesNotMatch(said, /someone else's|not linked|--overwrite/);
    const junit = await readFile(join(root, 'report.xml'), 'utf8');
    assert.match(junit, /proven to be this run&apos;s page|proven to be this run's page/);
    assert.doesNotMatch(junit, /someone else/);
    const recorded = JSON.parse(await readFile(join(root, 'state.json'), 'utf8')) as { files: Record<string, { pageId?: string; version?: number }> };
    assert.equal(recorded.files['docs/fresh.md']?.pageId, pageId('Fresh'));
    assert.equal(recorded.files['docs/fresh.md']?.version, 1);
  });

  it('records each page in --state as it lands: a run killed half-way loses nothing', async () => {
    const files: Record<string, string> = {};
    for (let n = 0; n < 8; n++) files[`docs/p${n}.md`] = `# Page ${n}\n`;
    const root = await cli.tree(files);
    cli.world.sandbox.injectFaults({ latencyMs: 150 });
    const running = startCli(['publish', 'docs', ...DOCS, '--state', 'state.json', '--concurrency', '1'], { cwd: root, env: cli.env() });
    await waitUntil(() => cli.world.sandbox.pages().filter((page) => page.title.startsWith('Page ')).length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    running.child.kill('SIGKILL');
    await running.done;
    // A send out when the kill came still lands: counted once the sandbox has answered it.
    await waitUntil(() => cli.world.sandbox.importsInFlight === 0);
    cli.world.sandbox.clearFaults();
    const landed = cli.world.sandbox.pages().filter((page) => page.title.startsWith('Page ')).length;
    assert.ok(landed >= 3 && landed < 8, `killed half-way (${landed} landed)`);
    // Read as the next run reads it: the record and the journal the killed run appended to.
    const opened = await StateFileLinkStore.open('state.json', { cwd: root, workingTree: root });
    assert.ok(opened.ok);
    const record = { files: Object.fromEntries(opened.store.files()) };
    // The file in flight when the kill came (concurrency 1) left the mark of its create, written before it went (so may
    // the one before it, when the kill came between its end and the next file's mark).
    const marked = Object.values(record.files).filter((link) => link.unconfirmedSend === true).length;
    assert.ok(marked >= 1, JSON.stringify(record.files));
    assert.ok(Object.keys(record.files).length >= landed, 'every page that landed was recorded, or marked as it went');
    const rerun = await runCli(['publish', 'docs', ...DOCS, '--state', 'state.json', '--json'], { cwd: root, env: cli.env() });
    const statuses = fileRecords(rerun).map((record) => record.status);
    // What was recorded is known; so is the page the create in flight made, by the notice it carries: every page that
    // landed holds its file's text, so none is sent again, and nothing meets its own page as "already exists".
    assert.equal(statuses.filter((status) => status === 'skipped').length, landed, rerun.stdout);
    assert.equal(statuses.filter((status) => status === 'published').length, 8 - landed, rerun.stdout);
    assert.equal(statuses.filter((status) => status === 'failed').length, 0, rerun.stdout);
  });

  it('a page deleted on the wiki and made again there by hand: the create meets "already exists", named as that page, not as one hidden from the account', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Taken\n\nOne.\n' });
    assert.equal((await runCli(['publish', 'docs', ...DOCS, '--state', 's.json'], { cwd: root, env: cli.env() })).code, 0);
    const first = cli.livePage('Taken');
    cli.world.sandbox.deletePage(first.id);
    const again = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Taken', 'A colleague\'s own page.\n');
    await writeFile(join(root, 'docs/a.md'), '# Taken\n\nTwo.\n');
    // The plan says it before the publish does, in each of its renderings, and is not green for a publish that fails.
    const taken = new RegExp(`another page with this title holds its place now \\(page ${again.id}, version 1 by [^)]+\\), which this file did not publish: the create will be refused as (?:"|&quot;)already exists(?:"|&quot;)`);
    const planned = await runCli(['publish', 'docs', ...DOCS, '--state', 's.json', '--overwrite', '--dry-run'], { cwd: root, env: cli.env() });
    assert.equal(planned.code, 1, planned.stdout + planned.stderr);
    assert.match(planned.stdout.split('\n').find((each) => each.includes('docs/a.md')) ?? '', taken);
    assert.doesNotMatch(planned.stdout, /would be published as a new page/);
    const plannedJson = await runCli(['publish', 'docs', ...DOCS, '--state', 's.json', '--overwrite', '--dry-run', '--json'], { cwd: root, env: cli.env() });
    const record = plannedJson.stdout.split('\n').filter(Boolean).map((each) => JSON.parse(each) as { type: string; wikiEdits?: { verdict: string; placeTakenBy?: { pageId: string; version: number } } }).find((each) => each.type === 'plan');
    assert.equal(record?.wikiEdits?.verdict, 'deleted');
    assert.deepEqual({ pageId: record?.wikiEdits?.placeTakenBy?.pageId, version: record?.wikiEdits?.placeTakenBy?.version }, { pageId: again.id, version: 1 });
    const markdown = await runCli(['plan', 'docs', ...DOCS, '--state', 's.json', '--overwrite'], { cwd: root, env: cli.env() });
    assert.match(markdown.stdout, taken, markdown.stdout);
    const run = await runCli(['publish', 'docs', ...DOCS, '--state', 's.json', '--overwrite'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const line = run.stdout.split('\n').find((each) => each.includes('docs/a.md')) ?? '';
    assert.match(line, new RegExp(`^FAILED .*This file's page \\(page ${first.id}\\) was deleted on the wiki, and another page titled "Taken" holds its place now \\(page ${again.id}, version 1 by [^)]+\\), which this file did not publish: it is not replaced`));
    assert.doesNotMatch(line, /may not view it/);
    assert.equal(cli.livePage('Taken').markdown, 'A colleague\'s own page.\n', 'the colleague\'s page keeps its text');
  });

  it('says when the flags name another place than the --state record, and the flags decide: the state is only a cache', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    assert.equal((await runCli(['publish', 'docs', ...DOCS, '--state', 's.json'], { cwd: root, env: cli.env() })).code, 0);
    const old = cli.livePage('Alpha');
    const other = await runCli(['publish', 'docs', '--space', 'ENG', '--parent', '234567', '--state', 's.json'], { cwd: root, env: cli.env() });
    assert.equal(other.code, 0, other.stdout + other.stderr);
    assert.equal(other.stderr.match(/the --state record publishes it/g)?.length, 1, `said once: ${other.stderr}`);
    assert.match(other.stderr, /docs\/a\.md: the --state record publishes it to space DOCS under parent 123456, not where --space\/--parent say; the flags decide \(the state is a cache of earlier runs, which never moves a page\), and a page there stays as it is\./);
    assert.ok(cli.world.sandbox.findPageByTitle('ENG', '234567', 'Alpha'), 'published where the flags say');
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === old?.id)?.version, old?.version, 'the page the record named stays as it was');
  });

  it('a --state file from another branch (another parent, the same files) moves no publish: the pages the flags name are updated, as on a fresh runner', async () => {
    const staging = cli.world.sandbox.createPageOnWiki('DOCS', '123456', 'Staging', 'Previews.\n');
    const root = await cli.tree({ 'docs/alpha.md': '# Alpha doc\n\nOne.\n', 'docs/beta.md': '# Beta doc\n\nTwo.\n' });
    assert.equal((await runCli(['publish', 'docs', ...DOCS, '--state', 'main.json'], { cwd: root, env: cli.env() })).code, 0);
    assert.equal((await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', staging.id, '--state', 'preview.json'], { cwd: root, env: cli.env() })).code, 0);
    const [mainAlpha, mainBeta] = ['Alpha doc', 'Beta doc'].map((title) => cli.world.sandbox.findPageByTitle('DOCS', '123456', title));
    const previewAlpha = cli.world.sandbox.findPageByTitle('DOCS', staging.id, 'Alpha doc');
    assert.ok(mainAlpha && mainBeta && previewAlpha);
    // Main's next run restores the preview branch's cache.
    await writeFile(join(root, 'docs/alpha.md'), '# Alpha doc\n\nOne, changed on main.\n');
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs', ...DOCS, '--state', 'preview.json', '--overwrite'], { cwd: root, env: cli.env() });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(cli.world.sandbox.imports.length, imports + 1, `only the changed file is sent: ${run.stdout}`);
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === mainAlpha.id)?.version, mainAlpha.version + 1, 'main\'s page of the changed file is updated');
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === mainBeta.id)?.version, mainBeta.version, 'the unchanged one is left as it is');
    assert.equal(cli.world.sandbox.pages().find((page) => page.id === previewAlpha.id)?.version, previewAlpha.version, 'the preview\'s page is not touched');
  });

  it('names .wiki-pages.json, not --state, when the record that wins over the flags is the repository\'s', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    assert.equal((await runCli(['publish', 'docs', '--tree', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    const flat = await runCli(['publish', 'docs', '--space', 'ENG', '--parent', '234567', '--dry-run'], { cwd: root, env: cli.env() });
    assert.match(flat.stderr, /docs\/a\.md: the repository's \.wiki-pages\.json record publishes it to space DOCS under parent 123456, not where --space\/--parent say; the record wins where its page carries the file's notice \(else the file is refused\)\. Pass --retarget/);
    assert.doesNotMatch(flat.stderr, /--state record/, 'no --state was given');
  });
});
