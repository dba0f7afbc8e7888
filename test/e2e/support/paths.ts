// Where the end-to-end run finds its inputs and puts its outputs. Compiled tests live in out/test/e2e/,
// so paths are resolved from the repository root rather than from __dirname's depth.
import * as path from 'node:path';
import * as fs from 'node:fs';

function findRepoRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'scripts'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No repository root above ${start}`);
    dir = parent;
  }
  return dir;
}

export const repoRoot = findRepoRoot(__dirname);
/** The package `npm run package` builds: the tests install exactly what users install. */
export const vsixPath = path.join(repoRoot, 'wiki-publisher.vsix');
export const codeServerEntry = path.join(repoRoot, '.cache', 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const testResultsDir = path.join(repoRoot, 'test-results');
/** Sample docs live next to the TypeScript sources; the compiled tests read them from there. */
export const sampleDocsDir = path.join(repoRoot, 'test', 'e2e', 'sample-docs');
export const extensionId = 'wiki-publisher.wiki-publisher';
