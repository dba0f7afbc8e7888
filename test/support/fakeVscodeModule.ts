// How a test puts a fake `vscode` module in place of VS Code's, and what removing it leaves behind. `require('vscode')`
// resolves to the fake's own path for as long as it is installed. The editor's modules loaded under it keep a
// reference to it, so removing it drops them, and the next test loads them afresh under its own fake. The core's
// modules never import `vscode` (test/unit/architecture.test.ts) and are kept: dropping them too made a second copy of
// the core for the tests that loaded it before, whose classes and module state then no longer matched the copy the
// editor used.
import Module from 'node:module';
import { sep } from 'node:path';

/** Node's own resolution, which the fake takes over for the one request 'vscode'. */
interface ModuleInternals {
  _resolveFilename(request: string, parent: unknown, isMain: boolean, options?: unknown): string;
}

const EDITOR_CODE = [`${sep}src${sep}editor${sep}`, `${sep}src${sep}extension.`];

/** Drops from `require`'s cache the editor's modules loaded since `loadedBefore` was taken. */
function dropEditorModulesSince(loadedBefore: ReadonlySet<string>): void {
  for (const path of Object.keys(require.cache)) {
    if (!loadedBefore.has(path) && EDITOR_CODE.some((part) => path.includes(part))) delete require.cache[path];
  }
}

/**
 * Makes `require('vscode')` give `exports` (under a path of its own, `name`, which no file has); returns the function
 * that undoes it and drops the editor's modules loaded meanwhile.
 */
export function installFakeVscode(name: string, exports: unknown): () => void {
  const path = `/__wiki-publisher-test__/${name}.js`;
  const internals = Module as unknown as ModuleInternals;
  const original = internals._resolveFilename;
  internals._resolveFilename = (request, parent, isMain, options) =>
    request === 'vscode' ? path : original.call(Module, request, parent, isMain, options);
  const fake = new Module(path);
  fake.filename = path;
  fake.exports = exports;
  fake.loaded = true;
  require.cache[path] = fake;
  const loadedBefore = new Set(Object.keys(require.cache));
  return () => {
    internals._resolveFilename = original;
    delete require.cache[path];
    dropEditorModulesSince(loadedBefore);
  };
}
