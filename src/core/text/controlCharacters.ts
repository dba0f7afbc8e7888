// Text from a repository (a file's name, a title, a message quoting either) in a line printed on a terminal or in a CI
// log. A line feed in a file's name started a line of its own that read as the tool's (`updated ...`, or on GitHub a
// workflow command `::error::...` that the runner obeys), and a carriage return or an escape sequence rewrote what the
// reader saw. Such characters are written as JSON writes them (\n, \r, \u001b), as the titles in those lines already
// are; a tab stays. A bidirectional control, which reorders the rest of the line, is shown as "<U+202E>" as in every
// text people read (bidiControls.ts). The plan's Markdown, the JUnit report and --json escape by their own rules.
import { showBidiControls } from './bidiControls';

// C0 controls but tab, DEL, C1 controls (0x9b starts an escape sequence on some terminals), and the line and paragraph
// separators that some log viewers break lines at.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
const CONTROL_BUT_LINE_FEED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROLS_BUT_LINE_FEED = new RegExp(CONTROL_BUT_LINE_FEED.source, 'g');

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\b': '\\b', '\f': '\\f' };

function escapeOne(character: string): string {
  return NAMED[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * The text with every control character escaped: one line that shows what it holds. `keepLineFeeds`: for text whose
 * own line feeds are the printer's (a help text, a summary and the digest line below it), with nothing from a file in
 * a line of its own. Text without such characters comes back as it is, without a copy.
 */
export function escapeControlCharacters(text: string, keepLineFeeds = false): string {
  const test = keepLineFeeds ? CONTROL_BUT_LINE_FEED : CONTROL;
  return showBidiControls(test.test(text) ? text.replace(keepLineFeeds ? CONTROLS_BUT_LINE_FEED : CONTROLS, escapeOne) : text);
}
