// What a test's fake `vscode` module leaves behind when it is removed. The editor's modules loaded under it keep a
// reference to it, so they are dropped and the next test loads them afresh under its own fake. The core's modules never
// import `vscode` (test/unit/architecture.test.ts) and are kept: dropping them too made a second copy of the core for
// the tests that loaded it before, whose classes and module state then no longer matched the copy the editor used.
import { sep } from 'node:path';

const EDITOR_CODE = [`${sep}src${sep}editor${sep}`, `${sep}src${sep}extension.`];

/** Drops from `require`'s cache the editor's modules loaded since `loadedBefore` was taken. */
export function dropEditorModulesSince(loadedBefore: ReadonlySet<string>): void {
  for (const path of Object.keys(require.cache)) {
    if (!loadedBefore.has(path) && EDITOR_CODE.some((part) => path.includes(part))) delete require.cache[path];
  }
}
