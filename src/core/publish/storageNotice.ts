// Where the publish notice's marker is in a page's storage body (the wiki's XHTML), as Pull finds the notice in its
// Markdown (noticeTakenOff.ts): in a paragraph directly in the page, in the notice's emphasis, the last such one. A
// marker quoted in a code block (a macro's CDATA, <pre>, <code>), a quote, a list, a table, or a paragraph a colleague
// wrote below the notice ("moved here from <a href="...#marker">") is not the page's. Nor is one quoted in an HTML
// comment or block of the file: the importer escapes raw HTML and shows it as text, so its Markdown comes out as
// paragraphs, the first starting with the escaped `<!--` or tag, and for a comment (or a `<pre>`, `<script>`...) that
// holds blank lines, more paragraphs up to the one with its escaped end. With the notice off, such a quote was read
// as the page's notice, and the file's own page was held back as another's at every publish. An opener the file
// escaped (`\<!--` in docs about HTML) reads the same in storage, and its end never comes: a run whose escaped end is
// nowhere after it stops at the next rule directly in the page. A block the file left open runs to its end in the
// Markdown, but a publish with the notice closes it before the notice's rule (closingLine.ts), so that rule is always
// the notice's own: read to the end, such a run hid the page's notice and held the file's page back for good.
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
  // Where it starts, and whether it is raw HTML shown as text: starting so, or in the run of a raw HTML block that goes
  // on over blank lines, which ends where its escaped end is (`until`), or when that is nowhere, at the next rule.
  let paragraphStart = 0;
  let rawHtml = false;
  let run: { until: number } | 'untilRule' | undefined;
  const ends = new RawHtmlEnds(storage);
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
        if (rawHtml && run === undefined) {
          const text = storage.slice(paragraphStart, lt);
          const kind = RAW_HTML_OPENERS.find(([opener]) => opener.test(text));
          if (kind !== undefined) {
            const until = ends.after(kind[1], paragraphStart);
            if (until === -1) run = 'untilRule';
            else if (until > lt) run = { until };
          }
        }
        if (paragraph !== undefined && !rawHtml) found = paragraph;
      }
      continue;
    }
    look(storage.slice(lt, end));
    if (name === 'hr' && depth === 0 && run === 'untilRule') run = undefined;
    if (storage[end - 2] === '/' || VOID.has(name)) continue;
    if (name === 'p' && depth === 0) {
      inParagraph = true;
      paragraph = undefined;
      paragraphStart = end;
      if (typeof run === 'object' && run.until <= end) run = undefined;
      rawHtml = run !== undefined || RAW_HTML_START.test(storage.slice(end, end + 40));
    }
    open.push(name);
    opened(name, 1);
    if (QUOTING.has(name)) depth++;
  }
  // A body cut off inside the paragraph: what it holds so far.
  return inParagraph && paragraph !== undefined && !rawHtml ? paragraph : found;
}

/**
 * Where the escaped end of a raw HTML block's kind is first found in `storage` after a place: -1 when nowhere. Each
 * kind's last answer is kept, so that a page of many openers is searched once over for each kind.
 */
class RawHtmlEnds {
  private readonly kept = new Map<RegExp, { from: number; start: number; at: number }>();

  constructor(private readonly storage: string) {}

  /** The index just past the first match of `end` that starts at or after `from`, or -1. */
  after(end: RegExp, from: number): number {
    const kept = this.kept.get(end);
    if (kept !== undefined && kept.from <= from && (kept.at === -1 || kept.start >= from)) return kept.at;
    const search = new RegExp(end.source, 'gi');
    search.lastIndex = from;
    const match = search.exec(this.storage);
    const answer = match === null ? { from, start: -1, at: -1 } : { from, start: match.index, at: match.index + match[0].length };
    this.kept.set(end, answer);
    return answer.at;
  }
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
