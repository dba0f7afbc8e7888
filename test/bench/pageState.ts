// The Wiki Pages view's state of 500 linked files (issue 15) against the sandbox world, with 50 ms added before every
// request: how many requests one refresh uses (budget 500 / 20 + 10), its wall time against the ideal for those
// requests at the view's bound on requests at once, and the same URLs sent bare (undici, same latency, same bound) for
// comparison. Then the local half: planning 500 files cold in slices (as the editor does on first show), its wall time
// and the longest stretch it holds the event loop (what would delay anything else the extension host does), beside
// the same work done in one go. Runs alone too: `node out/test/bench/pageState.js`.
import { Agent, request } from 'undici';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpRequest, Transport } from '../../src/core/http/transport';
import { createUndiciTransport } from '../../src/core/http/undiciTransport';
import type { PageLink } from '../../src/core/links/pageLink';
import { eachInSlices, localFacts } from '../../src/core/pageState/localPlan';
import { VIEW_REQUESTS_AT_ONCE } from '../../src/core/pageState/wikiReading';
import { decideStates, refreshStates, type ViewFile } from '../../src/core/pageState/workspaceStates';
import { unreadWiki } from '../../src/core/pageState/wikiReading';
import type { SourceFile } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { mapBounded } from '../../src/core/util/mapBounded';
import { createWikiPagesClient } from '../../src/core/wikiPages';
import { FILE_BYTES, FILES, pageStateFiles, startPageStateWorld } from './pageStateWorld';
import { Report } from './report';
import { describe, ms, summarize, type Summary } from './stats';

export interface PageStateBenchOptions {
  runs: number;
  warmups: number;
}

export interface PageStateBenchResult {
  files: number;
  fileBytes: number;
  latencyMs: number;
  concurrency: number;
  requests: number;
  /** Requests in each round of the read (a round waits for the answers of the one before). */
  rounds: number[];
  budget: number;
  wall: Summary;
  idealMs: number;
  bare: Summary;
  kinds: Record<string, number>;
  coldLocal: { sliced: Summary; slicedStall: Summary; whole: Summary; wholeStall: Summary };
  refreshStall: Summary;
}

const LATENCY_MS = 50;

/** The longest time between two turns of the event loop while `work` runs: how long it held the thread at once. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number; ms: number }> {
  let last = performance.now();
  let worst = 0;
  let running = true;
  const tick = (): void => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const start = performance.now();
  try {
    const value = await work();
    return { value, stallMs: Math.max(worst, performance.now() - last), ms: performance.now() - start };
  } finally {
    running = false;
  }
}

export async function measurePageState(options: PageStateBenchOptions): Promise<PageStateBenchResult> {
  const world = await startPageStateWorld();
  const base = createUndiciTransport({}, {});
  const bareAgent = new Agent();
  try {
    const { baseUrl, accessToken } = world;
    const sources: SourceFile[] = [];
    const links: PageLink[] = [];
    for (const [index, { source, item }] of pageStateFiles().entries()) {
      sources.push(source);
      links.push({ ...linkAfterPublish(item, item.complete, Date.now(), 'created'), pageId: world.pageIds[index] ?? '' });
    }
    // A tenth modified here (the world changed another tenth on the wiki).
    for (let index = 5; index < FILES; index += 10) sources[index] = { ...(sources[index] as SourceFile), text: `${sources[index]?.text}\nA local change.\n` };

    // The URLs asked, in rounds: a request sent while none is out starts a round (the read's next step, which needed
    // the answers before it: the pages' versions, then the bodies of those their links do not settle).
    const asked: string[][] = [];
    let inFlight = 0;
    const delayed: Transport = {
      name: 'bench latency',
      async send(httpRequest: HttpRequest) {
        if (inFlight === 0) asked.push([]);
        asked[asked.length - 1]?.push(httpRequest.url);
        inFlight++;
        try {
          await sleep(LATENCY_MS);
          return await base.send(httpRequest);
        } finally {
          inFlight--;
        }
      },
    };
    const pages = createWikiPagesClient({ baseUrl, transport: delayed, getAccessToken: async () => accessToken });

    // The local half, cold: every file planned, in slices as the editor does, and in one go for comparison.
    const planAll = (sliceMs: number) => async (): Promise<ViewFile[]> => {
      const files: ViewFile[] = [];
      await eachInSlices(sources.keys(), (index) => {
        const source = sources[index] as SourceFile;
        const link = links[index] as PageLink;
        files.push({ key: source.key, label: source.label, link, local: localFacts(source, link) });
      }, { sliceMs });
      decideStates({ trees: [], files }, unreadWiki('pending'));
      return files;
    };
    const sliced: number[] = [];
    const slicedStall: number[] = [];
    const whole: number[] = [];
    const wholeStall: number[] = [];
    let files: ViewFile[] = [];
    for (let run = 0; run < options.warmups + options.runs; run++) {
      const inSlices = await longestStall(planAll(8));
      const inOneGo = await longestStall(planAll(Number.POSITIVE_INFINITY));
      files = inSlices.value;
      if (run < options.warmups) continue;
      sliced.push(inSlices.ms);
      slicedStall.push(inSlices.stallMs);
      whole.push(inOneGo.ms);
      wholeStall.push(inOneGo.stallMs);
    }

    // The wiki half: one refresh as Refresh or the interval runs it (local facts known), and the same URLs bare.
    const wall: number[] = [];
    const bare: number[] = [];
    const refreshStall: number[] = [];
    let requests = 0;
    let rounds: number[] = [];
    let kinds: Record<string, number> = {};
    for (let run = 0; run < options.warmups + options.runs; run++) {
      asked.length = 0;
      const ours = await longestStall(() => refreshStates({ trees: [], files }, { pages, concurrency: VIEW_REQUESTS_AT_ONCE }));
      if (ours.value.readFailure) throw new Error(`the refresh failed: ${ours.value.readFailure}`);
      rounds = asked.map((urls) => urls.length);
      requests = rounds.reduce((sum, count) => sum + count, 0);
      kinds = countKinds(ours.value.states.files.map((state) => state.kind));
      const urlRounds = asked.map((urls) => [...urls]);
      const start = performance.now();
      for (const urls of urlRounds) {
        await mapBounded(urls, VIEW_REQUESTS_AT_ONCE, async (url) => {
          await sleep(LATENCY_MS);
          const answer = await request(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, dispatcher: bareAgent });
          await answer.body.json();
        });
      }
      const bareMs = performance.now() - start;
      if (run < options.warmups) continue;
      wall.push(ours.ms);
      refreshStall.push(ours.stallMs);
      bare.push(bareMs);
    }
    const idealMs = rounds.reduce((sum, count) => sum + Math.ceil(count / VIEW_REQUESTS_AT_ONCE) * LATENCY_MS, 0);
    return {
      files: FILES, fileBytes: FILE_BYTES, latencyMs: LATENCY_MS, concurrency: VIEW_REQUESTS_AT_ONCE, requests, rounds, budget: FILES / 20 + 10,
      wall: summarize(wall), idealMs, bare: summarize(bare), kinds,
      coldLocal: { sliced: summarize(sliced), slicedStall: summarize(slicedStall), whole: summarize(whole), wholeStall: summarize(wholeStall) },
      refreshStall: summarize(refreshStall),
    };
  } finally {
    await Promise.all([base.close(), bareAgent.close()]);
    await world.stop();
  }
}

function countKinds(kinds: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of kinds) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/** The longest hold of the event loop a refresh may have: under it, nothing else the extension host does waits long. */
const STALL_TARGET_MS = 50;

export function reportPageState(report: Report, result: PageStateBenchResult): void {
  const prefix = `Wiki Pages state of ${result.files} linked files, +${result.latencyMs} ms`;
  report.judge({ name: `${prefix}: requests used`, value: String(result.requests), target: `<= ${result.budget}`, pass: result.requests <= result.budget });
  const ratio = result.wall.median / result.idealMs;
  report.judge({ name: `${prefix}: wall / ideal at ${result.concurrency} at once`, value: `${ratio.toFixed(2)}x`, target: '<= 1.30x', pass: ratio <= 1.3 });
  report.detail(`refresh (read the versions, decide every state; local facts known): ${describe(result.wall)}`);
  report.detail(`ideal: ${result.rounds.map((count) => `ceil(${count} / ${result.concurrency})`).join(' + ')} rounds of ${result.latencyMs} ms = ${result.idealMs} ms (${result.requests} requests in ${result.rounds.length} rounds, each waiting for the one before)`);
  report.detail(`the same URLs as bare undici GETs, round by round (same latency, same bound): ${describe(result.bare)}; ours / bare ${(result.wall.median / result.bare.median).toFixed(2)}x (information)`);
  report.detail(`states found: ${Object.entries(result.kinds).map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
  const stall = Math.max(result.coldLocal.slicedStall.median, result.refreshStall.median);
  report.judge({ name: `${prefix}: longest event-loop hold`, value: `${ms(stall)} ms`, target: `<= ${STALL_TARGET_MS} ms`, pass: stall <= STALL_TARGET_MS });
  report.detail(`refresh: longest hold ${describe(result.refreshStall)}`);
  report.detail(`cold local pass (${result.files} files of ${result.fileBytes / 1024} KB planned as a publish would, 8 ms slices): ${describe(result.coldLocal.sliced)}; longest hold ${describe(result.coldLocal.slicedStall)}`);
  report.detail(`the same work in one go (no slices), for comparison: ${describe(result.coldLocal.whole)}; longest hold ${describe(result.coldLocal.wholeStall)}`);
}

if (require.main === module) {
  const report = new Report();
  report.section('Wiki Pages view state (5 runs, 1 warm-up)');
  measurePageState({ runs: 5, warmups: 1 })
    .then((result) => {
      reportPageState(report, result);
      console.log(`\n${report.summaryLine()}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
