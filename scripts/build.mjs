// Three bundles for the extension: the start-up bundle stays small because everything heavy (the YAML parser, OAuth,
// ZIP) lives in dist/onDemand.js, and the publish, compare and open commands in dist/lazyCommands.js; the start-up
// code requires them only when a command first needs them.
// A third, dist/cli.js, is the `wiki-publisher` command: self-contained (undici and all bundled in), so the npm
// package needs no runtime dependencies. Its undici (dist/cliHttp.js) and the libraries it needs only for some texts
// (dist/cliLibs.js) are sibling bundles, required on first use.
import * as esbuild from 'esbuild';
import { chmodSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { keepOnDemandLibsSeparate, ON_DEMAND_LIBS_BUNDLE, ON_DEMAND_LIBS_SOURCE } from './onDemandLibs.mjs';

const production = process.argv.includes('--production');
// Bundles loaded on first use, by source: the core's heavy half, and the editor commands that need it (publish,
// compare, open), whose code is not needed until a command runs.
const lazyBundles = new Map([
  [path.resolve('src/onDemand.ts'), './onDemand.js'],
  [path.resolve('src/editor/lazyCommands.ts'), './lazyCommands.js'],
  // The command line's undici, needed only when a run sends.
  [path.resolve('src/cli/httpClient.ts'), './cliHttp.js'],
]);

/** Turns every import of a lazy bundle's source into a runtime require of the sibling bundle (all live in dist/). */
const keepLazyBundlesSeparate = (self) => ({
  name: 'keep-lazy-bundles-separate',
  setup(build) {
    build.onResolve({ filter: /(onDemand|lazyCommands|httpClient)$/ }, (args) => {
      const resolved = path.resolve(args.resolveDir, args.path) + '.ts';
      const bundle = lazyBundles.get(resolved);
      return bundle && resolved !== self ? { path: bundle, external: true } : undefined;
    });
  },
});

/**
 * The editor's files import VS Code's API as `import * as vscode from 'vscode'`. esbuild bundles that as it bundles any
 * CommonJS module: each importing file gets a namespace object with a getter for every property of the API object
 * (some hundreds), made when the file loads. Start-up made 14 of them, a third of the extension's own time in VS Code's
 * extension host (its CPU profile while activating; issue 84). Compiled as `import vscode = require('vscode')` (the
 * same object, the same types), each file uses the API object as it is.
 */
const vscodeApiAsIs = {
  name: 'vscode-api-as-is',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return { contents: source.replace(/^import \* as vscode from 'vscode';$/m, "import vscode = require('vscode');"), loader: 'ts' };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['vscode'],
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
};

await Promise.all([
  esbuild.build({ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', plugins: [keepLazyBundlesSeparate(), vscodeApiAsIs] }),
  esbuild.build({ ...common, entryPoints: ['src/onDemand.ts'], outfile: 'dist/onDemand.js' }),
  esbuild.build({ ...common, entryPoints: ['src/cli/httpClient.ts'], outfile: 'dist/cliHttp.js' }),
  esbuild.build({ ...common, entryPoints: [ON_DEMAND_LIBS_SOURCE], outfile: `dist/${ON_DEMAND_LIBS_BUNDLE}` }),
  esbuild.build({
    ...common, entryPoints: ['src/editor/lazyCommands.ts'], outfile: 'dist/lazyCommands.js',
    plugins: [keepLazyBundlesSeparate(path.resolve('src/editor/lazyCommands.ts')), vscodeApiAsIs],
  }),
  esbuild.build({
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    plugins: [keepLazyBundlesSeparate(), keepOnDemandLibsSeparate('.')],
    banner: { js: '#!/usr/bin/env node' },
    define: { WIKI_PUBLISHER_VERSION: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  }),
]);

// esbuild writes files 0644 whatever the banner says: `npx wiki-publisher` inside a checkout runs dist/cli.js itself (no
// install step sets the bit there), so a fresh clone needs the bundle made executable here.
chmodSync('dist/cli.js', 0o755);
