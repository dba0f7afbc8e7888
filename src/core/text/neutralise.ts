// Text that came from a file, a setting, a server or a user must never become clickable or an icon where VS Code
// shows it. Notification messages and quick input messages (an input box's prompt or validation message) turn
// `[label](command:id?args)`, `[label](https://…)` and `[label](file:…)` into live links; status bar text, quick
// input labels and messages turn `$(name)` into codicons; Markdown (MarkdownString tooltips) adds `<scheme:…>`
// autolinks, reference links and raw HTML. Each form needs one exact pair of characters, so one invisible
// character inside the pair breaks it.
//
// Why U+2060 WORD JOINER, rather than look-alike brackets or another zero-width character:
// - it is default-ignorable, so every glyph the user reads is the original one (the service's body stays word
//   for word; look-alikes such as U+FF3D would change the text people read, copy and search for);
// - it is neither whitespace (JavaScript `\s`, CommonMark's Unicode whitespace, VS Code's newline folding) nor a
//   break opportunity (U+200B is), so no renderer trims it away or wraps the line at it;
// - it joins nothing (U+200D ZWJ would fuse neighbouring emoji into one glyph).

import { showBidiControls } from './bidiControls';

const BREAK = '\u2060';

// `](`, `] (`, `]\n(`: an inline link (VS Code's notification regex needs `](` exactly; Markdown allows no gap
// either, but a gap costs nothing to cover). `][` and `]:` are a reference link and a reference definition.
const LINK_CLOSE = /\](?=\s*[([:])/g;
// `<command:x>`, `<https://…>`, `<a@b.c>` and raw HTML (`<a href=…>`, `</x>`, `<!-- -->`, `<?x?>`).
const ANGLE_OPEN = /<(?=[A-Za-z/!?])/g;
// `$(icon)` and `$(icon~spin)`, VS Code's codicon syntax; also breaks the escaped form `\$(…)`.
const ICON_OPEN = /\$(?=\()/g;

/**
 * Makes untrusted text safe to show in a notification (message or modal detail), a quick input title, prompt,
 * label or description, a plain-text tooltip or status bar text: no link, command link or icon can be parsed out
 * of it, and it reads exactly as before. A bidirectional control is shown as "<U+202E>" (bidiControls.ts): a file
 * name or a server's body with one reversed the rest of a notification ("exe.png" read for "gnp.exe"). Plain text
 * without those characters comes back unchanged, and neutralising twice changes nothing more.
 */
export function neutralise(text: string): string {
  return showBidiControls(text).replace(LINK_CLOSE, `]${BREAK}`).replace(ANGLE_OPEN, `<${BREAK}`).replace(ICON_OPEN, `$${BREAK}`);
}

// Every ASCII punctuation character may be backslash-escaped in CommonMark, and an escaped one is always literal.
const MARKDOWN_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
const LINE_BREAKS = /\r\n|\r|\n/g;

/**
 * Escapes untrusted text for a place inside Markdown we build (a MarkdownString tooltip): it renders as the
 * literal text, inline (line breaks become spaces, so it cannot start a heading, list or block of its own).
 * Escaping `:`, `.` and `@` also stops GFM's bare autolinks (`https://…`, `www.…`, `a@b.c`) in VS Code's
 * renderer. A bidirectional control is shown as "<U+202E>" (bidiControls.ts), so it cannot reorder the tooltip's
 * lines. Our own command links stay live only through `isTrusted: { enabledCommands: [...] }`.
 */
export function escapeMarkdown(text: string): string {
  return showBidiControls(text).replace(LINE_BREAKS, ' ').replace(MARKDOWN_PUNCTUATION, '\\$&');
}
