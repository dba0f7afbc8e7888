import type * as Yaml from 'yaml';
import type { CST, Document } from 'yaml';
import { findFrontMatter } from '../markdown/frontMatter';
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import type { PartialTarget } from './target';

let yamlParser: typeof Yaml | undefined;
/**
 * The YAML parser, loaded when first needed: most front matter is a few plain `key: value` lines that
 * simpleFrontMatter reads, and loading the parser cost a planning run of the command line a tenth of its start-up.
 */
function yaml(): typeof Yaml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  yamlParser ??= require('yaml') as typeof Yaml;
  return yamlParser;
}

export interface SplitDocument {
  /** The Markdown that is sent: the document without its front matter block. */
  content: string;
  /** The `wiki:` keys of the front matter. */
  target: PartialTarget;
  /** A top-level `title:`, offered as the page title when `wiki.pageTitle` is absent. */
  title?: string;
  /** `wiki.pageId`: the wiki page this file was opened from (Open Wiki Page as Markdown writes it). */
  pageId?: string;
  /** `omitTitleHeading` (top level or under `wiki:`): leave out a first level-one heading that repeats the page title. */
  omitTitleHeading?: boolean;
  /** Problems with the front matter a person should fix (wrong types, unreadable YAML). */
  problems: string[];
}

export function splitFrontMatter(text: string, messages: PublishMessages = englishPublishMessages): SplitDocument {
  const found = findFrontMatter(text);
  if (found === undefined) return { content: text, target: {}, problems: [] };
  const content = found.body;
  const block = lineFeedsOnly(found.yaml);
  // Most front matter is a few plain `key: value` lines; the YAML parser costs more than the rest of planning a file.
  const facts = simpleFrontMatter(block) ?? parseFrontMatterYaml(block, messages);
  // Member by member rather than spread: this runs on every file of a tree.
  const split: SplitDocument = { content, target: facts.target, problems: facts.problems };
  if (facts.title !== undefined) split.title = facts.title;
  if (facts.pageId !== undefined) split.pageId = facts.pageId;
  if (facts.omitTitleHeading !== undefined) split.omitTitleHeading = facts.omitTitleHeading;
  return split;
}

/**
 * The block with every line ending in LF: the YAML parser reads a bare CR as no line end at all, so an old Mac file's
 * `wiki:` keys would run into one line it refuses. The block is never sent, so nothing the page shows changes.
 */
function lineFeedsOnly(block: string): string {
  return block.includes('\r') ? block.replace(/\r\n?/g, '\n') : block;
}

/** The block's first line is the file's second, below the opening `---`. */
const BLOCK_FIRST_LINE = 2;

/**
 * The parser's finding in the file's terms. Its message ends in " at line L, column C:" with an excerpt on the lines
 * after; that line is the block's, one above the file's line a person opens, so the position is said again from the
 * parser's own (linePos), and the excerpt, which a one-line refusal cannot show, is left out.
 */
function notYaml(error: unknown, messages: PublishMessages): string {
  if (!(error instanceof Error)) return messages.frontMatterNotYaml('unreadable YAML');
  const reason = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?\s*$/, '');
  const position = error instanceof yaml().YAMLError ? error.linePos?.[0] : undefined;
  return messages.frontMatterNotYaml(reason, position ? { line: position.line + BLOCK_FIRST_LINE - 1, column: position.col } : undefined);
}

/**
 * How deep the front matter's lists and maps may be nested. The parser builds its document by recursion, and a file is
 * untrusted input: a few thousand `[` overflowed its stack, and a second such file then aborted the whole process (the
 * extension host, or the command line) while V8 compiled a regular expression at the stack's limit. Real front matter
 * nests a few levels; the parser reads some hundreds.
 */
export const MAX_FRONT_MATTER_DEPTH = 64;

/**
 * The parser's stack holds the document, the lists and maps open around the token it reads, and a scalar being read:
 * two entries that are not lists or maps.
 */
const STACK_ENTRIES_NOT_NESTING = 2;

/**
 * Whether the block's lists and maps, flow or block, nest deeper than `limit`. Every list or map holds one of `[`, `{`,
 * `-`, `?` or `:` at least, so a block with no more of them than `limit` (most) is not parsed for this.
 *
 * The parser itself recurses once a list or map it has open when one token closes many of them (`- - - … a` then a
 * line back at the left margin: 3,000 levels overflowed the stack and aborted the run). So it is fed one token at a
 * time, and stopped as soon as its stack of open lists and maps passes `limit`: each token opens one at most, so no
 * token ever finds more than `limit` open to close. Then its syntax tree, made under that bound, is measured with a list
 * of the nodes still to look at (no recursion either): a flow list written as a key becomes a map around it there.
 */
function nestsDeeperThan(block: string, limit: number): boolean {
  let marks = 0;
  for (let at = 0; at < block.length && marks <= limit; at++) {
    const code = block.charCodeAt(at);
    if (code === 0x5b || code === 0x7b || code === 0x2d || code === 0x3f || code === 0x3a) marks++;
  }
  if (marks <= limit) return false;
  const { Lexer, Parser } = yaml();
  const parser = new Parser();
  const tokens: CST.Token[] = [];
  for (const lexeme of new Lexer().lex(block)) {
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (parser.stack.length > limit + STACK_ENTRIES_NOT_NESTING) return true;
  }
  for (const token of parser.end()) tokens.push(token);
  const pending: Array<{ token: CST.Token | null | undefined; depth: number }> = tokens.map((token) => ({ token, depth: 0 }));
  while (pending.length > 0) {
    const { token, depth } = pending.pop() as { token: CST.Token | null | undefined; depth: number };
    if (!token) continue;
    if (token.type === 'document') pending.push({ token: token.value, depth });
    else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      if (depth + 1 > limit) return true;
      for (const item of token.items) pending.push({ token: item.key, depth: depth + 1 }, { token: item.value, depth: depth + 1 });
    }
  }
  return false;
}

/** The front matter block read with the YAML parser: everything but the content. */
export function parseFrontMatterYaml(block: string, messages: PublishMessages = englishPublishMessages): Omit<SplitDocument, 'content'> {
  if (nestsDeeperThan(block, MAX_FRONT_MATTER_DEPTH)) return { target: {}, problems: [messages.frontMatterTooDeep(MAX_FRONT_MATTER_DEPTH)] };
  let document: Document;
  let data: unknown;
  try {
    document = yaml().parseDocument(block);
    const [error] = document.errors;
    if (error) throw error;
    data = document.toJS();
  } catch (error) {
    return { target: {}, problems: [notYaml(error, messages)] };
  }
  const writtenTitle = isRecord(data) ? written(document, ['title'], data.title) : undefined;
  const title = typeof writtenTitle === 'string' && writtenTitle.trim() ? { title: writtenTitle.trim() } : {};
  const wiki = isRecord(data) ? data.wiki : undefined;
  const omit = omitTitleHeading(isRecord(data) ? data : {}, isRecord(wiki) ? wiki : {}, messages);
  if (wiki === undefined || wiki === null) return { target: {}, problems: omit.problems, ...title, ...omit.value };
  if (!isRecord(wiki)) return { target: {}, problems: [messages.frontMatterWikiNotMap()], ...title };
  const keys = readWikiKeys(wiki, (key) => written(document, ['wiki', key], wiki[key]), messages);
  return { ...keys, problems: [...keys.problems, ...omit.problems], ...title, ...omit.value };
}

// The lines the fast path reads: a top-level key and a plain scalar (no YAML indicator, quote, comment or colon in
// it), or a flow sequence of plain words (`tags: [a, b]`); blank lines and comment lines; and a `wiki:` block of the
// keys a publish writes (spaceId, parentId, pageTitle, pageId, overwrite), each on a line of its own at one
// indentation, its value a plain scalar as above or a quoted one without escapes. Anything else (omitTitleHeading, any
// other key under wiki:, an empty or null value, a value a person must be told about) goes to the YAML parser.
// Ends on a character that is not a space, greedily: a lazy body before ` *$` tried every split of a long run of
// spaces (a line `title: a` + 100,000 spaces + `:` took seconds), this one each place once.
const PLAIN_SCALAR = "[^-?:,[\\]{}#&*!|>'\"%@`\\s](?:[^:#\\t,[\\]{}]*[^:#\\t,[\\]{}\\s])?";
const SIMPLE_LINE = new RegExp(`^([A-Za-z_][A-Za-z0-9_-]*):(?: +(${PLAIN_SCALAR}|\\[ *(?:[A-Za-z0-9_][A-Za-z0-9_.-]*(?: *, *[A-Za-z0-9_][A-Za-z0-9_.-]*)*)? *\\]))? *$`);
const SIMPLE_WIKI_LINE = new RegExp(`^( +)(spaceId|parentId|pageTitle|pageId|overwrite):(?: +(?:"([^"\\\\]*)"|'([^']*)'|(${PLAIN_SCALAR})))? *$`);
const SIMPLE_SKIPPED = /^(?: *|#.*)$/;
const YAML_NULL = /^(?:~|null|Null|NULL)$/;
const KEYS_FOR_THE_PARSER = new Set(['omitTitleHeading']);

/**
 * The front matter read without the YAML parser when every line is that simple; undefined otherwise. Exported for
 * its tests, which hold it to what the parser reads.
 */
export function simpleFrontMatter(block: string): Omit<SplitDocument, 'content'> | undefined {
  const keys = new Set<string>();
  let title: string | undefined;
  let pageId: string | undefined;
  const target: PartialTarget = {};
  // The wiki: block's indentation once its first key is read; undefined before, and outside the block.
  let inWiki = false;
  let wikiIndent: string | undefined;
  const wikiKeys = new Set<string>();
  // Line by line as split('\n') cuts them (a last empty line after a final LF included), without the list.
  for (let from = 0; from <= block.length; ) {
    let end = block.indexOf('\n', from);
    if (end === -1) end = block.length;
    const line = block.slice(from, end);
    from = end + 1;
    if (SIMPLE_SKIPPED.test(line)) continue;
    if (inWiki && line.startsWith(' ')) {
      const wikiLine = SIMPLE_WIKI_LINE.exec(line);
      const [, indent, key, doubleQuoted, singleQuoted, plain] = wikiLine ?? [];
      // A key of its own at the block's one indentation, with a value; a continued or nested line is the parser's.
      if (!wikiLine || indent === undefined || key === undefined || (wikiIndent ?? indent) !== indent || wikiKeys.has(key)) return undefined;
      wikiIndent = indent;
      wikiKeys.add(key);
      const value = doubleQuoted ?? singleQuoted ?? plain;
      if (value === undefined || (plain !== undefined && YAML_NULL.test(plain))) return undefined;
      if (key === 'overwrite') {
        // YAML's other spellings of a boolean, and anything that is none, are the parser's to read or refuse.
        if (plain !== 'true' && plain !== 'false') return undefined;
        target.overwrite = plain === 'true';
        continue;
      }
      const text = value.trim();
      if (key === 'pageId') {
        if (!/^\d+$/.test(text)) return undefined;
        pageId = text;
      } else target[key as 'spaceId' | 'parentId' | 'pageTitle'] = text;
      continue;
    }
    // `wiki:` with no key under it holds null, which the parser reads.
    if (inWiki && wikiIndent === undefined) return undefined;
    inWiki = false;
    const match = SIMPLE_LINE.exec(line);
    const key = match?.[1];
    // A key written twice is an error to the YAML parser: it says so.
    if (!match || key === undefined || keys.has(key) || KEYS_FOR_THE_PARSER.has(key)) return undefined;
    keys.add(key);
    const value = match[2];
    if (key === 'wiki') {
      if (value !== undefined) return undefined;
      inWiki = true;
      continue;
    }
    if (key !== 'title' || value === undefined) continue;
    if (value.startsWith('[')) return undefined;
    if (!YAML_NULL.test(value)) title = value.trim();
  }
  if (inWiki && wikiIndent === undefined) return undefined;
  const facts: Omit<SplitDocument, 'content'> = { target, problems: [] };
  if (title) facts.title = title;
  if (pageId !== undefined) facts.pageId = pageId;
  return facts;
}

/**
 * A scalar exactly as written: YAML reads `1.0`, `0x1F` and `0123456` as numbers and would give back "1", "31" and
 * "123456", but a page title or an ID is the text the person typed. null stays null (an empty or `~` value);
 * anything that is not a scalar at `path` comes back as `parsed`, its plain value.
 */
function written(document: Document, path: readonly string[], parsed: unknown): unknown {
  let node: unknown = document.getIn(path, true);
  const { isAlias, isScalar } = yaml();
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
