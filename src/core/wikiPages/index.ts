// The wiki's page routes: what the link, the edit guard, the lookups for Compare and the command line use.
export { createWikiPagesClient, MAX_IDS_PER_REQUEST, type WikiPagesClient, type WikiPagesClientOptions } from './client';
export { WikiReadError, type WikiReadErrorKind } from './errors';
export { isWikiReadError } from './isWikiReadError';
export type { ChildSummary, PageVersion, SpaceRef, WikiPage } from './pageJson';
