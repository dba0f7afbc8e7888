// Issue 82, "the wiki is the truth": CI on a fresh runner (no --state, only the committed .wiki-pages.json) re-running
// an unchanged page tree, against a wiki that records imports as an account no token's `sub` names (the sandbox's
// 'app' author). What it must cost: no import, few platform requests (the pages read in bulk, 250 a request), and a
// wall time near a bare script that makes the same requests. Two trees: the 300-file tree of treePublish.ts with 50 ms
// added to every request, and 10,000 recorded pages (requests only; no added latency, which would only add waiting).
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';
import { shippedCli } from './bundle';
import type { Report } from './report';
import { describe, summarize, type Summary } from './stats';
import { mustExit, runNode, writeDocsTree, type TreeShape } from './treePublish';

export interface FreshRunnerOptions {
  /** Re-runs of the 300-file tree, alternating with the bare script. */
  runs: number;
}

export interface FreshRunnerResult {
  pages: number;
  latencyMs: number;
  /** Imports and platform requests of one re-run (the same every run). */
  imports: number;
  requests: number;
  cli: Summary;
  bare: Summary;
  /** The CLI's own requests (same paths, bodies and all), replayed by a bare script one after another: information. */
  replay: Summary;
  large: { pages: number; imports: number; requests: number; firstPublishMs: number };
}

const SHAPE: TreeShape = { topFolders: 6, subfoldersEach: 4, filesPerFolder: 10, fileBytes: 4096 };
// 10,000 small files in 100 folders, no links between them: what is measured is the re-run's requests, and a first
// publish without second sends keeps the bench's own set-up short.
const LARGE_FOLDERS = 100;
const LARGE_FILES_EACH = 100;
const LATENCY_MS = 50;
const RUN_TIMEOUT_MS = 300_000;

// The least a script can do to make the same requests: `count` GETs of one page route, one after another, each
// waiting out the added latency, then exit. What the CLI does besides (start-up, walk, plan, the guard) is the ratio.
const BARE_SCRIPT = `
const http = require('node:http');
const [base, token, count] = process.argv.slice(2);
const get = () => new Promise((resolve, reject) => {
  http.get(base + '/wiki/api/v2/pages?id=123456&body-format=storage', { headers: { authorization: 'Bearer ' + token } }, (response) => {
    response.resume();
    response.on('end', resolve);
  }).on('error', reject);
});
(async () => { for (let n = 0; n < Number(count); n++) await get(); })().catch((error) => { console.error(error); process.exitCode = 1; });
`;

// The same bare script, asking the very requests a CLI run made (its paths, in its order), one after another: what the
// wiki's answers alone cost (315 page bodies are heavier than one page), for the information line.
const REPLAY_SCRIPT = `
const http = require('node:http');
const { readFileSync } = require('node:fs');
const [base, token, pathsFile] = process.argv.slice(2);
const paths = JSON.parse(readFileSync(pathsFile, 'utf8'));
const get = (path) => new Promise((resolve, reject) => {
  http.get(base + path, { headers: { authorization: 'Bearer ' + token } }, (response) => {
    response.resume();
    response.on('end', resolve);
  }).on('error', reject);
});
(async () => { for (const path of paths) await get(path); })().catch((error) => { console.error(error); process.exitCode = 1; });
`;

function envOf(world: SandboxWorld): Record<string, string> {
  return {
    WIKI_PUBLISHER_ENDPOINT: world.sandbox.importEndpoint,
    WIKI_PUBLISHER_API_TOKEN: world.sandbox.issueToken({ label: 'bench-fresh-runner' }).token,
    WIKI_PUBLISHER_PLATFORM_TOKEN: world.idp.issueSessionDirectly().access_token,
    WIKI_PUBLISHER_BASE_URL: world.sandbox.baseUrl,
  };
}

const treeArgs = (cli: string): string[] => [cli, 'publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456'];

export async function measureFreshRunner(options: FreshRunnerOptions): Promise<FreshRunnerResult> {
  const dir = await mkdtemp(join(tmpdir(), 'wiki-publisher-fresh-bench-'));
  const world = await startSandboxWorld();
  const { sandbox } = world;
  try {
    const cli = await shippedCli(dir);
    const bare = join(dir, 'bareGets.js');
    await writeFile(bare, BARE_SCRIPT);
    const replay = join(dir, 'replayGets.js');
    await writeFile(replay, REPLAY_SCRIPT);
    const replayed = join(dir, 'replayed.json');
    sandbox.setImportAuthor('app');
    const small = join(dir, 'small');
    const tree = await writeDocsTree(join(small, 'docs'), SHAPE);
    const env = envOf(world);
    // The first publish writes .wiki-pages.json, as a job would commit it; no --state anywhere: every run is fresh.
    mustExit(await runNode(treeArgs(cli), { cwd: small, env, timeoutMs: RUN_TIMEOUT_MS }), 0, 'the first publish of the tree');
    sandbox.injectFaults({ latencyMs: LATENCY_MS });
    sandbox.setPageLookupLatency(LATENCY_MS);
    const cliMs: number[] = [];
    const bareMs: number[] = [];
    const replayMs: number[] = [];
    let imports = 0;
    let requests = 0;
    for (let run = 0; run < options.runs + 1; run++) {
      const importsBefore = sandbox.imports.length;
      const requestsBefore = sandbox.pageRouteRequests;
      const rerun = mustExit(await runNode(treeArgs(cli), { cwd: small, env, timeoutMs: RUN_TIMEOUT_MS }), 0, 'the re-run on a fresh runner');
      imports = sandbox.imports.length - importsBefore;
      requests = sandbox.pageRouteRequests - requestsBefore;
      await writeFile(replayed, JSON.stringify(sandbox.pageRoutePaths.slice(-requests)));
      const bareRun = mustExit(await runNode([bare, sandbox.baseUrl, env.WIKI_PUBLISHER_PLATFORM_TOKEN ?? '', String(requests)], { cwd: dir, env: {}, timeoutMs: RUN_TIMEOUT_MS }), 0, 'the bare script');
      const replayRun = mustExit(await runNode([replay, sandbox.baseUrl, env.WIKI_PUBLISHER_PLATFORM_TOKEN ?? '', replayed], { cwd: dir, env: {}, timeoutMs: RUN_TIMEOUT_MS }), 0, 'the replay of the CLI\'s requests');
      // The first pair warms the page cache and the code cache.
      if (run === 0) continue;
      cliMs.push(rerun.ms);
      bareMs.push(bareRun.ms);
      replayMs.push(replayRun.ms);
    }
    sandbox.clearFaults();
    sandbox.setPageLookupLatency(0);

    sandbox.reset();
    sandbox.setImportAuthor('app');
    const large = join(dir, 'large');
    const largePages = writePlainTree(join(large, 'docs'));
    const largeEnv = envOf(world);
    const first = mustExit(await runNode([...treeArgs(cli), '--concurrency', '16'], { cwd: large, env: largeEnv, timeoutMs: RUN_TIMEOUT_MS * 4 }), 0, 'the first publish of 10,000 pages');
    const importsBefore = sandbox.imports.length;
    const requestsBefore = sandbox.pageRouteRequests;
    mustExit(await runNode(treeArgs(cli), { cwd: large, env: largeEnv, timeoutMs: RUN_TIMEOUT_MS }), 0, 'the re-run of 10,000 pages on a fresh runner');
    return {
      pages: tree.pages.length, latencyMs: LATENCY_MS, imports, requests, cli: summarize(cliMs), bare: summarize(bareMs), replay: summarize(replayMs),
      large: { pages: largePages, imports: sandbox.imports.length - importsBefore, requests: sandbox.pageRouteRequests - requestsBefore, firstPublishMs: first.ms },
    };
  } finally {
    await world.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** LARGE_FOLDERS folders of LARGE_FILES_EACH one-line pages; the pages the tree makes (a page a folder too). */
function writePlainTree(root: string): number {
  for (let folder = 0; folder < LARGE_FOLDERS; folder++) {
    const path = join(root, `part-${String(folder).padStart(3, '0')}`);
    mkdirSync(path, { recursive: true });
    for (let file = 0; file < LARGE_FILES_EACH; file++) {
      const number = folder * LARGE_FILES_EACH + file;
      writeFileSync(join(path, `page-${String(number).padStart(5, '0')}.md`), `# Page ${number}\n\nSome text.\n`);
    }
  }
  return LARGE_FOLDERS * (LARGE_FILES_EACH + 1);
}

const REQUESTS_AT_MOST = 10;
const WALL_RATIO = 1.5;

export function reportFreshRunner(report: Report, result: FreshRunnerResult): void {
  report.judge({ name: `fresh runner, unchanged ${result.pages}-page tree: imports`, value: String(result.imports), target: '0', pass: result.imports === 0 });
  report.judge({ name: `fresh runner, unchanged ${result.pages}-page tree: platform requests`, value: String(result.requests), target: `<= ${REQUESTS_AT_MOST}`, pass: result.requests <= REQUESTS_AT_MOST });
  const ratio = result.cli.median / result.bare.median;
  report.judge({ name: `fresh runner, unchanged ${result.pages}-page tree, +${result.latencyMs} ms: wall / bare script`, value: `${ratio.toFixed(2)}x`, target: `<= ${WALL_RATIO.toFixed(2)}x`, pass: ratio <= WALL_RATIO });
  report.detail(`dist/cli.js publish docs --tree, no --state, the committed .wiki-pages.json; imports authored by an account no token names; ${result.cli.count} runs alternating with the bare script after one warm-up pair`);
  report.detail(`CLI: ${describe(result.cli)}`);
  report.detail(`bare script (${result.requests} page-route GETs one after another, +${result.latencyMs} ms each): ${describe(result.bare)}`);
  report.detail(`information: the CLI's own ${result.requests} requests (its paths, the recorded pages' bodies included) replayed one after another by the same bare script: ${describe(result.replay)} (CLI / that = ${(result.cli.median / result.replay.median).toFixed(2)}x; the CLI sends them at once)`);
  const allowed = 2 + result.large.pages / 100;
  report.judge({ name: `fresh runner, ${result.large.pages} recorded pages unchanged: platform requests`, value: String(result.large.requests), target: `<= ${allowed.toFixed(0)} (2 + pages / 100)`, pass: result.large.requests <= allowed && result.large.imports === 0 });
  report.detail(`imports in that re-run: ${result.large.imports}; its first publish (concurrency 16, no added latency) took ${(result.large.firstPublishMs / 1000).toFixed(1)} s (information)`);
}
