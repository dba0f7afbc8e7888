// `wiki-publisher publish`: find the files, plan them with the core's planner (front matter, then the --state
// record, then the flags), then either print the plan (--dry-run) or send it with the core's runner and report
// every file. Returns the exit code; never calls process.exit itself.
import { readFile } from 'node:fs/promises';
import { cliTransport } from './transport';
import { StateFileLinkStore } from '../core/links/stateFile';
import type { PageLink } from '../core/links/pageLink';
import { describeError } from '../core/log/redact';
import type { PartialTarget } from '../core/publish/target';
import { countPlan, linkAfterPublish, planFiles, type PlanItem, type SourceFile } from '../core/run/plan';
import { runPlan, summarise, type FileResult } from '../core/run/runner';
import { sendPlanned } from '../core/run/send';
import type { PublishArgs } from './args';
import { resolveEndpoint, resolveToken } from './config';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './exitCodes';
import { findMarkdownFiles, type FoundFile } from './files';
import type { Output } from './output';
import { fileLine, fileRecord, planLine, planRecord, planSummaryLine, runSummaryLine } from './report';

export interface PublishContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  now(): number;
  output: Output;
  /** Aborted on Ctrl+C: no new file starts, requests in flight are aborted. */
  interrupt: AbortSignal;
  /** The exit code an interrupt asks for (130 for SIGINT), once one happened. */
  interruptExitCode(): number | undefined;
}

export async function publishCommand(args: PublishArgs, context: PublishContext): Promise<number> {
  const { output } = context;
  const usage = (message: string): number => {
    output.problem(`${message} (see wiki-publisher --help)`);
    return EXIT_USAGE;
  };
  const endpoint = resolveEndpoint(args.endpoint, context.env, !args.dryRun);
  if (!endpoint.ok) return usage(endpoint.message);
  let token: string | undefined;
  if (!args.dryRun) {
    const resolved = resolveToken(context.env, context.now());
    if (!resolved.ok) return usage(resolved.message);
    token = resolved.value;
    output.forget(token);
  }
  const planned = await planCommandLine(args, context.cwd);
  if (!planned.ok) return usage(planned.message);
  const { plan, state } = planned;

  if (args.dryRun) return printDryRun(plan, args.json, output);
  if (!endpoint.value || token === undefined) return EXIT_USAGE; // resolved above; keeps the types honest

  const transport = cliTransport(context.env);
  const settings = { endpoint: endpoint.value, token, transport, deadlineMs: args.timeoutSeconds * 1000 };
  let results: FileResult[];
  try {
    results = await runPlan(plan, {
      concurrency: args.concurrency,
      signal: context.interrupt,
      send: (item, target, sendContext) => sendPlanned(item, target, sendContext, settings),
      onStart: (item, started, total) => output.progress(`Publishing ${started} of ${total}: ${item.complete?.pageTitle ?? item.file.label}`),
      onResult: (result) => print(result, args.json, output),
    });
  } finally {
    await transport.close();
  }

  const interruptCode = context.interruptExitCode();
  const summary = summarise(results);
  let exitCode = interruptCode ?? (summary.failed + summary.refused + summary.cancelled + summary.notStarted > 0 ? EXIT_FAILED : EXIT_OK);
  if (state) {
    try {
      await recordPublished(state, results, context.now());
    } catch (error) {
      output.problem(`The state file ${args.statePath} could not be written: ${describeError(error)}. The next run will not know what this one published.`);
      exitCode = interruptCode ?? EXIT_FAILED;
    }
  }
  if (args.json) output.json({ type: 'summary', dryRun: false, interrupted: interruptCode !== undefined, exitCode, files: results.length, ...summary });
  else output.line(runSummaryLine(summary, interruptCode !== undefined));
  return exitCode;
}

type Planned = { ok: true; plan: PlanItem[]; state: StateFileLinkStore | undefined } | { ok: false; message: string };

/** Files found and read, their --state records, and the plan: front matter, then the record, then the flags. */
async function planCommandLine(args: PublishArgs, cwd: string): Promise<Planned> {
  const opened = args.statePath === undefined ? undefined : await StateFileLinkStore.open(args.statePath, cwd);
  if (opened && !opened.ok) return opened;
  const state = opened?.store;
  const found = await findMarkdownFiles(args.paths, cwd);
  if (!found.ok) return found;
  const read = await readSources(found.files);
  if (!read.ok) return read;
  const links = new Map<string, PageLink | undefined>();
  for (const file of read.files) links.set(file.key, await state?.get(file.key));
  const defaults: PartialTarget = { overwrite: args.overwrite };
  if (args.spaceId !== undefined) defaults.spaceId = args.spaceId;
  if (args.parentId !== undefined) defaults.parentId = args.parentId;
  return { ok: true, state, plan: planFiles(read.files, links, { titleFromFile: true, defaults, force: args.force }) };
}

function print(result: FileResult, json: boolean, output: Output): void {
  const record = fileRecord(result);
  if (json) output.json(record);
  else output.line(fileLine(record));
}

function printDryRun(plan: readonly PlanItem[], json: boolean, output: Output): number {
  let refused = 0;
  for (const item of plan) {
    const record = planRecord(item);
    if (record.status === 'refused') refused++;
    if (json) output.json(record);
    else output.line(planLine(record));
  }
  const counts = countPlan(plan);
  const exitCode = refused > 0 ? EXIT_FAILED : EXIT_OK;
  if (json) output.json({ type: 'summary', dryRun: true, interrupted: false, exitCode, ...counts, refused });
  else output.line(planSummaryLine(counts));
  return exitCode;
}

/** Every file that landed keeps its target and content hash, so the next run can skip it while it is unchanged. */
async function recordPublished(store: StateFileLinkStore, results: readonly FileResult[], now: number): Promise<void> {
  for (const result of results) {
    if (result.state === 'published' && result.item.complete) await store.set(result.item.file.key, linkAfterPublish(result.item, result.item.complete, now));
  }
  await store.save();
}

/** Reads every file at once (the disk, not the CPU, is the wait); the order stays the walk's order. */
async function readSources(found: readonly FoundFile[]): Promise<{ ok: true; files: SourceFile[] } | { ok: false; message: string }> {
  const texts = await Promise.allSettled(found.map((file) => readFile(file.path, 'utf8')));
  const files: SourceFile[] = [];
  for (const [index, file] of found.entries()) {
    const text = texts[index];
    if (text?.status !== 'fulfilled') return { ok: false, message: `Cannot read ${file.label}: ${describeError(text?.reason)}` };
    // An editor never shows the byte order mark; front matter must start at the first character.
    files.push({ key: file.path, label: file.label, text: text.value.charCodeAt(0) === 0xfeff ? text.value.slice(1) : text.value });
  }
  return { ok: true, files };
}
