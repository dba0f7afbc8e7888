// What a run leaves besides its lines: the Markdown document (--format markdown, `wiki-publisher plan`) on stdout at
// the end, or in a file (--markdown-file FILE), and the JUnit XML report (--report FILE). All are rendered from the
// run's records (runRecords.ts). The files are written as every file of a run is: only inside the working tree, never
// through a symbolic link, atomically (core/writes/treeWrites.ts); publish.ts refused a bad path before the run.
import { resolve } from 'node:path';
import { describeError } from '../core/log/redact';
import { writeFileInTree } from '../core/writes/treeWrites';
import type { PublishArgs } from './args';
import { EXIT_FAILED } from './exitCodes';
import { junitReport } from './junit';
import { Output, type OutputStream } from './output';
import { runMarkdown } from './planMarkdown';
import { RunRecords } from './runRecords';

/** Nothing is written: a Markdown run prints its document at the end instead of a line per file. */
const DISCARD: OutputStream = { write: () => true };

export async function runWithReports(
  args: PublishArgs,
  output: Output,
  streams: { stdout: OutputStream; stderr: OutputStream },
  place: { cwd: string; workingTree: string },
  run: (output: Output) => Promise<number>,
): Promise<number> {
  if (args.format !== 'markdown' && args.reportPath === undefined && args.markdownPath === undefined) return run(output);
  const runOutput = args.format === 'markdown' ? new Output(DISCARD, streams.stderr) : output;
  const records = new RunRecords();
  runOutput.onRecord(records.add);
  const started = Date.now();
  let exitCode = await run(runOutput);
  // A usage error ends the run before any record: there is no plan to show.
  if (!records.summary) return exitCode;
  const markdown = args.format === 'markdown' || args.markdownPath !== undefined ? runMarkdown(records) : undefined;
  if (args.format === 'markdown' && markdown !== undefined) output.document(markdown.trimEnd());
  const files: Array<[what: string, path: string | undefined, text: () => string]> = [
    ['The Markdown file', args.markdownPath, () => markdown ?? ''],
    ['The report', args.reportPath, () => junitReport(records, { elapsedSeconds: (Date.now() - started) / 1000, timestamp: new Date(started) })],
  ];
  for (const [what, path, text] of files) {
    if (path === undefined) continue;
    try {
      await writeFileInTree(place.workingTree, resolve(place.cwd, path), text());
    } catch (error) {
      output.problem(`${what} ${path} could not be written: ${describeError(error)}`);
      if (exitCode === 0) exitCode = EXIT_FAILED;
    }
  }
  return exitCode;
}
