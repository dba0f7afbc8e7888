// Everything the start-up path must not load: the transport, the YAML parser and the publish pipeline.
// scripts/build.mjs bundles this file on its own (dist/onDemand.js); the start-up bundle requires it on first use.
// The editor's HTTP goes through VS Code's fetch; undici stays out of this bundle (the command line brings its own).
export { createFetchTransport } from './core/http/fetchTransport';
export { notSentError } from './core/http/networkError';
export { checkEndpoint } from './core/http/endpoint';
export { prepareDocument, importPage, type PreparedDocument } from './core/publish/pipeline';
export { checkContent, checkTarget, checkTitle, cautionsFor } from './core/publish/preflight';
export { mergeTargets, completeTarget, suggestTitle, isPageId } from './core/publish/target';
export {
  ExportSessionManager,
  ProactiveRefresher,
  TokenClient,
  diagnoseNotFound,
  isExportAuthError,
  signIn,
  type ExportSession,
} from './core/oauth';
export { explainNotFound, notFoundMessage } from './core/publish/notFoundExplanation';
export { planFile, planFiles, countPlan, sendKind, withRelinked, type PlanItem, type SourceFile } from './core/run/plan';
export { linkAfterPublish } from './core/run/publishedLink';
export { credentialRefusedOnWiki, guardLooksUp, guardPlan, guardedPage, heldWithoutNotice, pageElsewhere, sendEditedAnyway, unchangedWithPage, unreadForGood, unreadOnWiki, type GuardVerdict } from './core/run/guard';
export { sendGonePages } from './core/run/gonePages';
export { ownPageProof, proveOwnPage } from './core/run/ownPageProof';
export { countedResults, fileResultOf, runPlan, ThrottleGate, clampConcurrency, summarise, summaryLine, describeRunStop } from './core/run/runner';
// The tree is planned through planTreeOnDisk, which reads the wiki itself when given page access (checkTreeOnWiki).
export { isGeneratedPageKey, planTreeOnDisk, treeLinks } from './core/tree/treePlan';
export { runTree, treeLandedLink, treePageAddresses } from './core/tree/treeRun';
export { addressSpaceKey, spaceAddresses } from './core/tree/spaceAddresses';
export { openTreeManifest } from './core/tree/pageManifest';
export { manifestNotWrittenMessage } from './core/tree/manifestNotWritten';
export { guardTreeAsPlanned, treePlanItems } from './core/tree/treePlanGuard';
export { recordedPagesBelow } from './core/tree/newFolderPage';
export { relinkedKeys, treePageCount, treeSendCounts, treeSendKind, treeTopPage } from './core/tree/treeSends';
export { foreseenSecondSends } from './core/tree/foreseenSends';
export { pageAddress } from './core/publish/pageAddress';
export { sendPlanned } from './core/run/send';
export { heldContent } from './core/run/plannedContent';
export { linkedPageIdOf, planFileLinks } from './core/run/fileLinks';
export { LinkFindings } from './core/run/linkFindings';
export { foreseenFlatSecondSends, foreseenRelinks, runFlat } from './core/run/flatRun';
export { recordFoundPages, recordSendEnd, sendMarks } from './core/run/recordSend';
export { identifyPage, withIdentity } from './core/links/pageIdentity';
export { createWikiPagesClient } from './core/wikiPages';
export { exportPageMarkdown, isExportError } from './core/export';
export { globMatcher } from './core/run/globMatcher';
export { linkCautionReasonText } from './core/links/rewrite/linkCautions';
export { documentForPage, fileNameForPage } from './core/pull/openedPage';
export { decideStates, eachInSlices, localFacts, refreshStates, unreadWiki } from './core/pageState';
export { baseAfterPull, baseProblem, captureBase, holdsPulledEdit, linkAfterPull, pageInFileForms, pullPage } from './core/pull';
// The Problems panel's links (issue 83): a file's problems as its publish plans them, and their obvious fixes.
export { flatLinkProblems, planTreeForProblems, treeFileProblems } from './core/problems/documentProblems';
export { linkFix, writtenDestination } from './core/problems/linkFixes';
