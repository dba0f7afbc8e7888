// Runs the BUILT command-line tool (dist/cli.js, from `node scripts/build.mjs`) as a child process, the way CI
// runs it, against a sandbox in this process. Asynchronous spawn: the sandbox answers on this event loop.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { allLoggedLines } from '../fakes/memoryLogger';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';
import { recordsNotMatchingSchema } from './jsonSchema';

export const CLI_PATH = join(__dirname, '..', '..', '..', 'dist', 'cli.js');

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningCli {
  child: ChildProcess;
  done: Promise<CliRun>;
}

/** Every byte any CLI run printed, for the no-secret checks. */
export const everythingPrinted: string[] = [];

export function assertBuilt(): void {
  assert.ok(existsSync(CLI_PATH), `${CLI_PATH} is missing: run \`node scripts/build.mjs\` before these tests.`);
}

/** Starts the CLI with only PATH from this process's environment (no proxy, no stray WIKI_PUBLISHER_*), plus `env`. */
export function startCli(args: readonly string[], options: { cwd: string; env?: Record<string, string> }): RunningCli {
  const child = spawn(process.execPath, [CLI_PATH, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<CliRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      everythingPrinted.push(stdout, stderr);
      // The suite-wide secret scan (test/support/secretScan.ts) reads these lines too.
      allLoggedLines.push(...`${stdout}\n${stderr}`.split('\n').filter((line) => line !== ''));
      // Every --json run of every CLI test is checked against the published schema, so a field the CLI starts to print
      // cannot go undocumented (the schema refuses what it does not name): the run fails the test that made it.
      const mismatches = args.includes('--json') ? recordsNotMatchingSchema(stdout) : [];
      if (mismatches.length > 0) reject(new Error(`wiki-publisher ${args.join(' ')} printed --json records the schema (schema/wiki-publisher-json.schema.json) does not describe:\n${mismatches.join('\n')}`));
      else resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, done };
}

export function runCli(args: readonly string[], options: { cwd: string; env?: Record<string, string> }): Promise<CliRun> {
  return startCli(args, options).done;
}

/** The stdout of a --json run, one parsed object per line (throws on a line that is not JSON). */
export function jsonLines(run: CliRun): Record<string, unknown>[] {
  return run.stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
}

export function fileRecords(run: CliRun): Record<string, unknown>[] {
  return jsonLines(run).filter((record) => record.type === 'file' || record.type === 'plan');
}

export function summaryRecord(run: CliRun): Record<string, unknown> {
  const summary = jsonLines(run).filter((record) => record.type === 'summary');
  assert.equal(summary.length, 1, `expected one summary line in:\n${run.stdout}\n${run.stderr}`);
  return summary[0] as Record<string, unknown>;
}

/** A temporary folder tree: `files` maps '/'-separated relative paths to contents. */
export async function makeTree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'wiki-publisher-cli-'));
  await writeTree(root, files);
  return root;
}

export async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, ...path.split('/'));
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, text, 'utf8');
  }
}

export function removeTree(root: string): Promise<void> {
  return rm(root, { recursive: true, force: true });
}

/** Resolves once `condition` holds, checking every few milliseconds (a wait, not a timed assertion: mocha's timeout bounds it). */
export async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

export interface CliSandbox {
  readonly sandbox: Sandbox;
  /** A fresh token for each test. */
  readonly token: string;
  /** The endpoint and token as a CI job sets them. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** A temporary folder for this test, removed after it. */
  tree(files: Record<string, string>): Promise<string>;
}

/**
 * One sandbox per test file, reset with a new token before each test; each test's folders are removed after it;
 * and after the file, no token issued to it appears anywhere in what the CLI printed.
 */
export function useCliSandbox(): CliSandbox {
  const tokens: string[] = [];
  const trees: string[] = [];
  const state = {} as { sandbox: Sandbox; token: string };
  before(async () => {
    assertBuilt();
    state.sandbox = await startSandbox();
  });
  after(async () => {
    await state.sandbox.close();
    const printed = everythingPrinted.join('\n');
    for (const token of tokens) assert.ok(!printed.includes(token), 'a token appeared in the CLI output');
    for (const token of tokens) assert.ok(!printed.includes(token.split('.')[2] ?? token), 'a token signature appeared in the CLI output');
  });
  beforeEach(() => {
    state.sandbox.reset();
    state.token = state.sandbox.issueToken({ label: 'ci-writer' }).token;
    tokens.push(state.token);
  });
  afterEach(async () => {
    await Promise.all(trees.splice(0).map(removeTree));
  });
  return {
    get sandbox() {
      return state.sandbox;
    },
    get token() {
      return state.token;
    },
    env: (extra = {}) => ({ WIKI_PUBLISHER_ENDPOINT: state.sandbox.importEndpoint, WIKI_PUBLISHER_API_TOKEN: state.token, ...extra }),
    async tree(files) {
      const root = await makeTree(files);
      trees.push(root);
      return root;
    },
  };
}

export interface CliWorld {
  readonly world: SandboxWorld;
  /** This test's import token. */
  readonly token: string;
  /** This test's platform access token (page access). */
  readonly platformToken: string;
  /** Secrets that must never be printed; tests add their own. */
  readonly secrets: string[];
  /** The endpoint and token as a CI job sets them, with page access unless `access` is false. */
  env(access?: boolean): Record<string, string>;
  tree(files: Record<string, string>): Promise<string>;
  /** The wiki's page of this title that is not deleted (any space, any parent); fails the test when there is none. */
  livePage(title: string): ReturnType<Sandbox['pages']>[number];
}

/**
 * The sandbox world (wiki and identity provider) for CLI tests with page access: reset before each test with a new
 * import token and platform token; folders removed after each test; no secret in anything the CLI printed.
 */
export function useCliWorld(): CliWorld {
  const state = { trees: [] as string[], secrets: [] as string[] } as { world: SandboxWorld; token: string; platformToken: string; trees: string[]; secrets: string[] };
  before(async () => {
    assertBuilt();
    state.world = await startSandboxWorld();
  });
  after(async () => {
    await state.world.close();
    const printed = everythingPrinted.join('\n');
    for (const secret of state.secrets) assert.ok(!printed.includes(secret), 'a secret appeared in the CLI output');
  });
  beforeEach(() => {
    state.world.sandbox.reset();
    state.token = state.world.sandbox.issueToken({ label: 'ci-writer' }).token;
    state.platformToken = state.world.idp.issueSessionDirectly().access_token;
    state.secrets.push(state.token, state.platformToken);
  });
  afterEach(async () => {
    await Promise.all(state.trees.splice(0).map(removeTree));
  });
  return {
    get world() { return state.world; },
    get token() { return state.token; },
    get platformToken() { return state.platformToken; },
    get secrets() { return state.secrets; },
    livePage: (title) => {
      const found = state.world.sandbox.pages().find((each) => each.title === title && !each.deleted);
      assert.ok(found, `no page "${title}"`);
      return found;
    },
    env: (access = true) => ({
      WIKI_PUBLISHER_ENDPOINT: state.world.sandbox.importEndpoint,
      WIKI_PUBLISHER_API_TOKEN: state.token,
      ...(access ? { WIKI_PUBLISHER_PLATFORM_TOKEN: state.platformToken, WIKI_PUBLISHER_BASE_URL: state.world.sandbox.baseUrl } : {}),
    }),
    async tree(files) {
      const root = await makeTree(files);
      state.trees.push(root);
      return root;
    },
  };
}
