// Publish overhead of each transport against a bare POST of its own kind (the same body, sandbox and token): the
// undici transport of the command line against a bare undici request(), and the fetch transport the editor builds
// over VS Code's fetch against a bare fetch() (in plain Node both use Node's fetch, so this measures our layer, not
// VS Code's proxy resolution). The whole command path outside the UI (preflight included) is measured over the
// editor's kind. Samples alternate (and rotate order) so noise lands on every side alike.
import { Agent, request } from 'undici';
import { readApiToken, API_TOKEN_SECRET_KEY } from '../../src/core/apiToken/tokenSource';
import type { Transport } from '../../src/core/http/transport';
import { createUndiciTransport } from '../../src/core/http/undiciTransport';
import { splitFrontMatter } from '../../src/core/publish/frontMatter';
import { inspectMarkdown } from '../../src/core/publish/inspect';
import type { PublishOutcome } from '../../src/core/publish/outcome';
import type { PublishTarget } from '../../src/core/publish/target';
import {
  cautionsFor, checkContent, checkEndpoint, checkTarget, completeTarget, createFetchTransport, importPage, mergeTargets,
  prepareDocument, suggestTitle,
} from '../../src/onDemand';
import { MemorySecretStore } from '../fakes/memorySecretStore';
import { startSandbox } from '../sandbox/server';
import { generateMarkdown } from './markdownCorpus';
import { summarize, type Summary, timed, timeSync } from './stats';

export interface DocumentSize {
  label: string;
  minBytes: number;
}

/** One transport against a bare request of its own kind. */
export interface StackResult {
  /** "undici", "fetch" */
  name: string;
  /** What the bare side is: "bare undici request()", "bare fetch()". */
  bareName: string;
  /** The import client alone (deadline, cancel signal, retry wrapper, transport, response parsing, outcome). */
  client: Summary;
  bare: Summary;
  /** client / bare: the cost of our HTTP path for the same body. */
  clientRatio: number;
}

export interface OverheadResult {
  label: string;
  bytes: number;
  stacks: StackResult[];
  /** The whole command path over the editor's kind (fetch): local preflight and then the import client. */
  ours: Summary;
  /** ours / the bare fetch: the import client plus the local preflight. */
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
  transport: Transport;
}

type Body = PublishTarget & { content: string };

/** A transport and the bare request of its own kind. */
interface Stack {
  name: string;
  bareName: string;
  transport: Transport;
  bare(endpoint: string, token: string, body: Body): Promise<number>;
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
    transport: side.transport, deadlineMs: DEADLINE_MS, signal: cancellation.signal,
    onAttempt: () => undefined, onRetryWait: () => undefined,
  });
}

/** The import client alone, sending the body the preflight produced. */
function clientImport(endpoint: URL, token: string, target: PublishTarget, content: string, transport: Transport): Promise<PublishOutcome> {
  return importPage({ endpoint, token, target, content, transport, deadlineMs: DEADLINE_MS, signal: new AbortController().signal });
}

function bareUndiciImport(agent: Agent): Stack['bare'] {
  return async (endpoint, token, body) => {
    const response = await request(endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      dispatcher: agent,
    });
    await response.body.text();
    return response.statusCode;
  };
}

const bareFetchImport: Stack['bare'] = async (endpoint, token, body) => {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.text();
  return response.status;
};

export async function measurePublishOverhead(sizes: readonly DocumentSize[], runs: Runs): Promise<OverheadResult[]> {
  const sandbox = await startSandbox();
  const undiciTransport = createUndiciTransport({}, {}); // what the command line builds when no proxy is configured
  const bareAgent = new Agent();
  // The editor's transport with Node's fetch standing in for VS Code's patched one.
  const fetchTransport = createFetchTransport({ name: 'fetch', fetchFor: () => globalThis.fetch });
  const stacks: Stack[] = [
    { name: 'undici', bareName: 'bare undici request()', transport: undiciTransport, bare: bareUndiciImport(bareAgent) },
    { name: 'fetch', bareName: 'bare fetch()', transport: fetchTransport, bare: bareFetchImport },
  ];
  try {
    const { token } = sandbox.issueToken({ label: 'bench' });
    const secrets = new MemorySecretStore();
    await secrets.store(API_TOKEN_SECRET_KEY, token);
    const side: Side = { endpointText: sandbox.importEndpoint, secrets, transport: fetchTransport };
    const results: OverheadResult[] = [];
    for (const size of sizes) {
      const text = generateMarkdown(size.minBytes, { spaceId: 'DOCS', parentId: '123456', pageTitle: `Bench ${size.label}` });
      const prepared = prepareDocument(text);
      const target = completeTarget(prepared.frontMatterTarget);
      if (!target) throw new Error('the corpus front matter must name the whole target');
      const body = { ...target, content: prepared.content };
      const oursMs: number[] = [];
      const clientMs = stacks.map((): number[] => []);
      const bareMs = stacks.map((): number[] => []);
      const endpointUrl = new URL(sandbox.importEndpoint);
      for (let index = 0; index < runs.warmups + runs.samples; index++) {
        const keep = (samples: number[], ms: number): void => {
          if (index >= runs.warmups) samples.push(ms);
        };
        const runOurs = async (): Promise<void> => {
          const { ms, value } = await timed(() => publishLikeTheCommand(text, side));
          if (value.kind !== 'updated' && !(index === 0 && value.kind === 'created')) throw new Error(`our publish answered ${value.kind}: ${value.message}`);
          keep(oursMs, ms);
        };
        const stackRuns = stacks.flatMap((stack, which) => [
          async (): Promise<void> => {
            const { ms, value } = await timed(() => stack.bare(sandbox.importEndpoint, token, body));
            if (value !== 200 && value !== 201) throw new Error(`the ${stack.bareName} answered HTTP ${value}`);
            keep(bareMs[which]!, ms);
          },
          async (): Promise<void> => {
            const { ms, value } = await timed(() => clientImport(endpointUrl, token, target, prepared.content, stack.transport));
            if (value.kind !== 'updated' && value.kind !== 'created') throw new Error(`the import client over ${stack.name} answered ${value.kind}: ${value.message}`);
            keep(clientMs[which]!, ms);
          },
        ]);
        // Rotate the order every round so no side always runs first (warm connections, GC debt).
        const order = [runOurs, ...stackRuns];
        for (let turn = 0; turn < order.length; turn++) await order[(index + turn) % order.length]!();
        sandbox.imports.length = 0; // the sandbox keeps every request body; 1 MB each adds up
      }
      const stackResults = stacks.map((stack, which): StackResult => {
        const client = summarize(clientMs[which]!);
        const bare = summarize(bareMs[which]!);
        return { name: stack.name, bareName: stack.bareName, client, bare, clientRatio: client.median / bare.median };
      });
      const oursSummary = summarize(oursMs);
      const bareFetch = stackResults.find((stack) => stack.name === 'fetch')!.bare;
      results.push({
        label: size.label,
        bytes: Buffer.byteLength(text),
        stacks: stackResults,
        ours: oursSummary,
        ratio: oursSummary.median / bareFetch.median,
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
    await Promise.all([undiciTransport.close(), bareAgent.close()]);
    await sandbox.close();
  }
}
