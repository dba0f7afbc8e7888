// Everything the start-up path must not load: the HTTP client, the YAML parser and the publish pipeline.
// scripts/build.mjs bundles this file on its own (dist/onDemand.js); the start-up bundle requires it on first use.
export { createDispatcher, type ProxySettings } from './core/http/proxy';
export { checkEndpoint } from './core/http/endpoint';
export { prepareDocument, importPage, type PreparedDocument } from './core/publish/pipeline';
export { checkContent, checkTarget, cautionsFor } from './core/publish/preflight';
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
export { explainNotFound } from './core/publish/notFoundExplanation';
