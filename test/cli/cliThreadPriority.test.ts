// The command line's main thread keeps its core: V8's background threads (its optimising compiler, the collector's
// helpers) run at a lower priority (src/cli/threadPriority.ts). Checked from inside the processes themselves, through
// /proc, which is where Linux keeps each thread's priority; on other systems the step changes nothing.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BACKGROUND_PRIORITY_STEPS, yieldBackgroundThreads } from '../../src/cli/threadPriority';
import { assertBuilt, CLI_PATH } from './cliHarness';

const run = promisify(execFile);

// Printed at exit by a module preloaded into the process under test: each thread's ID and nice value, main first.
const THREAD_PRIORITIES = `
const { readdirSync, readFileSync } = require('node:fs');
process.on('exit', () => {
  const threads = readdirSync('/proc/self/task').map((id) => {
    // The nice value is the 19th field of stat; the command name before it may hold spaces, so count after its ')'.
    const fields = readFileSync('/proc/self/task/' + id + '/stat', 'utf8').split(') ')[1].split(' ');
    return { id: Number(id), nice: Number(fields[16]) };
  });
  process.stderr.write('THREADS ' + JSON.stringify({ main: process.pid, threads }) + '\\n');
});
`;

interface ThreadPriorities {
  main: number;
  threads: Array<{ id: number; nice: number }>;
}

function prioritiesIn(stderr: string): ThreadPriorities {
  const line = stderr.split('\n').find((text) => text.startsWith('THREADS '));
  assert.ok(line, `no thread priorities in: ${stderr}`);
  return JSON.parse(line.slice('THREADS '.length)) as ThreadPriorities;
}

function assertBackgroundLowered(found: ThreadPriorities): void {
  const main = found.threads.find((thread) => thread.id === found.main);
  assert.ok(main, 'the main thread is listed');
  const others = found.threads.filter((thread) => thread.id !== found.main);
  assert.ok(others.length > 0, 'node runs background threads');
  // A child starts at its parent's priority (the test runner's, 0 unless it runs under nice).
  assert.equal(main.nice, getPriority(), 'the main thread keeps its priority');
  for (const thread of others) assert.equal(thread.nice, Math.min(19, main.nice + BACKGROUND_PRIORITY_STEPS), `thread ${thread.id}`);
}

describe('CLI: background threads yield the main thread its core', function () {
  this.timeout(30_000);
  let dir: string;
  let probe: string;

  before(async () => {
    assertBuilt();
    dir = await mkdtemp(join(tmpdir(), 'wiki-publisher-threads-'));
    probe = join(dir, 'threads.js');
    await writeFile(probe, THREAD_PRIORITIES);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('the built command lowers every thread but the main one, by ten steps', async function () {
    if (process.platform !== 'linux') this.skip(); // /proc and per-thread priorities are Linux's
    const { stderr } = await run(process.execPath, ['--require', probe, CLI_PATH, '--version'], { cwd: dir, env: { PATH: process.env.PATH ?? '' } });
    assertBackgroundLowered(prioritiesIn(stderr));
  });

  it('a process that does not ask keeps every thread at the normal priority (the probe sees the difference)', async function () {
    if (process.platform !== 'linux') this.skip();
    const { stderr } = await run(process.execPath, ['--require', probe, '-e', '0'], { cwd: dir });
    const found = prioritiesIn(stderr);
    assert.ok(found.threads.length > 1);
    for (const thread of found.threads) assert.equal(thread.nice, getPriority(), `thread ${thread.id}`);
  });

  it('lowers nothing on a system other than Linux', () => {
    assert.equal(yieldBackgroundThreads('darwin'), 0);
    assert.equal(yieldBackgroundThreads('win32'), 0);
  });
});
