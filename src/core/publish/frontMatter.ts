import { parse } from 'yaml';
import type { PartialTarget } from './target';

export interface SplitDocument {
  /** The Markdown that is sent: the document without its front matter block. */
  content: string;
  /** The `wiki:` keys of the front matter. */
  target: PartialTarget;
  /** A top-level `title:`, offered as the page title when `wiki.pageTitle` is absent. */
  title?: string;
  /** `wiki.pageId`: the wiki page this file was opened from (Open Wiki Page as Markdown writes it). */
  pageId?: string;
  /** `omitTitleHeading` (top level or under `wiki:`): leave out a first `# ` heading that repeats the page title. */
  omitTitleHeading?: boolean;
  /** Problems with the front matter a person should fix (wrong types, unreadable YAML). */
  problems: string[];
}

// A YAML front matter block: "---" on the first line, closed by "---" or "..." on a line of its own. The block may
// be empty ("---" right after "---", as static-site generators write it), so the body and its line end are optional.
const FRONT_MATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

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
  const omit = omitTitleHeading(isRecord(data) ? data : {}, isRecord(wiki) ? wiki : {});
  if (wiki === undefined || wiki === null) return { content, target: {}, problems: omit.problems, ...title, ...omit.value };
  if (!isRecord(wiki)) return { content, target: {}, problems: ['The front matter key "wiki" must hold spaceId, parentId, pageTitle and overwrite.'], ...title };
  const keys = readWikiKeys(wiki);
  return { content, ...keys, problems: [...keys.problems, ...omit.problems], ...title, ...omit.value };
}

function omitTitleHeading(top: Record<string, unknown>, wiki: Record<string, unknown>): { value: { omitTitleHeading?: boolean }; problems: string[] } {
  const raw = wiki.omitTitleHeading ?? top.omitTitleHeading;
  if (raw === undefined || raw === null) return { value: {}, problems: [] };
  if (typeof raw === 'boolean') return { value: { omitTitleHeading: raw }, problems: [] };
  return { value: {}, problems: ['omitTitleHeading in the front matter must be true or false.'] };
}

function readWikiKeys(wiki: Record<string, unknown>): { target: PartialTarget; problems: string[]; pageId?: string } {
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
  const pageId = text('pageId');
  if (pageId !== undefined && !/^\d+$/.test(pageId)) problems.push('wiki.pageId in the front matter must be a page ID made of digits.');
  return { target, problems, ...(pageId !== undefined && /^\d+$/.test(pageId) ? { pageId } : {}) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
