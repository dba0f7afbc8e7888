// The GitHub Action's bundle, committed in action/ (action.yml runs action/index.js: a workflow runs what is in the
// repository at its ref, with no install step). `npm run build:action` writes it; a test (test/action/bundle.test.ts)
// builds it again into a temporary folder and compares byte for byte, so CI fails when the committed copy is stale.
// Deterministic for the same sources and esbuild version (package.json pins esbuild exactly): no sourcemap, no
// minifying (a reviewer can read what runs), paths relative to the repository.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepOnDemandLibsSeparate, ON_DEMAND_LIBS_BUNDLE, ON_DEMAND_LIBS_SOURCE } from './onDemandLibs.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HEADER = '// Wiki Publisher GitHub Action, built by `npm run build:action` (scripts/build-action.mjs). Do not edit: npm test checks it matches the sources.';

/**
 * The CLI's undici stays a sibling bundle, loaded only when a run sends or reads the wiki, as in dist/; so do the
 * libraries only some texts need (cliLibs.js, scripts/onDemandLibs.mjs): every run of the action parses index.js.
 */
const httpClientApart = {
  name: 'http-client-apart',
  setup(build) {
    build.onResolve({ filter: /httpClient$/ }, (args) => (args.importer.endsWith('transport.ts') ? { path: './cliHttp.js', external: true } : undefined));
  },
};

export async function buildAction(outdir) {
  const version = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version;
  const common = {
    absWorkingDir: repoRoot, bundle: true, platform: 'node', target: 'node20', format: 'cjs', sourcemap: false, minify: false,
    legalComments: 'eof', charset: 'utf8', logLevel: 'warning', banner: { js: HEADER },
  };
  await Promise.all([
    esbuild.build({
      ...common, entryPoints: ['src/action/main.ts'], outfile: path.join(outdir, 'index.js'), plugins: [httpClientApart, keepOnDemandLibsSeparate(repoRoot)],
      define: { WIKI_PUBLISHER_VERSION: JSON.stringify(version) },
    }),
    esbuild.build({ ...common, entryPoints: ['src/cli/httpClient.ts'], outfile: path.join(outdir, 'cliHttp.js') }),
    esbuild.build({ ...common, entryPoints: [ON_DEMAND_LIBS_SOURCE], outfile: path.join(outdir, ON_DEMAND_LIBS_BUNDLE) }),
  ]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildAction(path.join(repoRoot, 'action'));
}
