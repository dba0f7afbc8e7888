import { isAlias, isScalar, parseDocument, type Document } from 'yaml';
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
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

export function splitFrontMatter(text: string, messages: PublishMessages = englishPublishMessages): SplitDocument {
  const withoutBom = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const match = FRONT_MATTER.exec(withoutBom);
  if (!match) return { content: text, target: {}, problems: [] };
  const content = withoutBom.slice(match[0].length);
  let document: Document;
  let data: unknown;
  try {
    document = parseDocument(match[1] ?? '');
    const [error] = document.errors;
    if (error) throw error;
    data = document.toJS();
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : 'unreadable YAML';
    return { content, target: {}, problems: [messages.frontMatterNotYaml(reason)] };
  }
  const writtenTitle = isRecord(data) ? written(document, ['title'], data.title) : undefined;
  const title = typeof writtenTitle === 'string' && writtenTitle.trim() ? { title: writtenTitle.trim() } : {};
  const wiki = isRecord(data) ? data.wiki : undefined;
  const omit = omitTitleHeading(isRecord(data) ? data : {}, isRecord(wiki) ? wiki : {}, messages);
  if (wiki === undefined || wiki === null) return { content, target: {}, problems: omit.problems, ...title, ...omit.value };
  if (!isRecord(wiki)) return { content, target: {}, problems: [messages.frontMatterWikiNotMap()], ...title };
  const keys = readWikiKeys(wiki, (key) => written(document, ['wiki', key], wiki[key]), messages);
  return { content, ...keys, problems: [...keys.problems, ...omit.problems], ...title, ...omit.value };
}

/**
 * A scalar exactly as written: YAML reads `1.0`, `0x1F` and `0123456` as numbers and would give back "1", "31" and
 * "123456", but a page title or an ID is the text the person typed. null stays null (an empty or `~` value);
 * anything that is not a scalar at `path` comes back as `parsed`, its plain value.
 */
function written(document: Document, path: readonly string[], parsed: unknown): unknown {
  let node: unknown = document.getIn(path, true);
  if (isAlias(node)) node = node.resolve(document);
  if (!isScalar(node)) return parsed;
  if (node.value === null || node.value === undefined) return null;
  return typeof node.source === 'string' ? node.source : node.value;
}

function omitTitleHeading(top: Record<string, unknown>, wiki: Record<string, unknown>, messages: PublishMessages): { value: { omitTitleHeading?: boolean }; problems: string[] } {
  const raw = wiki.omitTitleHeading ?? top.omitTitleHeading;
  if (raw === undefined || raw === null) return { value: {}, problems: [] };
  if (typeof raw === 'boolean') return { value: { omitTitleHeading: raw }, problems: [] };
  return { value: {}, problems: [messages.frontMatterOmitNotBoolean()] };
}

function readWikiKeys(wiki: Record<string, unknown>, asWritten: (key: string) => unknown, messages: PublishMessages): { target: PartialTarget; problems: string[]; pageId?: string } {
  const target: PartialTarget = {};
  const problems: string[] = [];
  const text = (key: string): string | undefined => {
    const value = asWritten(key);
    if (value === undefined || value === null) return undefined;
    // A number here was not found as a scalar in the document (behind a merge key, say): a whole one is still an ID.
    if (typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value))) return String(value).trim();
    problems.push(messages.frontMatterKeyNotText(key));
    return undefined;
  };
  target.spaceId = text('spaceId');
  target.parentId = text('parentId');
  target.pageTitle = text('pageTitle');
  const overwrite = wiki.overwrite;
  if (typeof overwrite === 'boolean') target.overwrite = overwrite;
  else if (overwrite !== undefined && overwrite !== null) problems.push(messages.frontMatterOverwriteNotBoolean());
  for (const key of Object.keys(target) as (keyof PartialTarget)[]) if (target[key] === undefined) delete target[key];
  const pageId = text('pageId');
  if (pageId !== undefined && !/^\d+$/.test(pageId)) problems.push(messages.frontMatterPageIdNotDigits());
  return { target, problems, ...(pageId !== undefined && /^\d+$/.test(pageId) ? { pageId } : {}) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
