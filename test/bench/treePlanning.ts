// Issue 14, "Speed" (2): planning a page tree alone (walk, front matter, titles, links, shaping) for 10,000 files of
// 4 KB in 200 folders, as `wiki-publisher publish docs --tree --dry-run` of the shipped dist/cli.js, against a bare
// Node script that walks, reads and hashes the same files. A .wiki-pages.json recording every page is written first
// and no page access is given, as a fork's pull request plans: the dry run makes no request, plans every page and then
// refuses each for want of page access (a recorded page is never used unchecked, issue 81), so it exits 1.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serializeManifest, type ManifestEntry } from '../../src/core/tree/manifestFormat';
import type { Report } from './report';
import { describe, summarize, type Summary } from './stats';
import { shippedCli } from './bundle';
import { mustExit, runNode, rssProbeIn, writeDocsTree, type ChildRun, type TreeShape } from './treePublish';

export interface TreePlanningOptions {
  /** CLI and bare runs each, alternating, after one warm-up of each. */
  runs: number;
  /** A CLI run still going after this is killed and reported as not finished. */
  timeoutMs: number;
}

export interface TreePlanningResult {
  shape: TreeShape;
  files: number;
  folders: number;
  pages: number;
  bytes: number;
  generateMs: number;
  /** undefined when the CLI did not finish within the timeout. */
  cli: Summary | undefined;
  bare: Summary;
  /** The bare walk reading through fs/promises 8 at once, as the editor's port must (a remote file system): information. */
  bareAsync: Summary;
  timeoutMs: number;
  cliRssKb: number | undefined;
  bareRssKb: number;
  baselineKb: number;
  /** node -e "" from spawn to exit: what every whole-process run pays before its script starts and after it ends. */
  nodeStartMs: number;
  /** The plan in one process from the compiled sources (treePlanningWarm.ts): the first, and the last WARM_PLANS. */
  inProcess: { firstMs: number; warm: Summary } | undefined;
}

/**
 * Plans in one process for the information line: the first, then again until V8 has compiled what planning runs.
 * The second plan still ran partly on code being compiled: only the last WARM_PLANS count as warm.
 */
const IN_PROCESS_PLANS = 5;
const WARM_PLANS = 3;

const SHAPE: TreeShape = { topFolders: 20, subfoldersEach: 9, filesPerFolder: 50, fileBytes: 4096 };
const ID_BASE = 700_000;

// Walks with fs.readdir recursive, reads every Markdown file as text and hashes it: the least any planner must do.
// "sync" reads with readFileSync (the verdict's yardstick; the CLI reads synchronously too); "async" with fs/promises
// readFile 8 at once (information: what reading through the thread pool would cost, a round trip or more per read).
const BARE_SCRIPT = `
const { readdir, readFile } = require('node:fs/promises');
const { readFileSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { join } = require('node:path');
(async () => {
  const [root, expected, mode] = process.argv.slice(2);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.md')).map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  const hash = (text) => createHash('sha256').update(text).digest('hex');
  let next = 0;
  if (mode === 'sync') for (const path of paths) hash(readFileSync(path, 'utf8'));
  else await Promise.all(Array.from({ length: 8 }, async () => { while (next < paths.length) hash(await readFile(paths[next++], 'utf8')); }));
  if (paths.length !== Number(expected)) throw new Error('read ' + paths.length + ' files, not ' + expected);
})().catch((error) => { console.error(error); process.exitCode = 1; });
`;

export async function measureTreePlanning(options: TreePlanningOptions): Promise<TreePlanningResult> {
  const dir = await mkdtemp(join(tmpdir(), 'wiki-publisher-plan-bench-'));
  try {
    const cli = await shippedCli(dir);
    const bare = join(dir, 'bareWalk.js');
    await writeFile(bare, BARE_SCRIPT);
    const docs = join(dir, 'docs');
    const generating = performance.now();
    const tree = await writeDocsTree(docs, SHAPE);
    const pages = new Map<string, ManifestEntry>(tree.pages.map((page, index) => [page.key, { id: String(ID_BASE + index), title: page.title }]));
    await writeFile(join(docs, '.wiki-pages.json'), serializeManifest({ root: { space: 'DOCS', parent: '123456' }, pages }));
    const generateMs = performance.now() - generating;

    const rss = rssProbeIn(dir);
    const cliArgs = [cli, 'publish', 'docs', '--tree', '--dry-run', '--space', 'DOCS', '--parent', '123456'];
    // The warm-up's plan is read (every page planned, then refused); the measured runs write theirs to /dev/null.
    const runCli = async (check = false): Promise<ChildRun> => {
      const run = await runNode(cliArgs, { cwd: dir, env: {}, rss, keepStdout: check, timeoutMs: options.timeoutMs });
      if (run.timedOut) return run;
      mustExit(run, 1, 'the CLI planning the tree');
      return check ? plannedEveryPage(run, tree.pages.length) : run;
    };
    const runBare = async (mode: 'sync' | 'async' = 'sync'): Promise<ChildRun> =>
      mustExit(await runNode([bare, docs, String(tree.files), mode], { cwd: dir, env: {}, rss, timeoutMs: options.timeoutMs }), 0, 'the bare walk');
    const cliMs: number[] = [];
    const bareMs: number[] = [];
    const cliRss: number[] = [];
    const bareRss: number[] = [];
    const asyncMs: number[] = [];
    const keep = (run: ChildRun, times: number[], peaks: number[]): void => {
      times.push(run.ms);
      peaks.push(run.maxRssKb ?? 0);
    };
    // One warm-up each (the page cache, the code cache), then alternating runs. A CLI warm-up past the timeout
    // leaves the CLI unmeasured; one too slow to repeat within the bench's time is the CLI's only sample.
    await runBare();
    const warmUp = await runCli(true);
    const repeat = !warmUp.timedOut && warmUp.ms <= options.timeoutMs / 4;
    if (!warmUp.timedOut && !repeat) keep(warmUp, cliMs, cliRss);
    for (let run = 0; run < options.runs; run++) {
      keep(await runBare(), bareMs, bareRss);
      asyncMs.push((await runBare('async')).ms);
      if (repeat) keep(await runCli(), cliMs, cliRss);
    }
    const baseline: number[] = [];
    const nodeStart: number[] = [];
    for (let run = 0; run < 3; run++) {
      const bareNode = mustExit(await runNode(['-e', ''], { cwd: dir, env: {}, rss, timeoutMs: 10_000 }), 0, 'bare node');
      baseline.push(bareNode.maxRssKb ?? 0);
      nodeStart.push(bareNode.ms);
    }
    const inProcess = repeat ? await planInOneProcess(dir, cliArgs.slice(1), options.timeoutMs * IN_PROCESS_PLANS) : undefined;
    return {
      shape: SHAPE, files: tree.files, folders: tree.folders, pages: tree.pages.length, bytes: tree.bytes, generateMs,
      cli: cliMs.length > 0 ? summarize(cliMs) : undefined, bare: summarize(bareMs), bareAsync: summarize(asyncMs), timeoutMs: options.timeoutMs,
      cliRssKb: cliRss.length > 0 ? summarize(cliRss).median : undefined, bareRssKb: summarize(bareRss).median, baselineKb: summarize(baseline).median,
      nodeStartMs: summarize(nodeStart).median, inProcess,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The run planned every page and refused each for want of page access, nothing else (its summary line says so). */
function plannedEveryPage(run: ChildRun, pages: number): ChildRun {
  const summary = /Dry run, nothing sent: 0 to send .*, (\d+) would be refused; as a tree of (\d+) pages/.exec(run.stdout);
  if (summary?.[1] !== String(pages) || summary[2] !== String(pages)) throw new Error(`the dry run did not plan and refuse all ${pages} pages: ${run.stdout.split('\n').slice(-4).join(' ')}`);
  return { ...run, stdout: '' };
}

/** The plans of treePlanningWarm.ts, the compiled sources' child of this bench (out/test/bench/). */
async function planInOneProcess(dir: string, cliArgs: readonly string[], timeoutMs: number): Promise<TreePlanningResult['inProcess']> {
  const child = join(__dirname, 'treePlanningWarm.js');
  const run = mustExit(await runNode([child, String(IN_PROCESS_PLANS), ...cliArgs], { cwd: dir, env: {}, keepStdout: true, timeoutMs }), 0, 'the plans in one process');
  const { ms } = JSON.parse(run.stdout) as { ms: number[] };
  const [firstMs] = ms;
  if (firstMs === undefined || ms.length !== IN_PROCESS_PLANS) throw new Error(`the plans in one process printed ${run.stdout.trim()}`);
  return { firstMs, warm: summarize(ms.slice(-WARM_PLANS)) };
}

// Issue 84: without any V8 flag or thread priority set by the product (it sets none).
const TIME_TARGET = 2.5;
const RSS_ALLOWANCE_KB = 100 * 1024;
const mb = (kb: number): string => `${(kb / 1024).toFixed(1)} MB`;

export function reportTreePlanning(report: Report, result: TreePlanningResult): void {
  const name = `CLI --tree --dry-run ${result.files} x ${result.shape.fileBytes / 1024} KB in ${result.folders} folders / bare walk, read, hash`;
  const ratio = result.cli ? result.cli.median / result.bare.median : undefined;
  report.judge({
    name, value: ratio === undefined ? `> ${(result.timeoutMs / result.bare.median).toFixed(0)}x` : `${ratio.toFixed(2)}x`,
    target: `<= ${TIME_TARGET.toFixed(2)}x`, pass: ratio !== undefined && ratio <= TIME_TARGET,
  });
  report.detail(
    `tree: ${result.shape.topFolders} top folders x ${result.shape.subfoldersEach} subfolders, ${result.shape.filesPerFolder} files each ` +
      `(${(result.bytes / 1024 / 1024).toFixed(1)} MB), half with front matter, 2-3 links per file; ${result.pages} pages; generated in ${(result.generateMs / 1000).toFixed(1)} s`,
  );
  report.detail(
    'planning alone: a .wiki-pages.json recording every page and no page access (a fork\'s pull request), so the dry run ' +
      'makes no request: walk, read, front matter, titles, shape, link checks, plan and digest of every page, then each ' +
      'refused for want of page access (exit 1)',
  );
  report.detail(`CLI (spawn to exit): ${result.cli ? describe(result.cli) : `did not finish within ${(result.timeoutMs / 1000).toFixed(0)} s (killed)`}`);
  report.detail(`bare (fs.readdir recursive, readFileSync as text, sha256 each): ${describe(result.bare)}`);
  const asyncRatio = result.cli ? ` (CLI / that = ${(result.cli.median / result.bareAsync.median).toFixed(2)}x)` : '';
  report.detail(`information: the same bare walk reading with fs/promises readFile 8 at once (the CLI reads synchronously): ${describe(result.bareAsync)}${asyncRatio}`);
  if (result.inProcess) {
    const { firstMs, warm } = result.inProcess;
    const warmRatio = (warm.median + result.nodeStartMs) / result.bare.median;
    report.detail(
      `information: the same dry run ${IN_PROCESS_PLANS} times in one process (compiled sources, not the bundle): the first ${firstMs.toFixed(1)} ms, ` +
        `the last ${WARM_PLANS} ${describe(warm)} once V8 has compiled the planner; with node's own start and exit (node -e "", ${result.nodeStartMs.toFixed(1)} ms) ` +
        `that is ${warmRatio.toFixed(2)}x the bare walk: the rest of the whole process's ratio is V8 compiling the planner while it plans`,
    );
  }
  const rssTarget = result.baselineKb + RSS_ALLOWANCE_KB;
  report.judge({
    name: `CLI peak RSS planning ${result.files} files`,
    value: result.cliRssKb === undefined ? 'n/a' : mb(result.cliRssKb), target: `<= ${mb(rssTarget)}`,
    pass: result.cliRssKb === undefined ? undefined : result.cliRssKb <= rssTarget,
  });
  report.detail(`target = node's own baseline ${mb(result.baselineKb)} (node -e "", median of 3) + 100 MB; the bare walk peaks at ${mb(result.bareRssKb)}`);
  report.detail('peak RSS = VmHWM of the child at exit (its own; resourceUsage().maxRSS would count the bench process\'s resident set at fork)');
  report.detail(`the files' text is ${(result.bytes / 1024 / 1024).toFixed(1)} MB; the plan keeps each file's hash, title and link destinations (headings only of the files an #anchor link names), not its text (a file is read again when it is sent)`);
}
