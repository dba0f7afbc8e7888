// Publish overhead against a bare undici POST of the same body to the same sandbox with the same token, measured
// for our import client alone and for the whole command path outside the UI (preflight included). Samples alternate (and swap order) so noise lands on both sides alike.
import { performance } from 'node:perf_hooks';
import { Agent, request, type Dispatcher } from 'undici';
import { readApiToken, API_TOKEN_SECRET_KEY } from '../../src/core/apiToken/tokenSource';
import { splitFrontMatter } from '../../src/core/publish/frontMatter';
import { inspectMarkdown } from '../../src/core/publish/inspect';
import type { PublishOutcome } from '../../src/core/publish/outcome';
import type { PublishTarget } from '../../src/core/publish/target';
import {
  cautionsFor, checkContent, checkEndpoint, checkTarget, completeTarget, createDispatcher, importPage, mergeTargets,
  prepareDocument, suggestTitle,
} from '../../src/onDemand';
import { MemorySecretStore } from '../fakes/memorySecretStore';
import { startSandbox } from '../sandbox/server';
import { generateMarkdown } from './markdownCorpus';
import { summarize, type Summary } from './stats';

export interface DocumentSize {
  label: string;
  minBytes: number;
}

export interface OverheadResult {
  label: string;
  bytes: number;
  /** The whole command path: local preflight (front matter, inspection, checks) and then the import client. */
  ours: Summary;
  /** The import client alone (deadline, cancel signal, retry wrapper, response parsing, outcome) with the same body. */
  client: Summary;
  bare: Summary;
  /** client / bare: the cost of our HTTP path for the same body. */
  clientRatio: number;
  /** ours / bare: the same plus the local preflight. */
  ratio: number;
  /** Our steps timed alone, for telling where the difference goes. */
  parts: { name: string; summary: Summary }[];
}

interface Runs {
  samples: number;
  warmups: number;
}

const SETTING = 'wikiPublisher.importEndpoint';
const DEADLINE_MS = 60_000;

interface Side {
  endpointText: string;
  secrets: MemorySecretStore;
  dispatcher: Dispatcher;
}

/** The publish command's steps after the editor has handed over the text, minus prompts and notifications. */
async function publishLikeTheCommand(text: string, side: Side): Promise<PublishOutcome> {
  const endpoint = checkEndpoint(side.endpointText, SETTING);
  if (!endpoint.ok) throw new Error(endpoint.message);
  const token = await readApiToken(side.secrets, {});
  if (!token) throw new Error('no token');
  const prepared = prepareDocument(text);
  if (prepared.frontMatterProblems.length > 0) throw new Error(prepared.frontMatterProblems.join(' '));
  const empty = checkContent(prepared.content);
  if (empty) throw new Error(empty.message);
  const known = mergeTargets(prepared.frontMatterTarget, undefined);
  suggestTitle(prepared.frontMatterTarget.pageTitle, prepared.findings.firstHeading, 'bench.md');
  const target = completeTarget(known);
  if (!target) throw new Error('the corpus front matter must name the whole target');
  const blocker = checkTarget(target);
  if (blocker) throw new Error(blocker.message);
  cautionsFor(prepared.content, prepared.findings);
  const cancellation = new AbortController();
  return importPage({
    endpoint: endpoint.url, token: token.token, target, content: prepared.content,
    dispatcher: side.dispatcher, deadlineMs: DEADLINE_MS, signal: cancellation.signal,
    onAttempt: () => undefined, onRetryWait: () => undefined,
  });
}

/** The import client alone, sending the body the preflight produced. */
function clientImport(endpoint: URL, token: string, target: PublishTarget, content: string, dispatcher: Dispatcher): Promise<PublishOutcome> {
  return importPage({ endpoint, token, target, content, dispatcher, deadlineMs: DEADLINE_MS, signal: new AbortController().signal });
}

async function bareImport(endpoint: string, token: string, body: PublishTarget & { content: string }, dispatcher: Dispatcher): Promise<number> {
  const response = await request(endpoint, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    dispatcher,
  });
  await response.body.text();
  return response.statusCode;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

function timeSync(samples: number, work: () => unknown): Summary {
  const times: number[] = [];
  for (let index = 0; index < samples + 3; index++) {
    const start = performance.now();
    work();
    if (index >= 3) times.push(performance.now() - start);
  }
  return summarize(times);
}

export async function measurePublishOverhead(sizes: readonly DocumentSize[], runs: Runs): Promise<OverheadResult[]> {
  const sandbox = await startSandbox();
  const ours = createDispatcher({}, {}); // what the extension builds when no proxy is configured
  const bareAgent = new Agent();
  try {
    const { token } = sandbox.issueToken({ label: 'bench' });
    const secrets = new MemorySecretStore();
    await secrets.store(API_TOKEN_SECRET_KEY, token);
    const side: Side = { endpointText: sandbox.importEndpoint, secrets, dispatcher: ours };
    const results: OverheadResult[] = [];
    for (const size of sizes) {
      const text = generateMarkdown(size.minBytes, { spaceId: 'DOCS', parentId: '123456', pageTitle: `Bench ${size.label}` });
      const prepared = prepareDocument(text);
      const target = completeTarget(prepared.frontMatterTarget);
      if (!target) throw new Error('the corpus front matter must name the whole target');
      const body = { ...target, content: prepared.content };
      const oursMs: number[] = [];
      const clientMs: number[] = [];
      const bareMs: number[] = [];
      const endpointUrl = new URL(sandbox.importEndpoint);
      for (let index = 0; index < runs.warmups + runs.samples; index++) {
        const runOurs = async (): Promise<void> => {
          const { ms, value } = await timed(() => publishLikeTheCommand(text, side));
          if (value.kind !== 'updated' && !(index === 0 && value.kind === 'created')) throw new Error(`our publish answered ${value.kind}: ${value.message}`);
          if (index >= runs.warmups) oursMs.push(ms);
        };
        const runBare = async (): Promise<void> => {
          const { ms, value } = await timed(() => bareImport(sandbox.importEndpoint, token, body, bareAgent));
          if (value !== 200 && value !== 201) throw new Error(`the bare POST answered HTTP ${value}`);
          if (index >= runs.warmups) bareMs.push(ms);
        };
        const runClient = async (): Promise<void> => {
          const { ms, value } = await timed(() => clientImport(endpointUrl, token, target, prepared.content, ours));
          if (value.kind !== 'updated') throw new Error(`the import client answered ${value.kind}: ${value.message}`);
          if (index >= runs.warmups) clientMs.push(ms);
        };
        // Rotate the order every round so no side always runs first (warm connections, GC debt).
        const order = [runOurs, runClient, runBare];
        for (let turn = 0; turn < order.length; turn++) await order[(index + turn) % order.length]!();
        sandbox.imports.length = 0; // the sandbox keeps every request body; 1 MB each adds up
      }
      const oursSummary = summarize(oursMs);
      const clientSummary = summarize(clientMs);
      const bareSummary = summarize(bareMs);
      results.push({
        label: size.label,
        bytes: Buffer.byteLength(text),
        ours: oursSummary,
        client: clientSummary,
        bare: bareSummary,
        clientRatio: clientSummary.median / bareSummary.median,
        ratio: oursSummary.median / bareSummary.median,
        parts: [
          { name: 'prepareDocument', summary: timeSync(runs.samples, () => prepareDocument(text)) },
          { name: '  splitFrontMatter (YAML)', summary: timeSync(runs.samples, () => splitFrontMatter(text)) },
          { name: '  inspectMarkdown', summary: timeSync(runs.samples, () => inspectMarkdown(prepared.content)) },
          { name: 'cautionsFor', summary: timeSync(runs.samples, () => cautionsFor(prepared.content, prepared.findings)) },
          { name: 'JSON.stringify(body) (both sides)', summary: timeSync(runs.samples, () => JSON.stringify(body)) },
        ],
      });
    }
    return results;
  } finally {
    await Promise.all([ours.close(), bareAgent.close()]);
    await sandbox.close();
  }
}
