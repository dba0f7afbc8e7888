// The command runs its bundle with the code cache the build made for it (src/cli/codeCache.ts), and with nothing else:
// V8 itself checks a cache's source only by its length, so a cache of another bundle of the same length would run that
// bundle's bytecode. Checked on the built files, with a module preloaded into the process under test that reports
// what the loader handed V8 and whether V8 took it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { assertBuilt, CLI_PATH } from './cliHarness';

const run = promisify(execFile);
const DIST = dirname(CLI_PATH);
const FILES = ['cli.js', 'cliMain.js', 'cliMain.cache', 'cliHttp.js', 'cliLibs.js'];

// Reports, for the compile of cliMain.js, whether a cache was handed to V8 and whether V8 refused it.
const CACHE_PROBE = `
const vm = require('node:vm');
const Script = vm.Script;
vm.Script = class extends Script {
  constructor(code, options) {
    super(code, options);
    if (options && String(options.filename).endsWith('cliMain.js')) {
      process.stderr.write('CODE_CACHE ' + JSON.stringify({ given: options.cachedData !== undefined, rejected: this.cachedDataRejected === true }) + '\\n');
    }
  }
};
`;

interface CacheUse {
  given: boolean;
  rejected: boolean;
}

function cacheUseIn(stderr: string): CacheUse {
  const line = stderr.split('\n').find((text) => text.startsWith('CODE_CACHE '));
  assert.ok(line, `the bundle was not compiled through the loader: ${stderr}`);
  return JSON.parse(line.slice('CODE_CACHE '.length)) as CacheUse;
}

describe('CLI: the command runs with the code cache made for its bundle, and only that one', function () {
  this.timeout(60_000);
  let scratch: string;
  let probe: string;
  let copy: string;
  const env = { PATH: process.env.PATH ?? '' };

  const runCopy = async (args: readonly string[], extraEnv: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> =>
    run(process.execPath, ['--require', probe, join(copy, 'cli.js'), ...args], { cwd: scratch, env: { ...env, ...extraEnv } });

  before(async () => {
    assertBuilt();
    scratch = await mkdtemp(join(tmpdir(), 'wiki-publisher-code-cache-test-'));
    probe = join(scratch, 'probe.js');
    await writeFile(probe, CACHE_PROBE);
    await mkdir(join(scratch, 'docs'));
    await writeFile(join(scratch, 'docs', 'index.md'), '# Home\n\nSee [the guide](guide.md#install).\n');
    await writeFile(join(scratch, 'docs', 'guide.md'), '# Guide\n\n## Install\n\nBack [home](index.md).\n');
  });
  after(() => rm(scratch, { recursive: true, force: true }));

  beforeEach(async () => {
    // Each test changes its own copy of the built files, never dist/ itself.
    copy = await mkdtemp(join(scratch, 'dist-'));
    for (const name of FILES) await copyFile(join(DIST, name), join(copy, name));
  });

  it('the build\'s cache is taken by V8 for the built bundle', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--require', probe, CLI_PATH, '--version'], { cwd: scratch, env });
    assert.deepEqual(cacheUseIn(stderr), { given: true, rejected: false });
    assert.match(stdout, /^\d+\.\d+\.\d+/);
  });

  it('a cache made from another bundle of the same length is not used: the bundle on disk is what runs', async () => {
    const bundle = join(copy, 'cliMain.js');
    const source = await readFile(bundle, 'utf8');
    const version = (JSON.parse(await readFile(join(DIST, '..', 'package.json'), 'utf8')) as { version: string }).version;
    const other = version.replace(/\d/g, (digit) => (digit === '7' ? '8' : '7'));
    assert.ok(source.includes(JSON.stringify(version)));
    const changed = source.replace(JSON.stringify(version), JSON.stringify(other));
    assert.equal(changed.length, source.length, 'the same length, which is all V8 compares');
    await writeFile(bundle, changed);
    const { stdout, stderr } = await runCopy(['--version']);
    assert.equal(stdout.trim(), other);
    assert.deepEqual(cacheUseIn(stderr), { given: false, rejected: false });
  });

  it('a damaged, cut or foreign cache, or none at all: the bundle is compiled as usual and plans the same', async () => {
    const planArgs = ['publish', 'docs', '--tree', '--dry-run', '--space', 'DOCS', '--parent', '123456'];
    const expected = await runCopy(planArgs).catch((error: { stdout: string }) => error);
    assert.match(expected.stdout, /Plan digest: /);
    const cache = join(copy, 'cliMain.cache');
    const intact = await readFile(cache);
    // Bytes changed inside V8's data: V8 does not check them itself (a release build crashed on them), the loader does.
    const damaged = Buffer.from(intact);
    damaged.fill(0x5a, damaged.length - Math.floor((damaged.length * 3) / 4));
    await writeFile(cache, damaged);
    const withDamaged = await runCopy(planArgs).catch((error: { stdout: string; stderr: string }) => error);
    assert.equal(withDamaged.stdout, expected.stdout);
    assert.deepEqual(cacheUseIn(withDamaged.stderr), { given: false, rejected: false });
    await writeFile(cache, intact.subarray(0, intact.length - 1000));
    const withCut = await runCopy(planArgs).catch((error: { stdout: string; stderr: string }) => error);
    assert.equal(withCut.stdout, expected.stdout);
    assert.deepEqual(cacheUseIn(withCut.stderr), { given: false, rejected: false });
    // Made with other V8 flags than the run's: V8 refuses it, and the run goes on without it.
    await writeFile(cache, intact);
    const otherFlags = await run(process.execPath, ['--max-inlined-bytecode-size=123', '--require', probe, join(copy, 'cli.js'), ...planArgs], { cwd: scratch, env })
      .catch((error: { stdout: string; stderr: string }) => error);
    assert.equal(otherFlags.stdout, expected.stdout);
    assert.deepEqual(cacheUseIn(otherFlags.stderr), { given: true, rejected: true });
    await writeFile(cache, 'not a cache');
    const withGarbage = await runCopy(planArgs).catch((error: { stdout: string; stderr: string }) => error);
    assert.equal(withGarbage.stdout, expected.stdout);
    assert.deepEqual(cacheUseIn(withGarbage.stderr), { given: false, rejected: false });
    await rm(cache);
    const without = await runCopy(planArgs).catch((error: { stdout: string; stderr: string }) => error);
    assert.equal(without.stdout, expected.stdout);
    assert.deepEqual(cacheUseIn(without.stderr), { given: false, rejected: false });
  });

  it('WIKI_PUBLISHER_WRITE_CODE_CACHE=1 (the build\'s switch) writes the cache a later run takes', async () => {
    const cache = join(copy, 'cliMain.cache');
    await rm(cache);
    await runCopy(['--version'], { WIKI_PUBLISHER_WRITE_CODE_CACHE: '1' });
    assert.ok((await stat(cache)).size > 0);
    const { stderr } = await runCopy(['--version']);
    assert.deepEqual(cacheUseIn(stderr), { given: true, rejected: false });
  });
});
