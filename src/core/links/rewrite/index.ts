// Links between the Markdown files of a run, rewritten into links to their wiki pages (issue 14, section 3).
export { foreseeRewrite, linkDestinationTexts, rewriteLinks, type LinkCaution, type LinkCautionReason, type LinkedPage, type PageLookup, type RewriteContext, type RewriteResult } from './rewriteLinks';
export {
  githubHeadingText, headingMatcher, headingPlainText, markdownHeadingSlug, markdownHeadingSlugs, wikiAnchorForLink, wikiHeadingAnchor, wikiHeadingAnchors,
  type AnchorStyle, type HeadingsOfPage,
} from './headingAnchors';
export { withLinkCautions } from './linkCautions';
export { markdownHeadings } from '../../markdown/headings/headings';
