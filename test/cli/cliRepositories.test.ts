// Two repositories, one wiki: each team's CI publishes docs/runbook.md titled "Shared Runbook" under the same parent
// page. The publish notice names a file by its path; where the CI system names the repository (GitHub Actions'
// repository ID, GitLab's project ID, WIKI_PUBLISHER_REPOSITORY), the marker names it too, and a page another
// repository's file published is that repository's page: never taken for this file's, on a fresh runner, without
// --overwrite, in a flat run or a tree.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld } from './cliHarness';

const TO = ['--space', 'DOCS', '--parent', '123456'];

/** What GitHub Actions sets for a job of the repository with this ID and name. */
function actionsOf(id: string, name: string): Record<string, string> {
  return { GITHUB_ACTIONS: 'true', GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: name, GITHUB_REPOSITORY_ID: id, GITHUB_SHA: id.padEnd(40, 'a') };
}

describe('CLI: two repositories publishing a file of the same path under one parent', () => {
  const cli = useCliWorld();
  const teamA = (): Record<string, string> => ({ ...cli.env(), ...actionsOf('101', 'org/team-a') });
  const teamB = (): Record<string, string> => ({ ...cli.env(), ...actionsOf('202', 'evil/fork') });

  it('a flat run: the other repository\'s page is not taken (its create meets "already exists", exit 1), and the page\'s own repository still knows it', async () => {
    const a = await cli.tree({ 'docs/runbook.md': '# Shared Runbook\n\nTeam A precious.\n' });
    assert.equal((await runCli(['publish', 'docs/runbook.md', ...TO], { cwd: a, env: teamA() })).code, 0);
    const page = cli.livePage('Shared Runbook');

    const b = await cli.tree({ 'docs/runbook.md': '# Shared Runbook\n\nDEFACED.\n' });
    const plan = await runCli(['publish', 'docs/runbook.md', ...TO, '--dry-run', '--json'], { cwd: b, env: teamB() });
    assert.equal(plan.code, 1, plan.stdout + plan.stderr);
    assert.deepEqual(fileRecords(plan)[0]?.wikiEdits, { checked: true, verdict: 'exists', version: page.version, otherRepository: true }, plan.stdout);
    const text = await runCli(['publish', 'docs/runbook.md', ...TO, '--dry-run'], { cwd: b, env: teamB() });
    assert.match(text.stdout, /a page with this title exists that a file of the same path in another repository published: the create will be refused as "already exists"; it is that repository's page/);
    const imports = cli.world.sandbox.imports.length;
    const run = await runCli(['publish', 'docs/runbook.md', ...TO], { cwd: b, env: teamB() });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout, /taken as this file's page/);
    assert.match(run.stdout, new RegExp(`^FAILED .*The page "Shared Runbook" there \\(page ${page.id}\\) was published from a file of the same path in another repository, so it is that repository's page, not this file's, and it was not changed\\.`, 'm'));
    assert.ok(cli.world.sandbox.imports.length <= imports + 1, 'at most the create, which replaces nothing');
    const after = cli.livePage('Shared Runbook');
    assert.equal(after.version, page.version, 'team A\'s page keeps its version');
    assert.match(after.markdown, /Team A precious\./);

    // Team A's own fresh runner: its page as it left it (nothing sent), then its change updates it.
    const again = await runCli(['publish', 'docs/runbook.md', ...TO], { cwd: a, env: teamA() });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.equal(cli.livePage('Shared Runbook').version, page.version, 'unchanged: nothing sent');
    await writeFile(join(a, 'docs/runbook.md'), '# Shared Runbook\n\nTeam A, revised.\n');
    const changed = await runCli(['publish', 'docs/runbook.md', ...TO], { cwd: a, env: teamA() });
    assert.equal(changed.code, 0, changed.stdout + changed.stderr);
    assert.equal(cli.livePage('Shared Runbook').id, page.id);
    assert.match(cli.livePage('Shared Runbook').markdown, /Team A, revised\./);
  });

  it('a tree: the other repository\'s folder page is not taken, nor its list of children rewritten', async () => {
    const a = await cli.tree({ 'docs/s1/alpha.md': '# Alpha of A\n\nA.\n' });
    assert.equal((await runCli(['publish', 'docs', '--tree', ...TO], { cwd: a, env: teamA() })).code, 0);
    const folder = cli.livePage('S1');
    const b = await cli.tree({ 'docs/s1/beta.md': '# Beta of B\n\nB.\n' });
    const run = await runCli(['publish', 'docs', '--tree', ...TO], { cwd: b, env: teamB() });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout, /taken as this file's page/);
    const after = cli.livePage('S1');
    assert.equal(after.version, folder.version, 'team A\'s folder page keeps its version');
    assert.match(after.markdown, /Alpha of A/);
    assert.equal(cli.world.sandbox.pages().filter((each) => each.title === 'Beta of B' && !each.deleted).length, 0, 'nothing hung under a page the run did not confirm');
  });

  it('a page published where the repository was not known (a laptop, an older version) is still its file\'s for that repository\'s CI', async () => {
    const a = await cli.tree({ 'docs/runbook.md': '# Shared Runbook\n\nFrom a laptop.\n' });
    assert.equal((await runCli(['publish', 'docs/runbook.md', ...TO], { cwd: a, env: cli.env() })).code, 0);
    const page = cli.livePage('Shared Runbook');
    const ci = await runCli(['publish', 'docs/runbook.md', ...TO], { cwd: a, env: teamA() });
    assert.equal(ci.code, 0, ci.stdout + ci.stderr);
    assert.equal(cli.livePage('Shared Runbook').version, page.version, 'as left: nothing sent');
    // And a page CI published, republished from a laptop, is the laptop's file's too (it does not know its repository).
    await writeFile(join(a, 'docs/runbook.md'), '# Shared Runbook\n\nFrom CI.\n');
    assert.equal((await runCli(['publish', 'docs/runbook.md', ...TO], { cwd: a, env: teamA() })).code, 0);
    await writeFile(join(a, 'docs/runbook.md'), '# Shared Runbook\n\nFrom the laptop again.\n');
    const laptop = await runCli(['publish', 'docs/runbook.md', ...TO], { cwd: a, env: cli.env() });
    assert.equal(laptop.code, 0, laptop.stdout + laptop.stderr);
    assert.match(cli.livePage('Shared Runbook').markdown, /From the laptop again\./);
  });

  it('WIKI_PUBLISHER_REPOSITORY names the repository on another CI system; GitLab CI\'s project ID does on GitLab', async () => {
    const a = await cli.tree({ 'docs/runbook.md': '# Shared Runbook\n\nOurs.\n' });
    const gitlab = { ...cli.env(), GITLAB_CI: 'true', CI_SERVER_HOST: 'gitlab.example.com', CI_PROJECT_ID: '7' };
    assert.equal((await runCli(['publish', 'docs/runbook.md', ...TO], { cwd: a, env: gitlab })).code, 0);
    const b = await cli.tree({ 'docs/runbook.md': '# Shared Runbook\n\nTheirs.\n' });
    const other = await runCli(['publish', 'docs/runbook.md', ...TO], { cwd: b, env: { ...cli.env(), WIKI_PUBLISHER_REPOSITORY: 'jenkins/other-team' } });
    assert.equal(other.code, 1, other.stdout + other.stderr);
    assert.match(cli.livePage('Shared Runbook').markdown, /Ours\./);
    const same = await runCli(['publish', 'docs/runbook.md', ...TO], { cwd: a, env: { ...cli.env(), GITLAB_CI: 'true', CI_SERVER_URL: 'https://gitlab.example.com', CI_PROJECT_ID: '7' } });
    assert.equal(same.code, 0, same.stdout + same.stderr);
    // A mirror elsewhere names itself as GitLab does with the variable: the same repository, its page as it left it.
    const mirror = await runCli(['publish', 'docs/runbook.md', ...TO], { cwd: a, env: { ...cli.env(), ...actionsOf('999', 'org/mirror'), WIKI_PUBLISHER_REPOSITORY: 'gitlab:gitlab.example.com:7' } });
    assert.equal(mirror.code, 0, mirror.stdout + mirror.stderr);
    assert.match(cli.livePage('Shared Runbook').markdown, /Ours\./);
  });
});
