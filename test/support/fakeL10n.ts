// A `vscode` module with only `l10n.t`, answering from a given bundle the way VS Code answers from
// l10n/bundle.l10n.<locale>.json: the text's translation with {n} filled in, or the English text itself when the
// bundle lacks it. Installed for one describe block and removed after, so other tests never see it.
import Module from 'node:module';

interface ModuleInternals {
  _resolveFilename(request: string, parent: unknown, isMain: boolean, options?: unknown): string;
}

const FAKE_PATH = '/__wiki-publisher-test__/vscode-l10n.js';

export function fillPlaceholders(text: string, args: readonly unknown[]): string {
  return text.replace(/\{(\d+)\}/g, (match, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : match));
}

/** Makes `require('vscode')` give `{ l10n: { t } }` over `bundle`; returns the function that undoes it. */
export function installL10nOnlyVscode(bundle: Readonly<Record<string, string>>, editorModules: readonly string[]): () => void {
  const internals = Module as unknown as ModuleInternals;
  const original = internals._resolveFilename;
  internals._resolveFilename = (request, parent, isMain, options) =>
    request === 'vscode' ? FAKE_PATH : original.call(Module, request, parent, isMain, options);
  const fake = new Module(FAKE_PATH);
  fake.filename = FAKE_PATH;
  fake.exports = { l10n: { t: (text: string, ...args: unknown[]) => fillPlaceholders(bundle[text] ?? text, args) } };
  fake.loaded = true;
  require.cache[FAKE_PATH] = fake;
  return () => {
    internals._resolveFilename = original;
    delete require.cache[FAKE_PATH];
    // The editor modules loaded under the fake keep a reference to it: drop them so nothing else reuses them.
    for (const path of editorModules) delete require.cache[require.resolve(path)];
  };
}
