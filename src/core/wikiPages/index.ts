// The wiki's page routes: what the link, the edit guard and the lookups for Compare use.
export { createWikiPagesClient, type WikiPagesClient, type WikiPagesClientOptions } from './client';
export { WikiReadError, isWikiReadError, type WikiReadErrorKind } from './errors';
export type { ChildSummary, WikiPage } from './pageJson';
