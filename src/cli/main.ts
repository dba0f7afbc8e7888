// The `wiki-publisher` command (dist/cli.js, the package's bin): plain Node, no VS Code. The composition root of
// the command line: reads process.argv and the environment, wires signals, and turns the result into an exit code.
import { describeError } from '../core/log/redact';
import { parseCommandLine } from './args';
import { EXIT_FAILED, EXIT_USAGE } from './exitCodes';
import { cliWorkingTree } from './files';
import { interruption } from './interruption';
import { HELP_TEXT } from './help';
import { Output } from './output';
import { publishCommand } from './publish';
import { runWithReports } from './runReports';

// Set by the build (scripts/build.mjs) from package.json.
declare const WIKI_PUBLISHER_VERSION: string | undefined;

async function main(output: Output): Promise<number> {
  const parsed = parseCommandLine(process.argv.slice(2));
  if (!parsed.ok) {
    output.problem(`${parsed.message} (see wiki-publisher --help)`);
    return EXIT_USAGE;
  }
  switch (parsed.command.kind) {
    case 'help':
      output.document(HELP_TEXT.trimEnd()); // Whole: longer than a log line may be.
      return 0;
    case 'version':
      output.line(typeof WIKI_PUBLISHER_VERSION === 'string' ? WIKI_PUBLISHER_VERSION : 'development');
      return 0;
    case 'publish': {
      const args = parsed.command.args;
      const cwd = process.cwd();
      // Where every file of the run is written (files.ts): found once, for the run and its reports.
      const workingTree = await cliWorkingTree(cwd);
      return runWithReports(args, output, { stdout: process.stdout, stderr: process.stderr }, { cwd, workingTree }, (runOutput) =>
        publishCommand(args, { env: process.env, cwd, workingTree, now: Date.now, output: runOutput, ...interruption(runOutput) }));
    }
  }
}

// Node as it comes: no V8 flags, thread priorities or early exit (CONTRIBUTING.md, "No run-time tuning").
const output = new Output(process.stdout, process.stderr);
main(output).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    output.problem(`Unexpected error: ${describeError(error)}`);
    process.exitCode = EXIT_FAILED;
  },
);
