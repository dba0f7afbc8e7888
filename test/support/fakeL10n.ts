// A `vscode` module with only `l10n.t`, answering from a given bundle the way VS Code answers from
// l10n/bundle.l10n.<locale>.json: the text's translation with {n} filled in, or the English text itself when the
// bundle lacks it. Installed for one describe block and removed after, so other tests never see it.
import { installFakeVscode } from './fakeVscodeModule';

export function fillPlaceholders(text: string, args: readonly unknown[]): string {
  return text.replace(/\{(\d+)\}/g, (match, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : match));
}

/** Makes `require('vscode')` give `{ l10n: { t } }` over `bundle`; returns the function that undoes it. */
export function installL10nOnlyVscode(bundle: Readonly<Record<string, string>>): () => void {
  return installFakeVscode('vscode-l10n', { l10n: { t: (text: string, ...args: unknown[]) => fillPlaceholders(bundle[text] ?? text, args) } });
}
