// Pages for a person looking at the sandbox in a browser: an index of spaces and pages, and each page's
// Markdown rendered the way a wiki would show it. Rendering happens only here, never on import.
import MarkdownIt from 'markdown-it';
import { wikiHeadingAnchors } from '../../src/core/links/rewrite';
import { escapeHtml } from './sandboxHttp';
import type { SandboxPage, SandboxWiki } from './sandboxWiki';

export const PAGE_VIEW_PATH = /^\/wiki\/pages\/(\d+)$/;
// The platform's page address (`_links.webui` under `/wiki`): the space key, the ID, then any title slug,
// since the slug goes stale when a title changes and the ID alone decides.
const WEBUI_VIEW_PATH = /^\/wiki\/spaces\/([^/]+)\/pages\/(\d+)(?:\/.*)?$/;

// html: false keeps raw HTML in published Markdown as text, as the real converter does.
let markdown: MarkdownIt | undefined;
function renderer(): MarkdownIt {
  markdown ??= new MarkdownIt({ html: false, linkify: true });
  return markdown;
}

export function pageViewPath(pageId: string): string {
  return `/wiki/pages/${encodeURIComponent(pageId)}`;
}

/**
 * The page's address relative to `{baseUrl}/wiki`, as `_links.webui` gives it: the title's words joined by `+`, as in
 * the platform's own addresses (`…/pages/229378/How-to+write+a+valid+commit`).
 */
export function webuiPath(page: Pick<SandboxPage, 'id' | 'spaceKey' | 'title'>): string {
  const slug = page.title.trim().split(/\s+/).map(encodeURIComponent).join('+');
  return `/spaces/${encodeURIComponent(page.spaceKey)}/pages/${encodeURIComponent(page.id)}/${slug}`;
}

/** The page a view path shows (either address form), deleted ones included; undefined for anything else. */
export function viewedPage(wiki: SandboxWiki, pathname: string): SandboxPage | undefined {
  const plainId = PAGE_VIEW_PATH.exec(pathname)?.[1];
  if (plainId !== undefined) return wiki.page(plainId);
  const webui = WEBUI_VIEW_PATH.exec(pathname);
  const page = webui?.[2] === undefined ? undefined : wiki.page(webui[2]);
  return page && safeDecode(webui?.[1] ?? '') === page.spaceKey ? page : undefined;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export function renderIndex(wiki: SandboxWiki): string {
  const pages = wiki.pages();
  const sections = wiki.spaces().map((space) => {
    const tree = renderTree(pages.filter((page) => page.spaceId === space.id), null);
    const access = space.onlyFor ? ` (only ${space.onlyFor.map(escapeHtml).join(', ')})` : '';
    return `<section><h2>${escapeHtml(space.name)} <small>${escapeHtml(space.key)} · id ${escapeHtml(space.id)}${access}</small></h2>${tree}</section>`;
  });
  return layout('Sandbox wiki', `<h1>Sandbox wiki</h1>${sections.join('')}`);
}

export function renderPage(wiki: SandboxWiki, page: SandboxPage): string {
  const space = wiki.spaces().find((candidate) => candidate.id === page.spaceId);
  const parent = page.parentId === null ? undefined : wiki.page(page.parentId);
  const facts = [
    `Space ${escapeHtml(space?.name ?? page.spaceKey)} (${escapeHtml(page.spaceKey)})`,
    `page ${escapeHtml(page.id)}`,
    `version ${page.version}`,
    `last changed ${escapeHtml(page.versionCreatedAt)} by ${escapeHtml(page.authorId)}`,
    ...(parent ? [`parent <a href="${pageViewPath(parent.id)}">${escapeHtml(parent.title)}</a>`] : []),
    ...(page.deleted ? ['<strong>deleted</strong>'] : []),
  ];
  const body = `<p><a href="/">← All pages</a></p><h1>${escapeHtml(page.title)}</h1>`
    + `<p class="facts">${facts.join(' · ')}</p><article>${renderArticle(page)}</article>`;
  return layout(page.title, body);
}

/**
 * The page's Markdown as HTML, each heading with the id the wiki gives it (the core's wikiHeadingAnchors, fed the
 * heading as written, as the link rewriter is), so a rewritten link's `#anchor` can be followed here.
 */
function renderArticle(page: SandboxPage): string {
  const markdownIt = renderer();
  const tokens = markdownIt.parse(page.markdown, {});
  const opens = tokens.flatMap((token, index) => (token.type === 'heading_open' ? [index] : []));
  const anchors = wikiHeadingAnchors(page.title, opens.map((index) => tokens[index + 1]?.content ?? ''));
  opens.forEach((index, nth) => tokens[index]?.attrSet('id', anchors[nth] ?? ''));
  return markdownIt.renderer.render(tokens, markdownIt.options, {});
}

export function renderNotFound(): string {
  return layout('Not found', '<p><a href="/">← All pages</a></p><h1>Not found</h1><p>There is no such page in the sandbox.</p>');
}

function renderTree(pages: SandboxPage[], parentId: string | null): string {
  const children = pages.filter((page) => page.parentId === parentId);
  if (children.length === 0) return '';
  const items = children.map((page) => {
    const link = `<a href="${pageViewPath(page.id)}">${escapeHtml(page.title)}</a>`;
    const label = page.deleted ? `<del>${link}</del> (deleted)` : link;
    return `<li>${label} <small>v${page.version}</small>${renderTree(pages, page.id)}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#172b4d}
a{color:#0c66e4}small,.facts{color:#626f86}pre{background:#f4f5f7;padding:.75rem;overflow:auto}
code{background:#f4f5f7;padding:0 .2rem}table{border-collapse:collapse}td,th{border:1px solid #dcdfe4;padding:.25rem .5rem}
blockquote{border-left:3px solid #dcdfe4;margin-left:0;padding-left:1rem;color:#44546f}
</style></head><body>${body}</body></html>`;
}
