// The GitHub Action's overhead over the plain CLI (issue 16): the same publish against the sandbox, spawn to exit,
// as a runner runs each: the shipped dist/cli.js with flags and the token in the environment, and the committed
// action/index.js with the same run as INPUT_* variables plus GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and RUNNER_TEMP
// (so it also writes the job summary, the plan and results files and the outputs). Alternating, medians compared.
import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { startSandbox } from '../sandbox/server';
import { CLI_BUNDLES, repoRoot } from './bundle';
import { generateMarkdown } from './markdownCorpus';
import type { Report } from './report';
import { describe, ms, summarize, type Summary } from './stats';

export interface ActionOverheadOptions {
  files: number;
  fileBytes: number;
  samples: number;
  warmups: number;
}

export interface ActionOverheadResult {
  cli: Summary;
  action: Summary;
  ratio: number;
}

async function timeProcess(args: string[], cwd: string, env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  const elapsed = performance.now() - started;
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}: ${stderr.slice(0, 400)}`);
  return elapsed;
}

export async function measureActionOverhead(options: ActionOverheadOptions): Promise<ActionOverheadResult> {
  const dir = await mkdtemp(join(tmpdir(), 'wiki-publisher-action-bench-'));
  const sandbox = await startSandbox();
  try {
    await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--production'], { cwd: repoRoot });
    // Every committed bundle of the action (index.js requires its siblings as it needs them).
    const actionBundles = (await readdir(join(repoRoot, 'action'))).filter((name) => name.endsWith('.js')).map((name) => [`action/${name}`, `action/${name}`] as const);
    const bundles = [...CLI_BUNDLES.map((name) => [`dist/${name}`, `cli/${name}`] as const), ...actionBundles];
    for (const [from, to] of bundles) {
      await mkdir(join(dir, to, '..'), { recursive: true });
      await copyFile(join(repoRoot, from), join(dir, to));
    }
    const workspace = join(dir, 'workspace');
    await mkdir(join(workspace, 'docs'), { recursive: true });
    for (let index = 0; index < options.files; index++) {
      await writeFile(join(workspace, 'docs', `page-${index}.md`), generateMarkdown(options.fileBytes, { spaceId: 'DOCS', parentId: '123456', pageTitle: `Action bench ${index}` }));
    }
    const secrets = { WIKI_PUBLISHER_ENDPOINT: sandbox.importEndpoint, WIKI_PUBLISHER_API_TOKEN: sandbox.issueToken({ label: 'bench-action' }).token };
    const runner = join(dir, 'runner');
    await mkdir(runner);
    const cliSide = (): Promise<number> => timeProcess([join(dir, 'cli', 'cli.js'), 'publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--overwrite'], workspace, secrets);
    const actionSide = async (): Promise<number> => {
      await writeFile(join(runner, 'output'), '');
      await writeFile(join(runner, 'summary'), '');
      return timeProcess([join(dir, 'action', 'index.js')], workspace, {
        ...secrets, GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runner,
        GITHUB_OUTPUT: join(runner, 'output'), GITHUB_STEP_SUMMARY: join(runner, 'summary'),
        INPUT_PATH: 'docs', INPUT_SPACE: 'DOCS', INPUT_PARENT: '123456', INPUT_OVERWRITE: 'true',
      });
    };
    const cliMs: number[] = [];
    const actionMs: number[] = [];
    for (let index = 0; index < options.warmups + options.samples; index++) {
      const keep = index >= options.warmups;
      const sides: Array<() => Promise<void>> = [
        async () => { const t = await cliSide(); if (keep) cliMs.push(t); },
        async () => { const t = await actionSide(); if (keep) actionMs.push(t); },
      ];
      for (const side of index % 2 === 0 ? sides : sides.reverse()) await side();
      sandbox.imports.length = 0;
    }
    const cli = summarize(cliMs);
    const action = summarize(actionMs);
    return { cli, action, ratio: action.median / cli.median };
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export function reportActionOverhead(report: Report, result: ActionOverheadResult, options: ActionOverheadOptions): void {
  report.judge({
    name: `the action's overhead over the plain CLI on the same run (${options.files} x ${options.fileBytes / 1024} KB, both against the sandbox, whole process)`,
    value: `${result.ratio.toFixed(2)}x`, target: '<= 1.10x', pass: result.ratio <= 1.1,
  });
  report.detail(`${options.samples} samples each, alternating, ${options.warmups} warm-ups; spawn to exit`);
  report.detail(`CLI (dist/cli.js, production build):      ${describe(result.cli)}`);
  report.detail(`action (committed action/index.js, INPUT_*): ${describe(result.action)}`);
  report.detail(`difference of medians: ${ms(result.action.median - result.cli.median)} ms (job summary, plan and results files, outputs, annotations, the larger unminified bundle)`);
}
