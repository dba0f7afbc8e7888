// Pull (issue 15 section 2): the wiki's edit merged into the file, with the base kept after each publish.
export { conflictBlock, countConflicts, OURS_MARKER, SEPARATOR_MARKER, THEIRS_MARKER } from '../markdown/conflictMarkers';
export { lineKey, markdownUnits, type MarkdownUnit } from './markdownUnits';
export { FolderPullBaseStore, MAX_BASES, type BaseFolder } from './pullBaseFiles';
export { MemoryPullBaseStore, openedPageKey, type PullBase, type PullBaseStore } from './pullBase';
export {
  baseAfterPull, baseProblem, captureBase, holdsPulledEdit, linkAfterPull, pullPage, splitLeadingFrontMatter,
  type CaptureOutcome, type PulledEdit, type ExportMarkdown, type PageReader, type PullOutcome, type PullRequest,
} from './pull';
export { mergeThreeWay, type MergeResult } from './threeWayMerge';
export { withFileDiagramForms } from './diagramForms';
export { manifestPageIdOf, withFileLinkForms, type PageIdOf } from './pageLinkForms';
