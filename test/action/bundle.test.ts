// The action runs the committed action/index.js, cliHttp.js and cliLibs.js (a workflow runs what is in the repository
// at its ref). This rebuilds them from the sources into a temporary folder and compares byte for byte, so CI fails when
// the committed bundle is stale: run `npm run build:action` and commit action/.
import assert from 'node:assert/strict';
import { readFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const root = join(__dirname, '..', '..', '..');

describe('GitHub Action bundle', () => {
  it('the committed action/ is exactly what the sources build (run `npm run build:action` when this fails)', async function () {
    this.timeout(60_000);
    const out = await mkdtemp(join(tmpdir(), 'wiki-publisher-action-'));
    try {
      // A dynamic import of the ES module build script (tsc would turn import() into require()).
      const load = new Function('url', 'return import(url)') as (url: string) => Promise<{ buildAction(outdir: string): Promise<void> }>;
      const { buildAction } = await load(pathToFileURL(join(root, 'scripts', 'build-action.mjs')).href);
      await buildAction(out);
      const built = (await readdir(out)).sort();
      assert.deepEqual((await readdir(join(root, 'action'))).filter((name) => name.endsWith('.js')).sort(), built);
      for (const name of built) {
        const fresh = await readFile(join(out, name));
        const committed = await readFile(join(root, 'action', name));
        assert.ok(fresh.equals(committed), `action/${name} is not what the sources build: run \`npm run build:action\` and commit action/.`);
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('needs nothing but the runner\'s Node: no package outside the bundle, and the entry action.yml names', async () => {
    const action = parse(await readFile(join(root, 'action.yml'), 'utf8')) as { runs: { using: string; main: string } };
    assert.equal(action.runs.using, 'node24');
    assert.equal(action.runs.main, 'action/index.js');
    const builtins = new Set(builtinModules);
    // index.js requires its sibling bundles (undici; the libraries only some texts need) when a run needs them.
    for (const name of ['index.js', 'cliHttp.js', 'cliLibs.js']) {
      const bundle = await readFile(join(root, 'action', name), 'utf8');
      const outside = [...new Set([...bundle.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1] as string))]
        .filter((module) => !module.startsWith('node:') && !builtins.has(module)).sort();
      assert.deepEqual(outside, name === 'index.js' ? ['./cliHttp.js', './cliLibs.js'] : [], `action/${name} requires only Node's own modules`);
    }
  });

  it('action.yml declares every input the action reads, and secrets are none of them', async () => {
    const action = parse(await readFile(join(root, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
    const source = await readFile(join(root, 'src', 'action', 'inputs.ts'), 'utf8');
    const read = new Set([...source.matchAll(/'([a-z-]+)'/g)].map((match) => match[1] as string).filter((name) => Object.hasOwn(action.inputs, name)));
    assert.deepEqual([...Object.keys(action.inputs)].filter((name) => !read.has(name)), [], 'inputs declared but never read');
    assert.ok(Object.keys(action.inputs).every((name) => !/token|secret|password|credential/i.test(name)), 'no secret is an input');
    const outputs = await readFile(join(root, 'src', 'action', 'outputs.ts'), 'utf8') + await readFile(join(root, 'src', 'action', 'main.ts'), 'utf8');
    for (const name of Object.keys(action.outputs)) assert.ok(outputs.includes(`'${name}'`) || outputs.includes(`${name}:`) || outputs.includes(` ${name},`), `output ${name} is written`);
  });
});
