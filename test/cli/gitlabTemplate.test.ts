// The GitLab CI template (ci/gitlab/wiki-publisher.yml): its two jobs run when GitLab would run them, and their
// scripts, run by bash as a GitLab runner runs them (with the template's variables, `wiki-publisher` on PATH), plan on
// a merge request (Markdown artifact, JUnit report that validates) and publish on the default branch, against the sandbox.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
}

const template = parse(readFileSync(join(root, 'ci', 'gitlab', 'wiki-publisher.yml'), 'utf8')) as Record<string, Job> & { variables: Record<string, string> };

function job(name: string): Job {
  const found = template[name];
  assert.ok(found, `the template has a job ${name}`);
  const base = found.extends ? template[found.extends] : undefined;
  return { ...base, ...found } as Job;
}

/** Runs a job's scripts as a runner does: before_script and script in one bash -e shell, after_script in another. */
async function runJob(name: string, options: { cwd: string; env: Record<string, string> }): Promise<{ code: number | null; output: string }> {
  const spec = job(name);
  const bin = await mkdtemp(join(tmpdir(), 'wiki-publisher-bin-'));
  try {
    await writeFile(join(bin, 'wiki-publisher'), `#!/bin/sh\nexec "${process.execPath}" "${CLI_PATH}" "$@"\n`);
    await chmod(join(bin, 'wiki-publisher'), 0o755);
    const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, ...template.variables, ...options.env };
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
    return { code: main.code, output: main.output + after.output };
  } finally {
    await rm(bin, { recursive: true, force: true });
  }
}

describe('GitLab CI template', () => {
  const cli = useCliSandbox();

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

describe('GitLab CI template with --tree', () => {
  const cli = useCliWorld();

  it('the publish job keeps the .wiki-pages.json it recorded new page IDs in as an artifact, and its log says to commit it', async () => {
    const workspace = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide/setup.md': '# Setup\n' });
    const variables = { WIKI_PUBLISHER_PATH: 'docs', WIKI_PUBLISHER_ARGS: '--tree --space DOCS --parent 123456', CI_PIPELINE_SOURCE: 'push', CI: 'true' };
    const publish = await runJob('wiki-publisher:publish', { cwd: workspace, env: { ...cli.env(), ...variables } });
    assert.equal(publish.code, 0, publish.output);
    assert.match(publish.output, /Recorded 3 page ID\(s\) in docs\/\.wiki-pages\.json: commit it[^\n]*the runner's copy goes when the job ends/);
    // GitLab's runner expands the job's variables in artifacts:paths.
    const kept = (job('wiki-publisher:publish').artifacts?.paths ?? []).map((path) => path.replace(/\$WIKI_PUBLISHER_PATH|\$\{WIKI_PUBLISHER_PATH\}/g, variables.WIKI_PUBLISHER_PATH));
    assert.ok(kept.includes('docs/.wiki-pages.json'), `the publish job keeps docs/.wiki-pages.json: ${kept.join(', ')}`);
    assert.ok(kept.includes(job('wiki-publisher:publish').artifacts?.reports?.junit ?? ''), 'and still its JUnit report');
    assert.equal(Object.keys((JSON.parse(await readFile(join(workspace, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: object }).pages).length, 3);
  });
});
