// Issue 14, "Speed" (1): the shipped dist/cli.js publishing a generated docs folder as a page tree (--tree) against
// the sandbox world (wiki + identity provider, page access by platform token), 50 ms added to every import request,
// concurrency 4. The ideal is the import requests the sandbox counted (pages, folder pages, second-pass re-sends)
// x 50 ms / 4; a tree goes level by level, so the detail also gives the ideal with a barrier between levels.
// Also here, for treePlanning.ts: the tree generator and the child-process runner both sections use.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandboxWorld } from '../sandbox/world';
import type { RecordedImport } from '../sandbox/server';
import { shippedCli } from './bundle';
import type { Report } from './report';
import { describe, summarize, type Summary } from './stats';
import { resendLowerBound, type ResendBound } from './resendBound';

export interface TreeShape {
  topFolders: number;
  subfoldersEach: number;
  filesPerFolder: number;
  fileBytes: number;
}

/** One page as the CLI shapes the tree: a folder ('/' at the end; index.md gives it content) or a file. */
export interface ShapedPage {
  key: string;
  title: string;
  depth: number;
}

export interface GeneratedTree {
  files: number;
  folders: number;
  bytes: number;
  pages: ShapedPage[];
  /** The pages each page's links name, by key: a file's links, a generated folder page's list of its children. */
  links: Map<string, string[]>;
}

const BODY_LINE = 'The publisher walks the folder, reads front matter, finds titles and rewrites links between files into page addresses. ';

/** The same ~4 KB body for every file: headings, paragraphs, a list and a fence, as docs have. */
function bodyTemplate(bytes: number): string {
  const parts = ['', '## Background', ''];
  while (parts.join('\n').length < bytes * 0.45) parts.push(BODY_LINE.repeat(3), '');
  parts.push('## Details', '', '- one point', '- another point', '', '```sh', 'wiki-publisher publish docs --tree', '```', '');
  while (parts.join('\n').length < bytes - 220) parts.push(BODY_LINE.repeat(2), '');
  return parts.join('\n');
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/**
 * Writes `shape` under `root`: top folders `area-NN`, each with subfolders `part-NN-MM`; every other folder has an
 * index.md (its page's content), the rest become generated folder pages. Each file links to 2 or 3 others, most in
 * other folders, so pages link to pages created later in the run (a second pass).
 */
export async function writeDocsTree(root: string, shape: TreeShape): Promise<GeneratedTree> {
  const folders: Array<{ path: string; depth: number; withIndex: boolean; title: string }> = [];
  for (let top = 0; top < shape.topFolders; top++) {
    const area = `area-${pad(top, 2)}`;
    folders.push({ path: area, depth: 0, withIndex: folders.length % 2 === 0, title: `Area ${pad(top, 2)}` });
    for (let sub = 0; sub < shape.subfoldersEach; sub++) {
      const part = `part-${pad(top, 2)}-${pad(sub, 2)}`;
      folders.push({ path: `${area}/${part}`, depth: 1, withIndex: folders.length % 2 === 0, title: `Part ${pad(top, 2)} ${pad(sub, 2)}` });
    }
  }
  const width = String(folders.length * shape.filesPerFolder).length;
  const files: Array<{ path: string; title: string; frontMatter: boolean; pageKey: string }> = [];
  const pages: ShapedPage[] = [];
  const links = new Map<string, string[]>();
  for (const [index, folder] of folders.entries()) {
    const title = folder.withIndex ? `Section ${pad(index, 3)}` : folder.title;
    pages.push({ key: `${folder.path}/`, title, depth: folder.depth });
    const parent = folder.depth === 0 ? undefined : `${posix.dirname(folder.path)}/`;
    if (parent !== undefined && !folders.find((each) => `${each.path}/` === parent)?.withIndex) links.get(parent)?.push(`${folder.path}/`);
    if (!folder.withIndex) links.set(`${folder.path}/`, []);
    for (let n = 0; n < shape.filesPerFolder; n++) {
      const number = files.length;
      const content = folder.withIndex && n === 0;
      const path = `${folder.path}/${content ? 'index.md' : `topic-${pad(number, width)}.md`}`;
      const file = { path, title: content ? title : `Topic ${pad(number, width)}`, frontMatter: number % 2 === 1, pageKey: content ? `${folder.path}/` : path };
      files.push(file);
      if (!content) pages.push({ key: file.path, title: file.title, depth: folder.depth + 1 });
      if (!content && !folder.withIndex) links.get(`${folder.path}/`)?.push(path);
    }
  }
  // Synchronous writes: 10,000 small files take a fraction of the time they take through the thread pool.
  for (const folder of folders) mkdirSync(join(root, folder.path), { recursive: true });
  const body = bodyTemplate(shape.fileBytes);
  let bytes = 0;
  for (const [index, file] of files.entries()) {
    const targets = [index + 1, index + 7 * shape.filesPerFolder + 3, ...(index % 3 === 0 ? [index + Math.floor(files.length / 2)] : [])];
    const named = targets.map((target) => files[target % files.length] as (typeof files)[number]);
    links.set(file.pageKey, named.map((target) => target.pageKey));
    const written = named.map((target) => `[${target.title}](${posix.relative(posix.dirname(file.path), target.path)})`);
    // Half the files take their title from front matter, half from their first heading.
    const head = file.frontMatter ? `---\ntitle: ${file.title}\ntags: [bench, tree]\n---\n\n# About this topic\n` : `# ${file.title}\n`;
    const text = `${head}\nSee ${written.join(', ')}.\n${body}`;
    bytes += Buffer.byteLength(text);
    writeFileSync(join(root, file.path), text);
  }
  return { files: files.length, folders: folders.length, bytes, pages, links };
}

export interface ChildRun {
  ms: number;
  /** Date.now() at spawn and at exit, to place the sandbox's request times (Date.now()) in the run. */
  spawnedAt: number;
  exitedAt: number;
  code: number | null;
  maxRssKb: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Where runNode's peak RSS is read: the probe (written into `dir`) and the file it writes. */
export interface RssProbe {
  probe: string;
  file: string;
}

/** The child's own peak RSS (rssProbe.ts), written into `dir`. */
export function rssProbeIn(dir: string): RssProbe {
  return { probe: join(__dirname, 'rssProbe.js'), file: join(dir, 'peak-rss.txt') };
}

/** `node <args>` spawn to exit; the peak RSS probe preloaded when `rss` is given; killed after `timeoutMs`. */
export async function runNode(args: readonly string[], options: { cwd: string; env: Record<string, string>; rss?: RssProbe; keepStdout?: boolean; timeoutMs: number }): Promise<ChildRun> {
  const env = { PATH: process.env.PATH ?? '', ...options.env, ...(options.rss ? { WIKI_BENCH_RSS_FILE: options.rss.file } : {}) };
  const nodeArgs = options.rss ? ['--require', options.rss.probe, ...args] : [...args];
  const spawnedAt = Date.now();
  const started = performance.now();
  const child = spawn(process.execPath, nodeArgs, { cwd: options.cwd, env, stdio: ['ignore', options.keepStdout ? 'pipe' : 'ignore', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  }).finally(() => clearTimeout(timer));
  const ms = performance.now() - started;
  const exitedAt = Date.now();
  const maxRssKb = options.rss && !timedOut ? Number(await readFile(options.rss.file, 'utf8')) : undefined;
  return { ms, spawnedAt, exitedAt, code, maxRssKb, stdout, stderr, timedOut };
}

export function mustExit(run: ChildRun, expected: number, what: string): ChildRun {
  if (run.timedOut) throw new Error(`${what} did not finish within ${(run.ms / 1000).toFixed(0)} s`);
  if (run.code !== expected) throw new Error(`${what} exited with ${run.code}: ${run.stderr.trim().slice(0, 500)}`);
  return run;
}

export interface TreePublishOptions {
  runs: number;
}

/** One phase of the sending: a level of the tree in the first pass, or the second pass. */
export interface SendPhase {
  name: string;
  requests: number;
  /** First arrival to last arrival + latency, ms after the run's first request (medians over runs). */
  start: number;
  end: number;
}

export interface TreePublishResult {
  shape: TreeShape;
  tree: Omit<GeneratedTree, 'pages' | 'links'> & { pages: number };
  latencyMs: number;
  concurrency: number;
  imports: number;
  secondPass: number;
  /** The pages the plan said would go twice (its dry run's sentTwice), before anything was sent. */
  foreseen: number;
  /** The same with --sibling-order name (the folder's order). */
  foreseenByName: number;
  /** The fewest second sends any order could make on this tree (resendBound.ts). */
  bound: ResendBound;
  wall: Summary;
  sending: Summary;
  /** Spawn to the first import's arrival: start-up, walk, plan, title lookups, the first level's guard. */
  beforeFirst: Summary;
  /** The last answer to exit. */
  afterLast: Summary;
  idealMs: number;
  levelIdealMs: number;
  phases: SendPhase[];
  peakRssKb: number;
}

const SHAPE: TreeShape = { topFolders: 6, subfoldersEach: 4, filesPerFolder: 10, fileBytes: 4096 };
const LATENCY_MS = 50;
const CONCURRENCY = 4;
const RUN_TIMEOUT_MS = 120_000;

export async function measureTreePublish(options: TreePublishOptions): Promise<TreePublishResult> {
  const dir = await mkdtemp(join(tmpdir(), 'wiki-publisher-tree-bench-'));
  const world = await startSandboxWorld();
  const { sandbox } = world;
  try {
    const cli = await shippedCli(dir);
    const rss = rssProbeIn(dir);
    const tree = await writeDocsTree(join(dir, 'docs'), SHAPE);
    const depthOf = new Map(tree.pages.map((page) => [page.title, page.depth]));
    const args = [cli, 'publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456', '--concurrency', String(CONCURRENCY)];
    const wall: number[] = [];
    const sending: number[] = [];
    const beforeFirst: number[] = [];
    const afterLast: number[] = [];
    const phaseRuns: SendPhase[][] = [];
    let imports = 0;
    let secondPass = 0;
    let peakRssKb = 0;
    let foreseen: number | undefined;
    let foreseenByName = 0;
    for (let run = 0; run < options.runs; run++) {
      sandbox.reset(); // a fresh wiki and no manifest: every run creates the whole tree
      await rm(join(dir, 'docs', '.wiki-pages.json'), { force: true });
      const env = {
        WIKI_PUBLISHER_ENDPOINT: sandbox.importEndpoint,
        WIKI_PUBLISHER_API_TOKEN: sandbox.issueToken({ label: 'bench-tree' }).token,
        WIKI_PUBLISHER_PLATFORM_TOKEN: world.idp.issueSessionDirectly().access_token,
        WIKI_PUBLISHER_BASE_URL: sandbox.baseUrl,
      };
      if (foreseen === undefined) {
        // What the plan says before sending: the pages that will go twice (the summary's sentTwice), in the default
        // sibling order and in the folder's name order.
        const sentTwice = async (extra: readonly string[]): Promise<number> => {
          const dry = mustExit(await runNode([...args, ...extra, '--dry-run', '--json'], { cwd: dir, env, keepStdout: true, timeoutMs: RUN_TIMEOUT_MS }), 0, 'the dry run of the tree');
          const summary = dry.stdout.split('\n').filter((line) => line.includes('"type":"summary"')).at(-1);
          return summary === undefined ? 0 : Number((JSON.parse(summary) as { sentTwice?: number }).sentTwice ?? 0);
        };
        foreseen = await sentTwice([]);
        foreseenByName = await sentTwice(['--sibling-order', 'name']);
      }
      sandbox.injectFaults({ latencyMs: LATENCY_MS });
      const result = mustExit(await runNode(args, { cwd: dir, env, rss, keepStdout: true, timeoutMs: RUN_TIMEOUT_MS }), 0, 'the CLI publishing the tree');
      sandbox.clearFaults();
      secondPass = Number(/second pass \(links to new pages\): (\d+)/.exec(result.stdout)?.[1] ?? NaN);
      imports = sandbox.imports.length;
      if (sandbox.imports.some((each) => each.status !== 200 && each.status !== 201)) throw new Error('an import request was refused');
      if (imports !== tree.pages.length + secondPass) throw new Error(`the sandbox saw ${imports} imports, not ${tree.pages.length} pages + ${secondPass} re-sends`);
      wall.push(result.ms);
      const arrivals = sandbox.imports.map((each) => each.at);
      const [first, last] = [Math.min(...arrivals), Math.max(...arrivals) + LATENCY_MS];
      sending.push(last - first);
      beforeFirst.push(first - result.spawnedAt);
      afterLast.push(result.exitedAt - last);
      phaseRuns.push(sendPhases(sandbox.imports, depthOf));
      peakRssKb = Math.max(peakRssKb, result.maxRssKb ?? 0);
    }
    const phases = (phaseRuns[0] ?? []).map((phase, index) => ({
      ...phase,
      start: summarize(phaseRuns.map((each) => each[index]?.start ?? 0)).median,
      end: summarize(phaseRuns.map((each) => each[index]?.end ?? 0)).median,
    }));
    const rounds = (requests: number): number => Math.ceil(requests / CONCURRENCY) * LATENCY_MS;
    return {
      shape: SHAPE,
      tree: { files: tree.files, folders: tree.folders, bytes: tree.bytes, pages: tree.pages.length },
      latencyMs: LATENCY_MS, concurrency: CONCURRENCY, imports, secondPass, foreseen: foreseen ?? 0, foreseenByName, bound: resendLowerBound(tree),
      wall: summarize(wall), sending: summarize(sending), beforeFirst: summarize(beforeFirst), afterLast: summarize(afterLast),
      idealMs: (imports * LATENCY_MS) / CONCURRENCY,
      levelIdealMs: phases.reduce((sum, phase) => sum + rounds(phase.requests), 0),
      phases, peakRssKb,
    };
  } finally {
    await world.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The imports grouped by tree level (first pass) and the second pass, by the page title each carried. */
function sendPhases(imports: readonly RecordedImport[], depthOf: ReadonlyMap<string, number>): SendPhase[] {
  const first = Math.min(...imports.map((each) => each.at));
  const seen = new Set<string>();
  const groups = new Map<string, number[]>();
  for (const each of imports) {
    const title = (each.body as { pageTitle?: string }).pageTitle ?? '';
    const name = seen.has(title) ? 'second pass' : `level ${depthOf.get(title) ?? '?'}`;
    seen.add(title);
    groups.set(name, [...(groups.get(name) ?? []), each.at - first]);
  }
  return [...groups.entries()].map(([name, at]) => ({ name, requests: at.length, start: Math.min(...at), end: Math.max(...at) + LATENCY_MS }));
}

const TARGET = 1.25;

export function reportTreePublish(report: Report, result: TreePublishResult): void {
  const ratio = result.wall.median / result.idealMs;
  const { shape } = result;
  report.judge({
    name: `CLI --tree ${result.tree.files} files in ${result.tree.folders} folders, +${result.latencyMs} ms, concurrency ${result.concurrency}: wall / ideal`,
    value: `${ratio.toFixed(2)}x`, target: `<= ${TARGET.toFixed(2)}x`, pass: ratio <= TARGET,
  });
  const perPage = result.imports / result.tree.pages;
  report.judge({ name: `CLI --tree first publish: imports / pages`, value: `${perPage.toFixed(2)}x`, target: '<= 1.10x', pass: perPage <= 1.1 });
  report.detail(
    `tree: ${shape.topFolders} top folders x ${shape.subfoldersEach} subfolders, ${shape.filesPerFolder} files of ~${shape.fileBytes / 1024} KB each ` +
      `(${(result.tree.bytes / 1024).toFixed(0)} KB), every other folder with an index.md, 2-3 links per file mostly across folders; ${result.tree.pages} pages`,
  );
  report.detail(`import requests counted at the sandbox: ${result.imports} = ${result.tree.pages} pages + ${result.secondPass} second-pass re-sends (links to pages created later); the plan foresaw ${result.foreseen}`);
  report.detail(
    `with --sibling-order name (the folder's order) the plan foresees ${result.foreseenByName} re-sends: ${((result.tree.pages + result.foreseenByName) / result.tree.pages).toFixed(2)}x imports / pages ` +
      '(the wiki appends a new child, so a page created before a later sibling it links to cannot name that page yet; information)',
  );
  const floor = result.bound.belowOrSelf + result.bound.disjointCycles;
  report.detail(
    `what goes twice in any order: the ${result.bound.belowOrSelf} folder pages, which list or name a new child (it needs their ID first), and a page of each cycle of links ` +
      `(every file links the next one and one 73 on, a third of them one 150 on, and the last ones wrap round to the first): ${result.bound.disjointCycles} cycles share no page, ` +
      `so no order sends fewer than ${floor} again: ${((result.tree.pages + floor) / result.tree.pages).toFixed(2)}x imports / pages at best on this tree (the target needs ${Math.floor(result.tree.pages * 0.1)} or fewer; information)`,
  );
  report.detail(`this run's second sends over that floor: ${result.secondPass - floor} (pages picked to break the cycles beyond one per disjoint cycle, and chains cut so that folders go side by side)`);
  report.detail(`wall time spawn to exit: ${describe(result.wall)}; ideal ${result.imports} x ${result.latencyMs} ms / ${result.concurrency} = ${result.idealMs} ms`);
  report.detail(`of which sending (first request in to last answer out, at the sandbox): ${describe(result.sending)} = ${(result.sending.median / result.idealMs).toFixed(2)}x the ideal`);
  const levels = result.phases.filter((phase) => phase.name.startsWith('level')).length;
  report.detail(
    `${levels} levels (parents before children) and the second pass, which overlap: a lane the first pass cannot fill takes a second send whose links are all known, and a new page's lane is free once the wiki answers; with a barrier after each, the ideal is ` +
      `sum of ceil(requests / ${result.concurrency}) x ${result.latencyMs} ms = ${result.levelIdealMs} ms (wall / that = ${(result.wall.median / result.levelIdealMs).toFixed(2)}x; information)`,
  );
  report.detail(`  spawn to the first request: ${describe(result.beforeFirst)} (start-up, walk, read, plan, title lookups, the first level's guard)`);
  let previousEnd: number | undefined;
  for (const phase of result.phases) {
    const ideal = Math.ceil(phase.requests / result.concurrency) * result.latencyMs;
    const gap = previousEnd === undefined ? '' : `, ${(phase.start - previousEnd).toFixed(0)} ms after the phase before ended`;
    report.detail(`  ${phase.name.padEnd(12)} ${String(phase.requests).padStart(4)} requests, ideal ${ideal} ms, took ${(phase.end - phase.start).toFixed(0)} ms${gap} (medians)`);
    previousEnd = phase.end;
  }
  report.detail(`  the last answer to exit: ${describe(result.afterLast)}`);
  report.detail('  the CLI learns the IDs of the pages just created and runs the next level\'s guard while other pages go (page lookups, no added latency)');
  report.detail(`peak RSS of the CLI (max over the runs; VmHWM, the child's own): ${(result.peakRssKb / 1024).toFixed(1)} MB (information)`);
}
