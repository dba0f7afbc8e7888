// The export API client: one page's Markdown, for Compare with Wiki Page and Open Wiki Page as Markdown.
export { MAX_UNCOMPRESSED_BYTES, extractMarkdown, type ArchiveOptions, type ExtractedMarkdown } from './archive';
export { EXPORT_API_SETTING, exportPageMarkdown, type ExportPageOptions, type ExportRetryOptions, type ExportedPage } from './bulkExport';
export { isMarkdownEntry, isUnsafeEntryPath, pickMarkdownEntry } from './entryPath';
export { ExportError, type ExportErrorKind } from './errors';
export { isExportError } from './isExportError';
