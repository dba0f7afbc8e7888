// The command line and the Action run on Node as it comes (CONTRIBUTING.md, "No run-time tuning"): they set no V8 flag,
// change no thread's priority and do not end the process early to skip its teardown. Such tuning depended on one Node
// version's internals and won a few percent on one benchmark; speed comes from doing less work. Checked from inside the
// processes: a module preloaded into each records every call to v8.setFlagsFromString, os.setPriority and process.exit,
// and, on Linux, each thread's priority through /proc at exit. This file replaces the test that required the background
// threads to run ten steps lower (issue 84 removed that).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeRunnerTemps, runAction } from '../action/actionHarness';
import { runCli, useCliSandbox } from './cliHarness';

// Preloaded with NODE_OPTIONS=--require: wraps the calls that tune a process, then prints what it saw at exit.
const TUNING_PROBE = `
const v8 = require('node:v8');
const os = require('node:os');
const fs = require('node:fs');
const calls = [];
const wrap = (owner, name, label) => {
  const original = owner[name];
  owner[name] = function (...args) {
    calls.push(label + '(' + args.map(String).join(', ') + ')');
    return original.apply(this, args);
  };
};
wrap(v8, 'setFlagsFromString', 'v8.setFlagsFromString');
wrap(os, 'setPriority', 'os.setPriority');
wrap(process, 'exit', 'process.exit');
process.on('exit', () => {
  let threads = [];
  if (process.platform === 'linux') {
    threads = fs.readdirSync('/proc/self/task').map((id) => {
      // The nice value is the 19th field of stat; the command name before it may hold spaces, so count after its ')'.
      const fields = fs.readFileSync('/proc/self/task/' + id + '/stat', 'utf8').split(') ')[1].split(' ');
      return { id: Number(id), nice: Number(fields[16]) };
    });
  }
  process.stderr.write('TUNING ' + JSON.stringify({ calls, threads }) + '\\n');
});
`;

interface TuningSeen {
  calls: string[];
  threads: Array<{ id: number; nice: number }>;
}

function tuningIn(stderr: string): TuningSeen {
  const line = stderr.split('\n').find((text) => text.startsWith('TUNING '));
  assert.ok(line, `the probe printed nothing in: ${stderr}`);
  return JSON.parse(line.slice('TUNING '.length)) as TuningSeen;
}

function assertUntuned(stderr: string, what: string): void {
  const seen = tuningIn(stderr);
  assert.deepEqual(seen.calls, [], `${what} tuned its process`);
  if (process.platform === 'linux') {
    assert.ok(seen.threads.length > 1, 'node runs background threads, so a lowered one would be seen');
    // A child starts at its parent's priority (the test runner's, 0 unless it runs under nice).
    for (const thread of seen.threads) assert.equal(thread.nice, getPriority(), `${what}: thread ${thread.id}`);
  }
}

describe('CLI and Action: Node as it comes, no run-time tuning', function () {
  this.timeout(30_000);
  const cli = useCliSandbox();
  let probeDir: string;
  let probeEnv: Record<string, string>;

  before(async () => {
    probeDir = await mkdtemp(join(tmpdir(), 'wiki-publisher-tuning-'));
    const probe = join(probeDir, 'tuning.js');
    await writeFile(probe, TUNING_PROBE);
    probeEnv = { NODE_OPTIONS: `--require ${probe}` };
  });
  after(async () => {
    await rm(probeDir, { recursive: true, force: true });
  });
  afterEach(removeRunnerTemps);

  it('the probe sees a process that does tune itself (so the checks below can fail)', async () => {
    const script = join(probeDir, 'tunes.js');
    await writeFile(script, "require('node:v8').setFlagsFromString('--liftoff-only'); process.exitCode = 0; process.on('beforeExit', () => process.exit());\n");
    const stderr = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [script], { cwd: probeDir, env: { PATH: process.env.PATH ?? '', ...probeEnv } }, (error, _stdout, text) => (error ? reject(error) : resolve(text))));
    assert.deepEqual(tuningIn(stderr).calls, ['v8.setFlagsFromString(--liftoff-only)', 'process.exit()']);
  });

  it('the command line: --version, a dry run of a folder, and a publish that sends', async () => {
    const root = await cli.tree({ 'docs/a.md': '# A\n\nText.\n', 'docs/b.md': '# B\n\nSee [A](a.md).\n' });
    const version = await runCli(['--version'], { cwd: root, env: probeEnv });
    assert.equal(version.code, 0, version.stderr);
    assertUntuned(version.stderr, '--version');
    const dryRun = await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--dry-run'], { cwd: root, env: probeEnv });
    assert.equal(dryRun.code, 0, dryRun.stderr);
    assertUntuned(dryRun.stderr, 'the dry run');
    const sent = await runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456'], { cwd: root, env: cli.env(probeEnv) });
    assert.equal(sent.code, 0, sent.stderr);
    assert.equal(cli.sandbox.imports.length, 2, 'both files were sent');
    assertUntuned(sent.stderr, 'the publish');
  });

  it('the Action (its committed bundle) planning a folder', async () => {
    const workspace = await cli.tree({ 'docs/guide.md': '# Guide\n\nText.\n' });
    const run = await runAction({ workspace, inputs: { path: 'docs', space: 'DOCS', parent: '123456', 'dry-run': 'true' }, env: probeEnv });
    assert.equal(run.code, 0, run.stderr);
    assertUntuned(run.stderr, 'the Action');
  });

  it('no source file sets V8 flags, thread priorities or NODE_OPTIONS', async () => {
    const src = join(__dirname, '..', '..', '..', 'src');
    const files = (await readdir(src, { recursive: true })).filter((name) => name.endsWith('.ts'));
    assert.ok(files.length > 100, `found the sources in ${src}`);
    const forbidden = /setFlagsFromString|\bsetPriority\b|\/proc\/self\/task|NODE_OPTIONS|--max-semi-space|--liftoff|semi-space-growth/;
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(join(src, file), 'utf8');
      if (forbidden.test(text)) offenders.push(file);
    }
    assert.deepEqual(offenders, []);
  });
});
