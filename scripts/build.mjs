// Two bundles: the start-up bundle stays small because everything heavy (undici, the YAML parser, OAuth)
// lives in dist/onDemand.js, which the start-up code requires only when a command first needs it.
import * as esbuild from 'esbuild';
import path from 'node:path';

const production = process.argv.includes('--production');
const onDemandSource = path.resolve('src/onDemand.ts');

/** Turns every import of src/onDemand.ts into a runtime require of the sibling bundle. */
const keepOnDemandSeparate = {
  name: 'keep-on-demand-separate',
  setup(build) {
    build.onResolve({ filter: /onDemand$/ }, (args) => {
      const resolved = path.resolve(args.resolveDir, args.path) + '.ts';
      return resolved === onDemandSource ? { path: './onDemand.js', external: true } : undefined;
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
  esbuild.build({ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', plugins: [keepOnDemandSeparate] }),
  esbuild.build({ ...common, entryPoints: ['src/onDemand.ts'], outfile: 'dist/onDemand.js' }),
]);
