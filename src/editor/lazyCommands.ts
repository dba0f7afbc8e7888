// The editor commands whose code is needed only once they run: publishing (one file, many files), Compare with Wiki
// Page and Open Wiki Page as Markdown. scripts/build.mjs bundles this file on its own (dist/lazyCommands.js);
// extension.ts registers light stand-ins that require it on first use, keeping activation cheap.
export { CompareWithWikiCommand } from './commands/compareWithWiki';
export { OpenFromWikiCommand } from './commands/openFromWiki';
export { PublishCommand } from './commands/publish';
