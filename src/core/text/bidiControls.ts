// Bidirectional formatting characters in text from a file, a setting or the wiki. An override (U+202E) or an isolate
// (U+2066-U+2069) reorders what a reader sees, up to the end of its line or cell: "docs/\u202Edm.exe" reads as
// "docs/exe.md", and a title can turn a row's "refused" around. They are never passed on raw to what people read
// (Markdown, tooltips, annotations, reports, log lines): each is written as its code point, "<U+202E>", so a reviewer
// sees that it was there and where. The directional marks (U+200E, U+200F, U+061C) reorder less, but are just as
// invisible, and shown the same way.

const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'g');

function shown(control: string): string {
  return `<U+${control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>`;
}

/**
 * The text with every bidirectional control written as "<U+XXXX>" (plain text: a target that gives "<" a meaning
 * escapes the result by its own rules). Text without one comes back as it is, without a copy.
 */
export function showBidiControls(text: string): string {
  return BIDI_CONTROL.test(text) ? text.replace(BIDI_CONTROLS, shown) : text;
}
