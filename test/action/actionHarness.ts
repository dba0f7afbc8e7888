// Runs the COMMITTED action bundle (action/index.js, what a workflow runs) the way the runner does: a node process in
// the workspace, the inputs as INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY as files it appends to,
// RUNNER_TEMP for its own files, and workflow commands read from its stdout.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allLoggedLines } from '../fakes/memoryLogger';
import { everythingPrinted } from '../cli/cliHarness';

export const ACTION_ENTRY = join(__dirname, '..', '..', '..', 'action', 'index.js');

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Step outputs, parsed from GITHUB_OUTPUT's heredoc form. */
  outputs: Record<string, string>;
  /** What the step added to the job summary. */
  summary: string;
  /** Workflow commands the runner would act on: those outside a ::stop-commands:: block. */
  commands: WorkflowCommand[];
  /** Lines inside the stop-commands block (the CLI's own log). */
  logLines: string[];
}

export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  message: string;
}

/** `inputs` by their action.yml names; `env` as a workflow's `env:` gives it. */
export async function runAction(options: { workspace: string; inputs: Record<string, string>; env?: Record<string, string>; /** Where the step runs, when not the workspace. */ cwd?: string }): Promise<ActionRun> {
  assert.ok(existsSync(ACTION_ENTRY), `${ACTION_ENTRY} is missing: run \`npm run build:action\`.`);
  const runnerTemp = await mkdtemp(join(tmpdir(), 'wiki-publisher-runner-'));
  try {
    const outputFile = join(runnerTemp, 'github-output');
    const summaryFile = join(runnerTemp, 'step-summary');
    await writeFile(outputFile, '');
    await writeFile(summaryFile, '');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '', GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: options.workspace, RUNNER_TEMP: runnerTemp,
      GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile, ...options.env,
    };
    for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
    const child = spawn(process.execPath, [ACTION_ENTRY], { cwd: options.cwd ?? options.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (exitCode) => resolve(exitCode));
    });
    const outputs = parseOutputs(await readFile(outputFile, 'utf8'));
    const summary = await readFile(summaryFile, 'utf8');
    // Kept for the suite's secret scans, with the files the step wrote.
    const files = await Promise.all([outputs.results, outputs.plan].filter((path): path is string => !!path && existsSync(path)).map((path) => readFile(path, 'utf8')));
    everythingPrinted.push(stdout, stderr, summary, ...files, JSON.stringify(outputs));
    allLoggedLines.push(...`${stdout}\n${stderr}`.split('\n').filter((line) => line !== ''));
    const { commands, logLines } = readCommands(stdout);
    return { code, stdout, stderr, outputs, summary, commands, logLines };
  } finally {
    // The results and plan files live in RUNNER_TEMP: the test reads them, then removeRunnerTemps() clears them.
    runnerTemps.add(runnerTemp);
  }
}

const runnerTemps = new Set<string>();

export async function removeRunnerTemps(): Promise<void> {
  await Promise.all([...runnerTemps].map((dir) => rm(dir, { recursive: true, force: true })));
  runnerTemps.clear();
}

/** GITHUB_OUTPUT's `name<<DELIMITER` ... `DELIMITER` blocks, as the runner reads them. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[index] ?? '');
    if (!match) continue;
    const [, name, delimiter] = match as unknown as [string, string, string];
    const end = lines.indexOf(delimiter, index + 1);
    assert.ok(end > index, `output ${name} has no closing delimiter`);
    outputs[name] = lines.slice(index + 1, end).join('\n');
    index = end;
  }
  return outputs;
}

/** The runner's reading of stdout: commands are honoured except between ::stop-commands::TOKEN and ::TOKEN::. */
function readCommands(stdout: string): { commands: WorkflowCommand[]; logLines: string[] } {
  const commands: WorkflowCommand[] = [];
  const logLines: string[] = [];
  let stoppedUntil: string | undefined;
  for (const line of stdout.split('\n')) {
    if (stoppedUntil !== undefined) {
      if (line === `::${stoppedUntil}::`) stoppedUntil = undefined;
      else logLines.push(line);
      continue;
    }
    const match = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!match) continue;
    const [, command, props, message] = match as unknown as [string, string, string | undefined, string];
    if (command === 'stop-commands') {
      stoppedUntil = message;
      continue;
    }
    const properties: Record<string, string> = {};
    for (const pair of props ? props.split(',') : []) {
      const at = pair.indexOf('=');
      properties[pair.slice(0, at)] = unescapeProperty(pair.slice(at + 1));
    }
    commands.push({ command, properties, message: unescapeData(message) });
  }
  return { commands, logLines };
}

function unescapeData(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

function unescapeProperty(text: string): string {
  return unescapeData(text.replace(/%3A/g, ':').replace(/%2C/g, ','));
}
