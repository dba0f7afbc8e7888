// Where the publish notice's marker is in a page's storage body (the wiki's XHTML), as Pull finds the notice in its
// Markdown (noticeTakenOff.ts): in a paragraph directly in the page, in the notice's emphasis, the last such one. A
// marker quoted in a code block (a macro's CDATA, <pre>, <code>), a quote, a list, a table, or a paragraph a colleague
// wrote below the notice ("moved here from <a href="...#marker">") is not the page's. Nor is one quoted in an HTML
// comment or block of the file: the importer escapes raw HTML and shows it as text, so its Markdown comes out as
// paragraphs, the first starting with the escaped `<!--` or tag, and for a comment (or a `<pre>`, `<script>`...) that
// holds blank lines, more paragraphs up to the one with its escaped end. With the notice off, such a quote was read
// as the page's notice, and the file's own page was held back as another's at every publish.
/**
 * The match of `marker` (not global) for the page's notice in `storage`, or undefined when it has none. One pass over
 * the body: each element is opened and closed once.
 */
export function noticeMarkerIn(storage: string, marker: RegExp): RegExpExecArray | undefined {
  let found: RegExpExecArray | undefined;
  const open: string[] = [];
  const openCount = new Map<string, number>();
  const count = (name: string): number => openCount.get(name) ?? 0;
  const opened = (name: string, by: number): void => {
    openCount.set(name, count(name) + by);
  };
  // The top-level paragraph being read: whether it holds a marker in its emphasis, and which.
  let paragraph: RegExpExecArray | undefined;
  let inParagraph = false;
  // Where it starts, whether it is raw HTML shown as text, and the escaped end a raw HTML block it is in waits for.
  let paragraphStart = 0;
  let rawHtml = false;
  let rawHtmlEnd: RegExp | undefined;
  const look = (segment: string): void => {
    if (!inParagraph || (count('em') === 0 && count('i') === 0) || count('code') > 0) return;
    const match = marker.exec(segment);
    if (match !== null) paragraph = match;
  };
  // How many QUOTING elements are open.
  let depth = 0;
  const unclosed = new Set<string>();
  let at = 0;
  while (at < storage.length) {
    const lt = storage.indexOf('<', at);
    if (lt === -1) {
      look(storage.slice(at));
      break;
    }
    if (lt > at) look(storage.slice(at, lt));
    const skipped = skippedSection(storage, lt, unclosed);
    if (skipped !== undefined) {
      at = skipped;
      continue;
    }
    const gt = storage.indexOf('>', lt);
    const end = gt === -1 ? storage.length : gt + 1;
    const tag = /^<(\/?)([A-Za-z][\w:.-]*)/.exec(storage.slice(lt, Math.min(end, lt + 80)));
    at = end;
    if (tag === null) continue;
    const name = (tag[2] as string).toLowerCase();
    if (tag[1] === '/') {
      if (count(name) === 0) continue;
      // Elements left open inside it close with it.
      for (let closing = open.pop(); closing !== undefined; closing = open.pop()) {
        opened(closing, -1);
        if (QUOTING.has(closing)) depth--;
        if (closing === name) break;
      }
      if (name === 'p' && depth === 0 && inParagraph) {
        inParagraph = false;
        const text = storage.slice(paragraphStart, lt);
        if (rawHtmlEnd === undefined && rawHtml) rawHtmlEnd = RAW_HTML_OPENERS.find(([opener]) => opener.test(text))?.[1];
        if (rawHtmlEnd !== undefined && rawHtmlEnd.test(text)) {
          rawHtmlEnd = undefined;
          rawHtml = true;
        }
        if (paragraph !== undefined && !rawHtml && rawHtmlEnd === undefined) found = paragraph;
      }
      continue;
    }
    look(storage.slice(lt, end));
    if (storage[end - 2] === '/' || VOID.has(name)) continue;
    if (name === 'p' && depth === 0) {
      inParagraph = true;
      paragraph = undefined;
      paragraphStart = end;
      rawHtml = RAW_HTML_START.test(storage.slice(end, end + 40));
    }
    open.push(name);
    opened(name, 1);
    if (QUOTING.has(name)) depth++;
  }
  // A body cut off inside the paragraph: what it holds so far.
  return inParagraph && paragraph !== undefined && !rawHtml && rawHtmlEnd === undefined ? paragraph : found;
}

/**
 * The end of a CDATA section or comment starting at `at` (code a macro holds, text no one reads), if one does. One left
 * open (never in the wiki's XHTML; raw HTML a renderer passed through) is read as text from after its opener.
 */
function skippedSection(storage: string, at: number, unclosed: Set<string>): number | undefined {
  for (const [start, end] of SKIPPED) {
    if (!storage.startsWith(start, at)) continue;
    // Looked for once in vain, an end is not there after any later opener either: not searched for from each.
    const close = unclosed.has(end) ? -1 : storage.indexOf(end, at + start.length);
    if (close !== -1) return close + end.length;
    unclosed.add(end);
    return at + start.length;
  }
  return undefined;
}

// `<` as the storage escapes it: an entity, named or numbered.
const LT = '(?:&lt;|&#0*60;|&#x0*3c;)';
// `>` as the storage escapes it in text (a bare one ends a tag); a comment's `-->` may stand bare, no tag ends so.
const GT = '(?:&gt;|&#0*62;|&#x0*3e;)';
// A paragraph's start that is an HTML block's in the Markdown (CommonMark 4.6): a comment, processing instruction,
// declaration, CDATA, or a tag (opening or closing).
const RAW_HTML_START = new RegExp(`^\\s*${LT}(?:!--|\\?|![A-Za-z]|!\\[CDATA\\[|/?[A-Za-z])`, 'i');
// The HTML blocks that go on over blank lines (kinds 1 to 5): the start, and the escaped end that closes each.
const RAW_HTML_OPENERS: ReadonlyArray<[RegExp, RegExp]> = [
  [new RegExp(`^\\s*${LT}!--`, 'i'), new RegExp(`--(?:${GT}|>)`, 'i')],
  [new RegExp(`^\\s*${LT}(script|pre|style|textarea)\\b`, 'i'), new RegExp(`${LT}/(?:script|pre|style|textarea)${GT}`, 'i')],
  [new RegExp(`^\\s*${LT}\\?`, 'i'), new RegExp(`\\?${GT}`, 'i')],
  [new RegExp(`^\\s*${LT}!\\[CDATA\\[`, 'i'), new RegExp(`\\]\\]${GT}`, 'i')],
  [new RegExp(`^\\s*${LT}![A-Za-z]`, 'i'), new RegExp(GT, 'i')],
];

// The elements a paragraph in which is quoted, not the page's own: anything else (a page's layout sections, a <div>,
// raw HTML a page shows left open) leaves it the page's.
const QUOTING = new Set(['blockquote', 'ul', 'ol', 'li', 'dl', 'table', 'pre', 'ac:structured-macro', 'ac:task-list']);
const SKIPPED: ReadonlyArray<[string, string]> = [['<![CDATA[', ']]>'], ['<!--', '-->']];
const VOID = new Set(['br', 'hr', 'img', 'col', 'input', 'meta', 'link', 'area', 'base', 'wbr', 'source', 'track', 'embed', 'param']);
