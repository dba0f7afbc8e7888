// How people get the CLI (issue 16, section 4): `npm install -g` of the packed tarball, and npx from a checkout, both
// keep working; the tarball holds only the self-contained CLI bundles (no runtime dependencies, no action bundle).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { assertBuilt } from './cliHarness';

const root = join(__dirname, '..', '..', '..');
const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** npm with this machine's environment (its cache and registry settings), minus anything of ours. */
function npmEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('WIKI_PUBLISHER_'))) as NodeJS.ProcessEnv;
}

describe('Installing the CLI', function () {
  this.timeout(120_000);
  let scratch: string;
  before(async () => {
    assertBuilt();
    scratch = await mkdtemp(join(tmpdir(), 'wiki-publisher-install-'));
    await mkdir(join(scratch, 'docs'));
    await writeFile(join(scratch, 'docs', 'guide.md'), '# Guide\n');
    // Front matter under `wiki:` goes to the full YAML parser, which the package ships in a bundle of its own.
    await writeFile(join(scratch, 'docs', 'named.md'), '---\nwiki:\n  pageTitle: "Named: by YAML"\n---\n# Named\n');
  });
  after(() => rm(scratch, { recursive: true, force: true }));

  it('npm install -g of the packed tarball gives a working wiki-publisher, with nothing but the CLI bundles and the --json schema inside', async () => {
    // --ignore-scripts: the bundles are the ones `npm test` just built; prepack would rebuild dist/ under other tests.
    const { stdout } = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], { cwd: root, env: npmEnv() });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    assert.ok(packed);
    // The schema of --json too, which --help names by its path in the package.
    assert.deepEqual(packed.files.map((file) => file.path).sort(), ['CHANGELOG.md', 'LICENSE', 'README.md', 'dist/cli.js', 'dist/cliHttp.js', 'dist/cliLibs.js', 'package.json', 'schema/wiki-publisher-json.schema.json']);
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest.dependencies, undefined, 'the package has no runtime dependencies');
    const prefix = join(scratch, 'prefix');
    await run(npm, ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', join(scratch, packed.filename)], { cwd: scratch, env: npmEnv() });
    assert.deepEqual(await readdir(join(prefix, 'lib', 'node_modules', 'wiki-publisher')).then((names) => names.includes('node_modules')), false, 'no dependency was installed');
    const bin = join(prefix, 'bin', 'wiki-publisher');
    assert.match((await run(bin, ['--version'], { cwd: scratch })).stdout, /^\d+\.\d+\.\d+/);
    const plan = await run(bin, ['plan', 'docs', '--space', 'DOCS', '--parent', '1'], { cwd: scratch });
    assert.match(plan.stdout, /^### Wiki Publisher plan/);
    assert.match(plan.stdout, /\| docs\/named\.md \| Named: by YAML in DOCS under 1 \| create \|/);
  });

  it('npx runs it from a checkout: inside the checkout, and from elsewhere with --package', async () => {
    assert.match((await run(npx, ['wiki-publisher', '--version'], { cwd: root, env: npmEnv() })).stdout, /^\d+\.\d+\.\d+/);
    const plan = await run(npx, ['--yes', `--package=${root}`, '--', 'wiki-publisher', 'plan', 'docs', '--space', 'DOCS', '--parent', '1'], { cwd: scratch, env: npmEnv() });
    assert.match(plan.stdout, /\| docs\/guide\.md \| Guide in DOCS under 1 \| create \|/);
  });
});
