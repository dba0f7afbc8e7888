// Pull (issue 15 section 2): the wiki's edit merged into the file, with the base kept after each publish.
export { conflictBlock, countConflicts, OURS_MARKER, SEPARATOR_MARKER, THEIRS_MARKER } from '../markdown/conflictMarkers';
export { lineKey, markdownUnits, type MarkdownUnit } from './markdownUnits';
export { FolderPullBaseStore, MAX_BASES, type BaseFolder } from './pullBaseFiles';
export { MemoryPullBaseStore, openedPageKey, type PullBase, type PullBaseStore } from './pullBase';
export {
  baseAfterPull, baseProblem, captureBase, fileTextAfterPull, holdsPulledEdit, linkAfterPull, pullPage, splitLeadingFrontMatter,
  type CaptureDependencies, type CaptureOutcome, type PulledEdit, type ExportMarkdown, type PageReader, type PullOutcome, type PullRequest,
} from './pull';
export { mergeThreeWay, type MergeResult } from './threeWayMerge';
export { withFileDiagramForms } from './diagramForms';
export { fileFormsOf, pageInFileForms } from './fileForms';
export { publishedFileText, type PublishedFileSettings } from './publishedFile';
export { keepingPageTitle, withPageTitle, type TitleKept } from './pulledTitle';
export { fileLinkForms, manifestPageIdOf, withFileLinkForms, type PageIdOf, type PublishedPair } from './pageLinkForms';
