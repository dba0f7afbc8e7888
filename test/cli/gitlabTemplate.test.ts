// The GitLab CI template (ci/gitlab/wiki-publisher.yml): its two jobs run when GitLab would run them, and their
// scripts, run by bash as a GitLab runner runs them (with the template's variables, `wiki-publisher` on PATH), plan on
// a merge request (Markdown artifact, JUnit report that validates) and publish on the default branch, against the sandbox.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertValidJunit } from './junitSchema';
import { parse } from 'yaml';
import { CLI_PATH, everythingPrinted, useCliSandbox, useCliWorld } from './cliHarness';

const root = join(__dirname, '..', '..', '..');

interface Job {
  extends?: string;
  rules?: Array<{ if: string }>;
  before_script?: string[];
  script: string[];
  after_script?: string[];
  artifacts?: { paths?: string[]; reports?: { junit?: string } };
  cache?: { key?: string; paths?: string[]; when?: string; policy?: string };
}

const template = parse(readFileSync(join(root, 'ci', 'gitlab', 'wiki-publisher.yml'), 'utf8')) as Record<string, Job> & { variables: Record<string, string> };

function job(name: string): Job {
  const found = template[name];
  assert.ok(found, `the template has a job ${name}`);
  const base = found.extends ? template[found.extends] : undefined;
  return { ...base, ...found } as Job;
}

const CLI_SHIM = `#!/bin/sh\nexec "${process.execPath}" "${CLI_PATH}" "$@"\n`;
/** A PATH with the system's tools and no `wiki-publisher`: an image that has not installed it. */
const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';

/**
 * Runs a job's scripts as a runner does: before_script and script in one bash -e shell, after_script in another.
 * `installed` (the default): `wiki-publisher` is on PATH, as in an image that has it. Otherwise the image has none, and
 * `npm` is a stand-in that notes its arguments in `npmCalls` and "installs" the built CLI.
 */
async function runJob(name: string, options: { cwd: string; env: Record<string, string>; installed?: boolean }): Promise<{ code: number | null; output: string; npmCalls: string[] }> {
  const spec = job(name);
  const bin = await mkdtemp(join(tmpdir(), 'wiki-publisher-bin-'));
  const npmCalls = join(bin, 'npm-calls');
  try {
    if (options.installed === false) {
      const fakeNpm = `#!/bin/sh\nprintf '%s\\n' "$*" >> "${npmCalls}"\nprintf '%s' '${CLI_SHIM}' > "${bin}/wiki-publisher"\nchmod 755 "${bin}/wiki-publisher"\n`;
      await writeFile(join(bin, 'npm'), fakeNpm);
      await chmod(join(bin, 'npm'), 0o755);
    } else {
      await writeFile(join(bin, 'wiki-publisher'), CLI_SHIM);
      await chmod(join(bin, 'wiki-publisher'), 0o755);
    }
    const env = { PATH: `${bin}:${options.installed === false ? SYSTEM_PATH : process.env.PATH ?? ''}`, ...template.variables, ...options.env };
    const shell = async (lines: string[]): Promise<{ code: number | null; output: string }> => {
      const child = spawn('bash', ['-eo', 'pipefail', '-c', lines.join('\n')], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      everythingPrinted.push(output);
      return { code, output };
    };
    const main = await shell([...(spec.before_script ?? []), ...spec.script]);
    const after = spec.after_script ? await shell(spec.after_script) : { output: '' };
    const calls = await readFile(npmCalls, 'utf8').catch(() => '');
    return { code: main.code, output: main.output + after.output, npmCalls: calls.split('\n').filter((line) => line !== '') };
  } finally {
    await rm(bin, { recursive: true, force: true });
  }
}

describe('GitLab CI template', () => {
  const cli = useCliSandbox();

  it('the publish job saves the state even when it fails (a cache that saves requests), the plan job only reads it', () => {
    const publish = job('wiki-publisher:publish');
    assert.equal(publish.cache?.when, 'always', 'a failed run still saves what landed');
    assert.ok(publish.cache?.policy === undefined || publish.cache.policy === 'pull-push');
    assert.equal(job('wiki-publisher:plan').cache?.policy, 'pull');
  });

  it('plans on merge requests and publishes on the default branch only, with the JUnit report as GitLab reads it', () => {
    assert.deepEqual(job('wiki-publisher:plan').rules?.map((rule) => rule.if), ['$CI_PIPELINE_SOURCE == "merge_request_event"']);
    assert.match(job('wiki-publisher:publish').rules?.[0]?.if ?? '', /^\$CI_COMMIT_BRANCH == \$CI_DEFAULT_BRANCH/);
    for (const name of ['wiki-publisher:plan', 'wiki-publisher:publish']) {
      const spec = job(name);
      const report = spec.artifacts?.reports?.junit;
      assert.ok(report && spec.script.some((line) => line.includes(`--report ${report}`)), `${name} writes the JUnit report it declares`);
      assert.ok(!JSON.stringify(spec).match(/API_TOKEN|CLIENT_SECRET|PLATFORM_TOKEN/), `${name} names no secret: they are CI/CD variables`);
    }
  });

  it('the plan job writes the plan and a valid JUnit report without any secret; the publish job publishes', async () => {
    const workspace = await cli.tree({ 'docs/a.md': '# Alpha\n', 'docs/b.md': '# Beta\n\n![x](local.png)\n' });
    const variables = { WIKI_PUBLISHER_PATH: 'docs', WIKI_PUBLISHER_ARGS: '--space DOCS --parent 123456 --overwrite', CI_PIPELINE_SOURCE: 'merge_request_event' };
    const plan = await runJob('wiki-publisher:plan', { cwd: workspace, env: variables });
    assert.equal(plan.code, 0, plan.output);
    const markdown = await readFile(join(workspace, '.wiki-publisher', 'plan.md'), 'utf8');
    assert.match(markdown, /^### Wiki Publisher plan/);
    assert.match(markdown, /Wiki edits not checked: no page access/);
    assert.match(plan.output, /### Wiki Publisher plan/, 'the plan is in the job log too');
    await assertValidJunit(await readFile(join(workspace, '.wiki-publisher', 'junit.xml'), 'utf8'));
    assert.equal(cli.sandbox.imports.length, 0);

    const digest = /wiki-publisher-plan-digest: ([0-9a-f]{64})/.exec(markdown)?.[1] ?? '';
    const publish = await runJob('wiki-publisher:publish', { cwd: workspace, env: { ...cli.env(), ...variables, CI_PIPELINE_SOURCE: 'push', WIKI_PUBLISHER_EXPECT_PLAN: digest } });
    assert.equal(publish.code, 0, publish.output);
    assert.match(publish.output, /The plan is the reviewed one/);
    assert.ok(cli.sandbox.findPageByTitle('DOCS', '123456', 'Beta'));
    await assertValidJunit(await readFile(join(workspace, '.wiki-publisher', 'junit.xml'), 'utf8'));

    await writeFile(join(workspace, 'docs', 'a.md'), '# Alpha\n\nChanged after the review.\n');
    const refused = await runJob('wiki-publisher:publish', { cwd: workspace, env: { ...cli.env(), ...variables, WIKI_PUBLISHER_EXPECT_PLAN: digest } });
    assert.equal(refused.code, 3, refused.output);
  });
});

describe('GitLab CI template: what it installs and where it writes', () => {
  const cli = useCliSandbox();
  const variables = { WIKI_PUBLISHER_PATH: 'docs', WIKI_PUBLISHER_ARGS: '--space DOCS --parent 123456', CI_PIPELINE_SOURCE: 'merge_request_event' };

  it('names no package to install by default: without WIKI_PUBLISHER_PACKAGE the job fails with one line, and npm never runs', async () => {
    assert.equal(template.variables.WIKI_PUBLISHER_PACKAGE, '', 'no default package name');
    for (const folder of SYSTEM_PATH.split(':')) assert.ok(!existsSync(join(folder, 'wiki-publisher')), `the image stand-in has no wiki-publisher (${folder})`);
    const workspace = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    const run = await runJob('wiki-publisher:plan', { cwd: workspace, env: variables, installed: false });
    assert.equal(run.code, 2, run.output);
    assert.deepEqual(run.output.trimEnd().split('\n'), [
      'wiki-publisher: set WIKI_PUBLISHER_PACKAGE to the package to install: the tarball npm pack makes (a path or URL), or its name in your own registry. Nothing is installed from the public registry, where the name is not this project\'s.',
    ]);
    assert.deepEqual(run.npmCalls, []);
    assert.ok(!existsSync(join(workspace, '.wiki-publisher')), 'nothing written');
  });

  it('installs the package it is told (a tarball in the repository) and runs it; an image that has the CLI installs nothing', async () => {
    const workspace = await cli.tree({ 'docs/a.md': '# Alpha\n', 'tools/wiki-publisher-0.1.0.tgz': 'stand-in' });
    const run = await runJob('wiki-publisher:plan', { cwd: workspace, env: { ...variables, WIKI_PUBLISHER_PACKAGE: 'tools/wiki-publisher-0.1.0.tgz' }, installed: false });
    assert.equal(run.code, 0, run.output);
    assert.deepEqual(run.npmCalls, ['install --global --no-audit --no-fund tools/wiki-publisher-0.1.0.tgz']);
    assert.match(await readFile(join(workspace, '.wiki-publisher', 'plan.md'), 'utf8'), /^### Wiki Publisher plan/);
    const preinstalled = await runJob('wiki-publisher:plan', { cwd: workspace, env: variables });
    assert.equal(preinstalled.code, 0, preinstalled.output);
    assert.deepEqual(preinstalled.npmCalls, []);
  });

  it('writes nothing through a link the repository commits: .wiki-publisher, or the plan file in it, is refused; nothing written outside or sent', async () => {
    const outside = await cli.tree({ 'plan.md': 'precious\n' });
    const workspace = await cli.tree({ 'docs/a.md': '# Alpha\n' });
    await symlink(outside, join(workspace, '.wiki-publisher'));
    for (const name of ['wiki-publisher:plan', 'wiki-publisher:publish'] as const) {
      const run = await runJob(name, { cwd: workspace, env: { ...cli.env(), ...variables, ...(name === 'wiki-publisher:publish' ? { CI_PIPELINE_SOURCE: 'push' } : {}) } });
      assert.equal(run.code, 2, run.output);
      assert.match(run.output, /--state \.wiki-publisher\/state\.json: \.wiki-publisher\/state\.json goes through \.wiki-publisher, a symbolic link; wiki-publisher never writes through a symbolic link/);
    }
    assert.deepEqual(await readdir(outside), ['plan.md']);
    assert.equal(await readFile(join(outside, 'plan.md'), 'utf8'), 'precious\n');

    await rm(join(workspace, '.wiki-publisher'));
    await mkdir(join(workspace, '.wiki-publisher'));
    await symlink(join(outside, 'plan.md'), join(workspace, '.wiki-publisher', 'plan.md'));
    const run = await runJob('wiki-publisher:plan', { cwd: workspace, env: variables });
    assert.equal(run.code, 2, run.output);
    assert.match(run.output, /--markdown-file \.wiki-publisher\/plan\.md: \.wiki-publisher\/plan\.md is a symbolic link; wiki-publisher never writes through a symbolic link/);
    assert.equal(await readFile(join(outside, 'plan.md'), 'utf8'), 'precious\n');
    assert.deepEqual(await readdir(outside), ['plan.md']);
    assert.equal(cli.sandbox.imports.length, 0);
  });

  it('no template, workflow or guide installs a name from the public registry', async () => {
    // The install instructions moved from the README to docs/ (issue 84): every guide is read.
    const guides = (await readdir(join(root, 'docs'))).filter((name) => name.endsWith('.md')).map((name) => join('docs', name));
    assert.ok(guides.includes(join('docs', 'cli.md')), 'docs/cli.md, which says how to install the command line, is read');
    const documents = ['README.md', 'CONTRIBUTING.md', ...guides, 'action.yml', join('ci', 'gitlab', 'wiki-publisher.yml')];
    for (const document of documents) {
      const text = await readFile(join(root, document), 'utf8');
      for (const line of text.split('\n')) {
        // npx fetches a name it cannot find locally; only an explicit --package path says where it comes from.
        assert.ok(!/\bnpx\b(?![^`\n]*--package=)[^`\n]*\bwiki-publisher\b/.test(line), `${document}: ${line}`);
        // npm install of the bare name (with or without a version) reaches the public registry.
        assert.ok(!/\bnpm (install|i|add)\b[^`\n]*(^|[\s"'])wiki-publisher(@[^\s"'`]*)?(?=[\s"'`]|$)/.test(line), `${document}: ${line}`);
      }
    }
  });
});

describe('GitLab CI template with --tree', () => {
  const cli = useCliWorld();

  it('the publish job keeps the .wiki-pages.json it recorded new page IDs in as an artifact, and its log says to commit it', async () => {
    const workspace = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide/setup.md': '# Setup\n' });
    const variables = { WIKI_PUBLISHER_PATH: 'docs', WIKI_PUBLISHER_ARGS: '--tree --space DOCS --parent 123456', CI_PIPELINE_SOURCE: 'push', CI: 'true' };
    const publish = await runJob('wiki-publisher:publish', { cwd: workspace, env: { ...cli.env(), ...variables } });
    assert.equal(publish.code, 0, publish.output);
    assert.match(publish.output, /Recorded 3 page IDs in docs\/\.wiki-pages\.json: commit it[^\n]*the runner's copy goes when the job ends/);
    // GitLab's runner expands the job's variables in artifacts:paths.
    const kept = (job('wiki-publisher:publish').artifacts?.paths ?? []).map((path) => path.replace(/\$WIKI_PUBLISHER_PATH|\$\{WIKI_PUBLISHER_PATH\}/g, variables.WIKI_PUBLISHER_PATH));
    assert.ok(kept.includes('docs/.wiki-pages.json'), `the publish job keeps docs/.wiki-pages.json: ${kept.join(', ')}`);
    assert.ok(kept.includes(job('wiki-publisher:publish').artifacts?.reports?.junit ?? ''), 'and still its JUnit report');
    assert.equal(Object.keys((JSON.parse(await readFile(join(workspace, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: object }).pages).length, 3);
  });
});
