// Information for the tree planning bench (treePlanning.ts): the same `publish --tree --dry-run` planned several times
// in one process, from the compiled sources, on Node as it comes (as the command line runs: it sets no V8 flag). The
// first plan runs while V8 is still compiling the planner, as every whole-process run does; the later ones run on the
// code it has compiled by then. The difference is what the whole process pays for compiling, apart from the planning
// itself. Prints one JSON line: `{"ms":[...]}`, each plan's milliseconds in order.
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { parseCommandLine } from '../../src/cli/args';
import { Output } from '../../src/cli/output';
import { publishCommand } from '../../src/cli/publish';

async function main(): Promise<void> {
  const [runs, ...cliArgs] = process.argv.slice(2);
  const parsed = parseCommandLine(cliArgs);
  if (!parsed.ok || parsed.command.kind !== 'publish') throw new Error(`not a publish command: ${cliArgs.join(' ')}`);
  const times: number[] = [];
  for (let run = 0; run < Number(runs); run++) {
    // Its own output each time: an Output listens for its streams' errors, and one stream kept for every run would
    // gather a listener a run.
    const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
    const output = new Output(discard, discard);
    const started = performance.now();
    const code = await publishCommand(parsed.command.args, {
      env: {}, cwd: process.cwd(), now: Date.now, output, interrupt: new AbortController().signal, interruptExitCode: () => undefined,
    });
    times.push(performance.now() - started);
    // 1: every page planned, then refused for want of page access (treePlanning.ts).
    if (code !== 1) throw new Error(`plan ${run + 1} exited with ${code}`);
  }
  process.stdout.write(`${JSON.stringify({ ms: times })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
