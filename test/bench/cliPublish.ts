// The command-line publisher measured as CI runs it: the shipped (minified) dist/cli.js spawned as a process
// against the sandbox in this process. (a) 200 files of 20 KB with 50 ms added per request at concurrency 4, against
// the ideal 200 x 50 ms / 4; (b) one 100 KB file, spawn to exit, against a bare Node script doing the same undici
// POST; (c) peak RSS of those runs and of one 5 MB file, read by a --require probe in the child.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { CLI_BUNDLES, repoRoot, shippedCli } from './bundle';
import { generateMarkdown } from './markdownCorpus';
import type { Report } from './report';
import { describe, ms, summarize, type Summary } from './stats';

export interface CliBenchOptions {
  throughputRuns: number;
  startupSamples: number;
  startupWarmups: number;
  memoryRuns: number;
}

export interface CliBenchResult {
  cliBytes: number;
  throughput: {
    files: number; fileBytes: number; latencyMs: number; concurrency: number; wall: Summary; idealMs: number; ratio: number;
    /** First request's arrival at the sandbox to the last one's answer: the runner's part of the wall time. */
    sending: Summary;
    /** The same files with --dry-run: start-up, walking, reading and planning, no requests. */
    dryRun: Summary;
  };
  startup: { fileBytes: number; cli: Summary; bare: Summary; ratio: number };
  memory: { baselineKb: number; manyFilesKb: number; bigFileBytes: number; bigFileKb: number; versionOnlyKb: number; smallFileKb: number };
}

interface ChildRun {
  ms: number;
  code: number | null;
  maxRssKb: number | undefined;
  stderr: string;
}

const THROUGHPUT = { files: 200, fileBytes: 20 * 1024, latencyMs: 50, concurrency: 4 };
const STARTUP_FILE_BYTES = 100 * 1024;
const BIG_FILE_BYTES = 5_000_000;
const probe = join(__dirname, 'rssProbe.js');
const bare = join(__dirname, 'barePost.js');

/** Spawn to exit, with the RSS probe preloaded when `measureRss` is set. */
async function timeChild(args: readonly string[], options: { cwd: string; env: Record<string, string>; rssFile?: string }): Promise<ChildRun> {
  const env = { PATH: process.env.PATH ?? '', ...options.env, ...(options.rssFile ? { WIKI_BENCH_RSS_FILE: options.rssFile } : {}) };
  const nodeArgs = options.rssFile ? ['--require', probe, ...args] : [...args];
  const started = performance.now();
  const child = spawn(process.execPath, nodeArgs, { cwd: options.cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  const ms = performance.now() - started;
  const maxRssKb = options.rssFile ? Number(await readFile(options.rssFile, 'utf8')) : undefined;
  return { ms, code, maxRssKb, stderr };
}

function mustSucceed(run: ChildRun, what: string): ChildRun {
  if (run.code !== 0) throw new Error(`${what} exited with ${run.code}: ${run.stderr.trim().slice(0, 500)}`);
  return run;
}

export async function measureCliPublish(options: CliBenchOptions): Promise<CliBenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'wiki-publisher-cli-bench-'));
  const sandbox = await startSandbox();
  try {
    const cli = await shippedCli(dir);
    const { token } = sandbox.issueToken({ label: 'bench-cli' });
    const env = { WIKI_PUBLISHER_ENDPOINT: sandbox.importEndpoint, WIKI_PUBLISHER_API_TOKEN: token };
    const rssFile = join(dir, 'rss.txt');
    let cliBytes = 0;
    for (const name of CLI_BUNDLES) cliBytes += (await readFile(join(dirname(cli), name))).length;

    // (a) and (c): 200 files through 50 ms of added latency each.
    const many = join(dir, 'many');
    await mkdir(many);
    for (let index = 0; index < THROUGHPUT.files; index++) {
      const name = `page-${String(index).padStart(3, '0')}`;
      await writeFile(join(many, `${name}.md`), generateMarkdown(THROUGHPUT.fileBytes, { spaceId: 'DOCS', parentId: '123456', pageTitle: `Bench ${name}` }));
    }
    const manyArgs = [cli, 'publish', many, '--concurrency', String(THROUGHPUT.concurrency)];
    const wallMs: number[] = [];
    const sendingMs: number[] = [];
    const dryRunMs: number[] = [];
    let manyFilesKb = 0;
    sandbox.injectFaults({ latencyMs: THROUGHPUT.latencyMs });
    for (let run = 0; run < options.throughputRuns; run++) {
      const result = mustSucceed(await timeChild(manyArgs, { cwd: dir, env, rssFile }), 'the CLI publishing 200 files');
      wallMs.push(result.ms);
      const arrivals = sandbox.imports.map((each) => each.at);
      if (arrivals.length !== THROUGHPUT.files) throw new Error(`the sandbox saw ${arrivals.length} requests, not ${THROUGHPUT.files}`);
      sendingMs.push(Math.max(...arrivals) + THROUGHPUT.latencyMs - Math.min(...arrivals));
      manyFilesKb = Math.max(manyFilesKb, result.maxRssKb ?? 0);
      forgetBodies(sandbox);
      dryRunMs.push(mustSucceed(await timeChild([...manyArgs, '--dry-run'], { cwd: dir, env }), 'the CLI planning 200 files').ms);
    }
    sandbox.clearFaults();
    const wall = summarize(wallMs);
    const idealMs = (THROUGHPUT.files * THROUGHPUT.latencyMs) / THROUGHPUT.concurrency;

    // (b): one 100 KB file, the CLI against a bare undici POST, alternating.
    const small = join(dir, 'one-100kb.md');
    await writeFile(small, generateMarkdown(STARTUP_FILE_BYTES, { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Bench CLI 100 KB' }));
    const cliMs: number[] = [];
    const bareMs: number[] = [];
    for (let index = 0; index < options.startupWarmups + options.startupSamples; index++) {
      const keep = index >= options.startupWarmups;
      const sides = [
        async () => {
          const run = mustSucceed(await timeChild([cli, 'publish', small], { cwd: dir, env }), 'the CLI publishing 100 KB');
          if (keep) cliMs.push(run.ms);
        },
        async () => {
          const run = mustSucceed(await timeChild([bare, small, sandbox.importEndpoint, 'Bench CLI 100 KB'], { cwd: repoRoot, env }), 'the bare POST');
          if (keep) bareMs.push(run.ms);
        },
      ];
      for (const side of index % 2 === 0 ? sides : sides.reverse()) await side();
      forgetBodies(sandbox);
    }

    // (c): one 5 MB file, node's own baseline, and the CLI doing nothing but --version.
    const big = join(dir, 'one-5mb.md');
    await writeFile(big, generateMarkdown(BIG_FILE_BYTES, { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Bench CLI 5 MB' }));
    const peak = async (args: string[], what: string): Promise<number> => {
      const peaks: number[] = [];
      for (let run = 0; run < options.memoryRuns; run++) {
        peaks.push(mustSucceed(await timeChild(args, { cwd: dir, env, rssFile }), what).maxRssKb ?? 0);
        forgetBodies(sandbox);
      }
      return summarize(peaks).median;
    };
    const baselineKb = await peak(['-e', ''], 'bare node');
    const versionOnlyKb = await peak([cli, '--version'], 'the CLI --version');
    const smallFileKb = await peak([cli, 'publish', small], 'the CLI publishing 100 KB');
    const bigFileKb = await peak([cli, 'publish', big], 'the CLI publishing 5 MB');

    const cliSummary = summarize(cliMs);
    const bareSummary = summarize(bareMs);
    return {
      cliBytes,
      throughput: { ...THROUGHPUT, wall, idealMs, ratio: wall.median / idealMs, sending: summarize(sendingMs), dryRun: summarize(dryRunMs) },
      startup: { fileBytes: STARTUP_FILE_BYTES, cli: cliSummary, bare: bareSummary, ratio: cliSummary.median / bareSummary.median },
      memory: { baselineKb, manyFilesKb, bigFileBytes: BIG_FILE_BYTES, bigFileKb, versionOnlyKb, smallFileKb },
    };
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The sandbox keeps every request body; 200 x 20 KB per run adds up in this process. */
function forgetBodies(sandbox: Sandbox): void {
  sandbox.imports.length = 0;
}

const MB = 1024;

/** Prints the four verdicts of issue 10, section 4, with what each was measured on. */
export function reportCliPublish(report: Report, result: CliBenchResult, options: CliBenchOptions): void {
  const { throughput, startup, memory } = result;
  report.judge({
    name: `CLI ${throughput.files} x ${throughput.fileBytes / 1024} KB, +${throughput.latencyMs} ms, concurrency ${throughput.concurrency}: wall / ideal`,
    value: `${throughput.ratio.toFixed(2)}x`, target: '<= 1.15x', pass: throughput.ratio <= 1.15,
  });
  report.detail(`wall time spawn to exit: ${describe(throughput.wall)}; ideal ${throughput.files} x ${throughput.latencyMs} ms / ${throughput.concurrency} = ${throughput.idealMs} ms`);
  report.detail(`of which sending (first request in to last answer out, at the sandbox): ${describe(throughput.sending)} = ${(throughput.sending.median / throughput.idealMs).toFixed(2)}x the ideal`);
  report.detail(`the same 200 files with --dry-run (start-up, walk, read, plan; no request): ${describe(throughput.dryRun)}`);
  report.detail(`shipped bundles ${CLI_BUNDLES.map((name) => `dist/${name}`).join(' + ')} (minified): ${(result.cliBytes / 1024).toFixed(1)} KB`);
  report.judge({
    name: `CLI one ${startup.fileBytes / 1024} KB file spawn to exit / bare Node undici POST`,
    value: `${startup.ratio.toFixed(2)}x`, target: '<= 1.50x', pass: startup.ratio <= 1.5,
  });
  report.detail(`${options.startupSamples} samples each, alternating, ${options.startupWarmups} warm-ups`);
  report.detail(`CLI:  ${describe(startup.cli)}`);
  report.detail(`bare: ${describe(startup.bare)} (reads the file, requires undici from node_modules, one POST, closes)`);
  report.detail(`difference of medians: ${ms(startup.cli.median - startup.bare.median)} ms`);
  const manyMb = memory.manyFilesKb / MB;
  report.judge({ name: `CLI peak RSS publishing ${throughput.files} x ${throughput.fileBytes / 1024} KB`, value: `${manyMb.toFixed(1)} MB`, target: '<= 150 MB', pass: manyMb <= 150 });
  const bigMb = memory.bigFileBytes / (1024 * 1024);
  const bigTargetKb = memory.baselineKb + (4 * memory.bigFileBytes) / 1024;
  report.judge({
    name: `CLI peak RSS publishing one ${(memory.bigFileBytes / 1e6).toFixed(0)} MB file`,
    value: `${(memory.bigFileKb / MB).toFixed(1)} MB`, target: `<= ${(bigTargetKb / MB).toFixed(1)} MB`, pass: memory.bigFileKb <= bigTargetKb,
  });
  report.detail(`target = node's own baseline ${(memory.baselineKb / MB).toFixed(1)} MB (node -e "", median of ${options.memoryRuns}) + 4 x ${bigMb.toFixed(2)} MB`);
  report.detail(`the CLI loading its bundle and printing --version: ${(memory.versionOnlyKb / MB).toFixed(1)} MB; publishing the 100 KB file: ${(memory.smallFileKb / MB).toFixed(1)} MB`);
  const growthKb = memory.bigFileKb - memory.smallFileKb;
  report.detail(`the 5 MB file over the 100 KB one: ${(growthKb / MB).toFixed(1)} MB = ${(growthKb / (memory.bigFileBytes / 1024)).toFixed(1)} x the file size (information)`);
  report.detail('peak RSS = VmHWM of the child at exit, written by a --require probe (rssProbe.ts; max over the 200-file runs, median otherwise)');
}
