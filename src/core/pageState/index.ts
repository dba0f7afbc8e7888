// Where each Markdown file stands against its wiki page (issue 15): the rules, one read of the wiki, the local plan.
export { decidePageState, type FileFacts, type NotReadReason, type OrphanState, type PageState, type PageStateKind, type WikiSide } from './pageState';
export { eachInSlices, localFacts, type LocalFacts, type LocalPlanOptions, type SliceOptions } from './localPlan';
export { historiesWanted, readHistories, type HistoryCache } from './pageHistories';
export { noticeHoldsFile, pageTruth, publishOfFile, sendItem, type SendItem } from './pageTruth';
export { treeRecords, type RecordedPage, type TreeFile, type TreeRecords } from './treeRecords';
export { VIEW_REQUESTS_AT_ONCE, readWikiPages, unreadWiki, type PageByTitle, type ReadOptions, type WikiReading, type WikiWants } from './wikiReading';
export {
  decideStates, recordedPages, refreshStates, wikiWants,
  type FileState, type RefreshOptions, type RefreshResult, type ViewFile, type ViewTree, type WorkspaceFacts, type WorkspaceStates,
} from './workspaceStates';
