// "Open Wiki Page as Markdown": the document a wiki page becomes, and the link that makes publishing it update that
// page. The front matter pins the space, parent and title and names the page (wiki.pageId), so the link survives
// saving the untitled document under any name.
import { contentHash } from '../run/plannedContent';
import { splitFrontMatter } from '../publish/frontMatter';
import { withoutNotice } from '../publish/noticeTakenOff';
import type { WikiPage } from '../wikiPages';
import type { PageLink } from '../links/pageLink';

export interface OpenedPage {
  text: string;
  /** The page's Markdown without its publish notice: the document's text after its front matter, and Pull's base. */
  markdown: string;
  /** Undefined when the page has no parent (a space's home page): the import needs one. */
  link: PageLink | undefined;
}

/** The document of a page whose export (as it came, its notice included) is `exported`. */
export function documentForPage(page: WikiPage, exported: string, spaceKey: string | undefined, now: number): OpenedPage {
  // No file holds the page yet: its last notice is the page's own.
  const markdown = withoutNotice(exported);
  const spaceId = spaceKey ?? spaceKeyOf(page.webUrl) ?? page.spaceId;
  const keys = [
    ...(spaceId ? [`  spaceId: ${JSON.stringify(spaceId)}`] : []),
    ...(page.parentId ? [`  parentId: ${JSON.stringify(page.parentId)}`] : []),
    `  pageTitle: ${JSON.stringify(page.title)}`,
    `  pageId: ${JSON.stringify(page.id)}`,
  ];
  const text = `---\nwiki:\n${keys.join('\n')}\n---\n${markdown.startsWith('\n') ? '' : '\n'}${markdown}`;
  if (!spaceId || !page.parentId) return { text, markdown, link: undefined };
  return {
    text,
    markdown,
    link: {
      spaceId, parentId: page.parentId, pageTitle: page.title, pageId: page.id, version: page.version,
      ...(page.webUrl ? { url: page.webUrl } : {}),
      // What publishing the document unchanged would send, so "Nothing changed" is true to the wiki's text.
      contentSha256: contentHash(splitFrontMatter(text).content),
      publishedAt: now,
    },
  };
}

/** The space key in a page address `…/spaces/KEY/pages/…`. */
export function spaceKeyOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const match = /\/spaces\/([^/]+)\/pages\//.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

// Characters no file name may hold on Windows, macOS or Linux, and control characters.
const UNSAFE_IN_FILE_NAME = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;
// Windows refuses these names with any extension.
const RESERVED_NAME = /^(?:con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_NAME_LENGTH = 120;

/**
 * The file name the document of a page suggests, `<title>.md`: characters a file system refuses become `-`, a
 * name Windows reserves or one left empty falls back to `page-<id>`, and with `copy` > 1, `<title> (copy).md`.
 */
export function fileNameForPage(title: string, pageId: string, copy = 1): string {
  const cleaned = title.replace(/\s+/g, ' ').replace(UNSAFE_IN_FILE_NAME, '-').trim().replace(/^[.\s-]+|[.\s]+$/g, '').slice(0, MAX_NAME_LENGTH).trim();
  const base = cleaned === '' || RESERVED_NAME.test(cleaned) ? `page-${pageId}` : cleaned;
  return copy > 1 ? `${base} (${copy}).md` : `${base}.md`;
}
