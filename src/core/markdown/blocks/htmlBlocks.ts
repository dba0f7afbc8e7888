// The seven start conditions of an HTML block and the end conditions of the first five (CommonMark 4.6), read on a
// line from its first non-space character. Kinds 6 and 7 end before a blank line; 7 cannot interrupt a paragraph.
import { CLOSE_TAG, OPEN_TAG } from '../htmlSyntax';

const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|' +
  'frame|frameset|h[123456]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|section|search|summary|' +
  'table|tbody|td|tfoot|th|thead|title|tr|track|ul';

const STARTS: readonly RegExp[] = [
  /^<(?:script|pre|textarea|style)(?:\s|>|$)/i,
  /^<!--/,
  /^<[?]/,
  /^<![A-Za-z]/,
  /^<!\[CDATA\[/,
  new RegExp(`^<[/]?(?:${BLOCK_TAGS})(?:\\s|[/]?[>]|$)`, 'i'),
  new RegExp(`^(?:${OPEN_TAG}|${CLOSE_TAG})\\s*$`, 'i'),
];

const ENDS: readonly RegExp[] = [/<\/(?:script|pre|textarea|style)>/i, /-->/, /\?>/, />/, /\]\]>/];

/** The kind (1 to 7) of HTML block the line's rest `rest` (from its `<`) starts; 0 for none. `mayBeSeventh`: not in a paragraph. */
export function htmlBlockStart(rest: string, mayBeSeventh: boolean): number {
  const last = mayBeSeventh ? 7 : 6;
  for (let type = 1; type <= last; type++) if ((STARTS[type - 1] as RegExp).test(rest)) return type;
  return 0;
}

/** Whether the text `rest` of a line of an HTML block of kind 1 to 5 holds its end condition. */
export function endsHtmlBlock(type: number, rest: string): boolean {
  return (ENDS[type - 1] as RegExp).test(rest);
}
