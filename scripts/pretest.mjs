// The checks `npm test` runs before mocha, side by side rather than one after another: lint, the type check, and the
// build followed by the tests' compile (which needs the bundle). Each step's output is printed whole when it ends, so
// two steps never interleave their lines; any step that fails fails the whole, after the others have ended.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>` for each script in turn; the first that fails ends the chain. */
function chain(scripts) {
  return scripts.reduce((previous, script) => previous.then((ended) => (ended.code !== 0 ? ended : run(script))), Promise.resolve({ code: 0, output: '' }));
}

function run(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n`, script }));
    child.on('close', (code) => resolve({ code: code ?? 1, output, script }));
  });
}

const steps = [['lint'], ['typecheck'], ['build', 'compile-tests']];
const ended = await Promise.all(steps.map(async (scripts) => ({ scripts, ...(await chain(scripts)) })));
let failed = false;
for (const step of ended) {
  const text = step.output.trimEnd();
  console.log(`> ${step.scripts.join(' && ')}${step.code === 0 ? '' : ` (failed in ${step.script})`}`);
  if (text !== '') console.log(text);
  if (step.code !== 0) failed = true;
}
if (failed) process.exit(1);
