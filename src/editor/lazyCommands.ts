// The editor commands whose code is needed only once they run: publishing (one file, many files), Compare with Wiki
// Page and Open Wiki Page as Markdown. scripts/build.mjs bundles this file on its own (dist/lazyCommands.js);
// extension.ts registers light stand-ins that require it on first use, keeping activation cheap.
export { CompareWithWikiCommand } from './commands/compareWithWiki';
export { OpenFromWikiCommand } from './commands/openFromWiki';
export { PublishCommand } from './commands/publish';
export { PullCommand } from './commands/pull';
export { ShowRawWikiPageCommand } from './commands/showRawWikiPage';
export { PulledEdits } from './pull/pulledEdits';
// The sign-in's words: a sign-in or a failure to show loads them, never activation.
export { editorSignInMessages } from './messages/signInMessages';
export { editorExportMessages } from './messages/exportMessages';
// The Wiki Pages view (issue 15): its state and its commands, loaded when the view is first shown or the badges start.
export { WikiPagesModel } from './wikiPages/pagesModel';
export { OpenPageCommand } from './wikiPages/openPageCommand';
export { PublishAllModifiedCommand } from './wikiPages/publishAllModifiedCommand';
export { RefreshPagesCommand } from './wikiPages/refreshPagesCommand';
export { RevealInExplorerCommand } from './wikiPages/revealInExplorerCommand';
// The Problems panel's links (issue 83): loaded with the first Markdown document, the setting on.
export { LinkDiagnostics } from './diagnostics/linkDiagnostics';
