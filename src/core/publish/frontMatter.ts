import { parse } from 'yaml';
import type { PartialTarget } from './target';

export interface SplitDocument {
  /** The Markdown that is sent: the document without its front matter block. */
  content: string;
  /** The `wiki:` keys of the front matter. */
  target: PartialTarget;
  /** A top-level `title:`, offered as the page title when `wiki.pageTitle` is absent. */
  title?: string;
  /** Problems with the front matter a person should fix (wrong types, unreadable YAML). */
  problems: string[];
}

// A YAML front matter block: "---" on the first line, closed by "---" or "..." on a line of its own.
const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

export function splitFrontMatter(text: string): SplitDocument {
  const withoutBom = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const match = FRONT_MATTER.exec(withoutBom);
  if (!match) return { content: text, target: {}, problems: [] };
  const content = withoutBom.slice(match[0].length);
  let data: unknown;
  try {
    data = parse(match[1] ?? '');
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : 'unreadable YAML';
    return { content, target: {}, problems: [`The front matter is not valid YAML: ${reason}`] };
  }
  const title = isRecord(data) && typeof data.title === 'string' && data.title.trim() ? { title: data.title.trim() } : {};
  const wiki = isRecord(data) ? data.wiki : undefined;
  if (wiki === undefined || wiki === null) return { content, target: {}, problems: [], ...title };
  if (!isRecord(wiki)) return { content, target: {}, problems: ['The front matter key "wiki" must hold spaceId, parentId, pageTitle and overwrite.'], ...title };
  return { content, ...readWikiKeys(wiki), ...title };
}

function readWikiKeys(wiki: Record<string, unknown>): { target: PartialTarget; problems: string[] } {
  const target: PartialTarget = {};
  const problems: string[] = [];
  const text = (key: string): string | undefined => {
    const value = wiki[key];
    if (value === undefined || value === null) return undefined;
    // YAML reads `parentId: 123456` as a number; a page ID written without quotes is still meant as that ID.
    if (typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value))) return String(value).trim();
    problems.push(`wiki.${key} in the front matter must be text.`);
    return undefined;
  };
  target.spaceId = text('spaceId');
  target.parentId = text('parentId');
  target.pageTitle = text('pageTitle');
  const overwrite = wiki.overwrite;
  if (typeof overwrite === 'boolean') target.overwrite = overwrite;
  else if (overwrite !== undefined && overwrite !== null) problems.push('wiki.overwrite in the front matter must be true or false.');
  for (const key of Object.keys(target) as (keyof PartialTarget)[]) if (target[key] === undefined) delete target[key];
  return { target, problems };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
