// The GitHub Action (action.yml, bundled into the committed action/index.js): a third thin front end, over the
// command line's own publish in this process. It reads the inputs (INPUT_*), runs the CLI with its output inside
// ::stop-commands:: (no line from a file can become a workflow command), then writes what the runner reads: the
// annotations on stdout, the plan or results as Markdown in the job summary and a file, the results as a JSON file,
// and the step outputs. Secrets come only through `env`, exactly as for the CLI, which scrubs every line.
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describeError } from '../core/log/redact';
import { readRegularTextInside } from '../core/walk/regularFile';
import { runAnnotations, workflowCommand } from '../cli/annotations';
import { parseCommandLine } from '../cli/args';
import { EXIT_FAILED, EXIT_USAGE } from '../cli/exitCodes';
import { cliWorkingTree } from '../cli/files';
import { interruption } from '../cli/interruption';
import { Output } from '../cli/output';
import { COMMENT_MAX_CHARS, runMarkdown } from '../cli/planMarkdown';
import { publishCommand } from '../cli/publish';
import { RunRecords } from '../cli/runRecords';
import { FULL_DIGEST_HEX, readActionInputs } from './inputs';
import { stepOutputs } from './outputs';
import { appendOutputs, appendStepSummary, STEP_SUMMARY_MAX_BYTES } from './runnerFiles';

export async function runAction(env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  const read = readActionInputs(env);
  if (!read.ok) return fail(read.message, env);
  const { inputs } = read;
  const work = await mkdtemp(join(env.RUNNER_TEMP || tmpdir(), 'wiki-publisher-'));
  const argv = [...inputs.argv];
  if (inputs.expectPlan !== undefined) {
    // The reviewed plan may be a whole comment: the CLI reads it from a file, and says what differs when it can.
    const reviewed = join(work, 'reviewed-plan.md');
    await writeFile(reviewed, inputs.expectPlan, 'utf8');
    // A bare digest is whole here (inputs.ts refuses a prefix).
    const bareDigest = new RegExp(`^[0-9a-fA-F]{${FULL_DIGEST_HEX}}$`).test(inputs.expectPlan);
    argv.splice(1, 0, '--expect-plan', bareDigest ? inputs.expectPlan : `@${reviewed}`);
  }
  const parsed = parseCommandLine(argv);
  if (!parsed.ok) return fail(parsed.message, env);
  if (parsed.command.kind !== 'publish') return fail('The inputs name no run.', env);
  const args = parsed.command.args;

  // The CLI's problems go to stderr as always; the last one is kept for an annotation if the run stops before planning
  // (what stopped it: a warning said before, such as "wiki edits are not checked", is not why).
  const problems: string[] = [];
  const stderr = { write: (text: string) => (problems.push(text), process.stderr.write(text)), isTTY: false };
  const output = new Output(process.stdout, stderr);
  const records = new RunRecords();
  output.onRecord(records.add);
  const resume = randomBytes(16).toString('hex');
  process.stdout.write(`::stop-commands::${resume}\n`);
  let exitCode: number;
  try {
    // The run writes its files (state, .wiki-pages.json) only inside the workspace the runner checked out into, never
    // through a link; its own files (the results, the plan) go to a folder of its own in RUNNER_TEMP.
    const workingTree = env.GITHUB_WORKSPACE ? resolve(env.GITHUB_WORKSPACE) : undefined;
    exitCode = await publishCommand(args, { env, cwd, now: Date.now, output, ...interruption(output), ...(workingTree ? { workingTree } : {}) });
  } finally {
    process.stdout.write(`::${resume}::\n`);
  }
  if (records.summary === undefined && exitCode !== 0) {
    const last = problems.join('').split('\n').filter((line) => line.trim() !== '').at(-1) ?? 'The run stopped before planning (see the log).';
    process.stdout.write(`${runError(inActionWords(last, join(work, 'reviewed-plan.md')))}\n`);
  }
  return report(records, { exitCode, work, cwd, env, summary: inputs.summary, annotations: inputs.annotations });
}

interface ReportContext {
  exitCode: number;
  work: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  summary: boolean;
  annotations: boolean;
}

// A file an annotation points into is read for its line numbers only; a larger one gets its annotation without a line.
const ANNOTATED_FILE_MAX_BYTES = 16 * 1024 * 1024;

async function report(records: RunRecords, context: ReportContext): Promise<number> {
  const resultsPath = join(context.work, 'results.json');
  const planPath = join(context.work, 'plan.md');
  try {
    await writeFile(resultsPath, `${JSON.stringify(records.all, null, 2)}\n`, 'utf8');
    const ran = records.summary !== undefined;
    await writeFile(planPath, ran ? runMarkdown(records, { maxChars: COMMENT_MAX_CHARS, fullPlanAt: 'the job summary of this run' }) : '', 'utf8');
    if (ran && context.summary) await appendStepSummary(context.env.GITHUB_STEP_SUMMARY, runMarkdown(records, { maxBytes: STEP_SUMMARY_MAX_BYTES }));
    if (context.annotations) {
      // The records name files from the repository's root, as the run labels them (cli/files.ts), wherever it started.
      const labelRoot = await cliWorkingTree(context.cwd);
      for (const annotation of runAnnotations(records, (file) => readRegularTextInside(labelRoot, file, ANNOTATED_FILE_MAX_BYTES))) process.stdout.write(`${workflowCommand(annotation)}\n`);
    }
    await appendOutputs(context.env.GITHUB_OUTPUT, { ...stepOutputs(records, context.exitCode), results: resultsPath, plan: planPath });
  } catch (error) {
    process.stdout.write(`${runError(`The step's results could not be written: ${describeError(error)}`)}\n`);
    return context.exitCode === 0 ? EXIT_FAILED : context.exitCode;
  }
  return context.exitCode;
}

/**
 * A command line's sentence as the step says it: the inputs a workflow sets, not the flags they become (FLAG_WORDS),
 * and the input that named the reviewed plan, not the file it was put in.
 */
function inActionWords(line: string, reviewedPlan: string): string {
  const said = line.replace(/^wiki-publisher: /, '').replace(/ \(see wiki-publisher --help\)$/, '')
    .replace(`--expect-plan: ${reviewedPlan}:`, 'Input "expect-plan":');
  return FLAG_WORDS.reduce((text, [flagWords, inputWords]) => text.replace(flagWords, inputWords), said);
}

/** The flags a refusal before planning names, in the inputs' words (a tree recorded elsewhere: cli/publishTree.ts). */
const FLAG_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/--space\/--parent say/g, 'the "space" and "parent" inputs say'],
  [/Pass --retarget /g, 'Set the "retarget" input to true '],
  [/drop the flags\./g, 'leave those inputs out.'],
  [/--space names it /g, 'the "space" input names it '],
  [/\(--space ([^\s)]+)\)/g, '(space: $1)'],
  [/drop --space\./g, 'leave the "space" input out.'],
];

/** Inputs the step refused: said in an annotation, and the outputs written all the same (exit-code 2, no counts). */
async function fail(message: string, env: NodeJS.ProcessEnv): Promise<number> {
  process.stdout.write(`${runError(message)}\n`);
  try {
    await appendOutputs(env.GITHUB_OUTPUT, stepOutputs(new RunRecords(), EXIT_USAGE));
  } catch (error) {
    process.stdout.write(`${runError(`The step's outputs could not be written: ${describeError(error)}`)}\n`);
  }
  return EXIT_USAGE;
}

/** An error annotation on the run as a whole: its message may quote a path or a title, escaped as every annotation's. */
function runError(message: string): string {
  return workflowCommand({ level: 'error', title: 'Wiki Publisher', message });
}

// As the command line does (src/cli/main.ts): Node as it comes, the exit code set and the process left to end by itself.
runAction(process.env, process.cwd()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stdout.write(`${runError(`Unexpected error: ${describeError(error)}`)}\n`);
    process.exitCode = EXIT_FAILED;
  },
);
