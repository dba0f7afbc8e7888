// The command line's libraries that the core requires only on demand (src/cli/onDemandLibs.ts): the CLI's build
// (scripts/build.mjs, dist/cliLibs.js) and the GitHub Action's (scripts/build-action.mjs, action/cliLibs.js) both
// bundle that file on its own and turn each require of one of its libraries into a require of the sibling bundle's
// member, made when the core first asks. Both start by parsing their whole main bundle, and these libraries were more
// than a third of it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ON_DEMAND_LIBS_SOURCE = 'src/cli/onDemandLibs.ts';
export const ON_DEMAND_LIBS_BUNDLE = 'cliLibs.js';

/** esbuild's plugin; `repoRoot`: where the sources are (the builds run from different working folders). */
export function keepOnDemandLibsSeparate(repoRoot) {
  // Read from that file's `export * as <member> from '<library>'` lines, so that a library is named in one place.
  const source = readFileSync(path.join(repoRoot, ON_DEMAND_LIBS_SOURCE), 'utf8');
  const libraries = new Map([...source.matchAll(/^export \* as (\w+) from '([^']+)';$/gm)].map(([, member, library]) => [library, member]));
  if (libraries.size === 0) throw new Error(`${ON_DEMAND_LIBS_SOURCE} names no library (export * as <member> from '<library>';)`);
  const sibling = `./${ON_DEMAND_LIBS_BUNDLE}`;
  // esbuild filters by a regular expression: one that matches these names exactly.
  const exactly = (names) => new RegExp(`^(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
  return {
    name: 'keep-on-demand-libs-separate',
    setup(build) {
      build.onResolve({ filter: exactly([...libraries.keys()]) }, (args) => ({ path: args.path, namespace: 'cli-libs' }));
      build.onLoad({ filter: /.*/, namespace: 'cli-libs' }, (args) => ({
        contents: `module.exports = require('${sibling}').${libraries.get(args.path)};`,
        loader: 'js',
      }));
      build.onResolve({ filter: exactly([sibling]) }, (args) => ({ path: args.path, external: true }));
    },
  };
}
