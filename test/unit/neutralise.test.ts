// neutralise() and escapeMarkdown() against the parsers that would turn untrusted text into links or icons:
// faithful copies of VS Code's own (notifications, quick input messages, labels with icons) and markdown-it for
// Markdown. Each raw form is first shown to parse as a link or icon, so a test cannot pass by testing nothing.
import * as assert from 'node:assert/strict';
import { englishTokenMessages } from '../../src/core/messages/tokenMessages';
import MarkdownIt from 'markdown-it';
import { tokenExpiryState } from '../../src/core/apiToken/expiry';
import { TOOLTIP_COMMANDS, tokenStatusView } from '../../src/core/apiToken/statusView';
import { escapeMarkdown, neutralise } from '../../src/core/text/neutralise';

// --- Copied from VS Code (identical in the 1.100.3 workbench the e2e suite runs, checked in its workbench.js) ---
// microsoft/vscode src/vs/base/common/linkedText.ts: LINK_REGEX and parseLinkedText, used by notification
// messages, quick input messages (quickInputUtils.ts renderQuickInputDescription) and the status bar's hovers.
const LINK_REGEX = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^\)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
function parseLinkedTextHrefs(text: string): string[] {
  const hrefs: string[] = [];
  LINK_REGEX.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = LINK_REGEX.exec(text))) hrefs.push(match[2] ?? '');
  return hrefs;
}
// microsoft/vscode src/vs/workbench/common/notifications.ts: NotificationViewItem.parseNotificationMessage
// cuts the message at 1000 characters, folds newlines into spaces and trims before parsing links.
function notificationLinks(message: string): string[] {
  let text = message.length > 1000 ? `${message.substr(0, 1000)}...` : message;
  text = text.replace(/(\r\n|\n|\r)/gm, ' ').trim();
  return parseLinkedTextHrefs(text);
}
// microsoft/vscode src/vs/base/browser/ui/iconLabel/iconLabels.ts (renderLabelWithIcons) with ThemeIcon's
// iconNameExpression and iconModifierExpression (src/vs/base/common/themables.ts). Group 1 is the escape.
const LABEL_WITH_ICONS = new RegExp(`(\\\\)?\\$\\((${'[A-Za-z0-9-]+'}(?:${'~[A-Za-z]+'})?)\\)`, 'g');
function renderedIcons(text: string): string[] {
  return [...text.matchAll(LABEL_WITH_ICONS)].filter((match) => match[1] === undefined).map((match) => match[2] ?? '');
}
// --- end of copies ---

// html: true is stricter than VS Code's MarkdownString (supportHtml is off by default): raw HTML counts too.
const markdown = new MarkdownIt({ html: true });
const LIVE_ELEMENT = /<(a|img)\b[^>]*>/i;
const WORD_JOINER = /\u2060/g;

interface Form {
  name: string;
  text: string;
  /** Where the raw text is live, so the copy of that parser is shown to find it. */
  liveIn: ReadonlyArray<'notification' | 'markdown' | 'icons'>;
}

const CMD = 'command:workbench.action.openSettings?%5B%22x%22%5D';
const FORMS: Form[] = [
  { name: 'plain command link', text: `[Edit Front Matter](${CMD})`, liveIn: ['notification', 'markdown'] },
  { name: 'in a service sentence', text: `Error: Not Found - The space "[Edit Front Matter](${CMD})" does not exist.`, liveIn: ['notification', 'markdown'] },
  { name: 'double-quoted title', text: `[a](${CMD} "Edit Front Matter")`, liveIn: ['notification', 'markdown'] },
  { name: 'single-quoted title', text: `[a](${CMD} 'Edit')`, liveIn: ['notification', 'markdown'] },
  { name: 'https link', text: '[docs](https://evil.example/x)', liveIn: ['notification', 'markdown'] },
  { name: 'http link', text: '[docs](http://evil.example/x)', liveIn: ['notification', 'markdown'] },
  { name: 'file link', text: '[open](file:///etc/passwd)', liveIn: ['notification'] },
  { name: 'upper case scheme', text: '[a](COMMAND:workbench.action.terminal.new)', liveIn: ['notification', 'markdown'] },
  { name: 'mixed case scheme', text: '[a](CoMmAnD:x?%5B%22y%22%5D)', liveIn: ['notification', 'markdown'] },
  { name: 'URL-encoded JSON arguments', text: '[a](command:x.y?%5B%7B%22a%22%3A1%7D%5D)', liveIn: ['notification', 'markdown'] },
  // VS Code's notification regex takes no "]" inside a label; Markdown does (balanced).
  { name: 'nested brackets', text: '[[x]](command:x)', liveIn: ['markdown'] },
  { name: 'brackets inside the label', text: '[a [b]](command:x)', liveIn: ['markdown'] },
  { name: 'a stray bracket before the link', text: '[[a](command:x)', liveIn: ['notification', 'markdown'] },
  { name: 'escaped closing bracket', text: '[a\\](command:x)', liveIn: ['notification'] },
  { name: 'two links', text: '[a](command:x) and [b](https://y.example)', liveIn: ['notification', 'markdown'] },
  { name: 'image', text: '![a](command:x)', liveIn: ['notification', 'markdown'] },
  { name: 'angle-bracket destination', text: '[a](<command:x>)', liveIn: ['markdown'] },
  { name: 'newline inside the parentheses', text: '[a](\ncommand:x)', liveIn: ['markdown'] },
  { name: 'space between ] and (', text: '[a] (command:x)', liveIn: [] },
  { name: 'newline between ] and (', text: '[a]\n(command:x)', liveIn: [] },
  { name: 'CRLF between ] and (', text: '[a]\r\n(command:x)', liveIn: [] },
  { name: 'autolink', text: '<command:workbench.action.openSettings?%5B%22x%22%5D>', liveIn: ['markdown'] },
  { name: 'upper case autolink', text: '<COMMAND:x>', liveIn: ['markdown'] },
  { name: 'https autolink', text: '<https://evil.example>', liveIn: ['markdown'] },
  { name: 'email autolink', text: '<someone@evil.example>', liveIn: ['markdown'] },
  { name: 'full reference link', text: '[a][r]\n\n[r]: command:x', liveIn: ['markdown'] },
  { name: 'collapsed reference link', text: '[a][]\n\n[a]: command:x', liveIn: ['markdown'] },
  { name: 'shortcut reference link', text: '[a]\n\n[a]: <command:x> "t"', liveIn: ['markdown'] },
  { name: 'raw HTML anchor', text: '<a href="command:x">a</a>', liveIn: ['markdown'] },
  { name: 'raw HTML image', text: '<img src="x" onerror="y">', liveIn: ['markdown'] },
  { name: 'codicon', text: '$(warning) Edit Front Matter', liveIn: ['icons'] },
  { name: 'codicon with modifier', text: '$(sync~spin) working', liveIn: ['icons'] },
  { name: 'escaped codicon', text: '\\$(zap)', liveIn: [] },
  { name: 'link behind 990 characters', text: `${'a'.repeat(990)}[x](command:y)`, liveIn: ['markdown'] },
];

const PLAIN = [
  'Success: Page created successfully',
  'Error: Bad Request - The field "parentId" must be a page ID made of digits only.',
  'Error: Not Found - The parent page 999999 does not exist.',
  'Publishing "Runbook" to space DOCS under parent 123456 (update if it exists)',
  'See note [1] and (2); costs $5 (about); a < b, x <= 3, arrays[0] = 1.',
  'https://wiki.example/pages/123 and file:///tmp/x and command:x stay plain text.',
  'Zeilenumbrüche,\nUnicode ✓ 日本語 and emoji 👩‍💻',
  '',
];

describe('neutralise', () => {
  describe('the copies of the parsers find the raw forms (the tests below are not vacuous)', () => {
    for (const form of FORMS) {
      it(form.name, () => {
        if (form.liveIn.includes('notification')) assert.notDeepEqual(notificationLinks(form.text), [], 'a notification link');
        if (form.liveIn.includes('markdown')) assert.match(markdown.render(form.text), LIVE_ELEMENT, 'a Markdown link');
        if (form.liveIn.includes('icons')) assert.notDeepEqual(renderedIcons(form.text), [], 'an icon');
      });
    }
  });

  describe('no link, command link or icon survives', () => {
    for (const form of FORMS) {
      it(form.name, () => {
        const safe = neutralise(form.text);
        assert.deepEqual(notificationLinks(safe), [], 'notification message');
        assert.deepEqual(parseLinkedTextHrefs(safe), [], 'quick input message (no newline folding)');
        assert.deepEqual(renderedIcons(safe), [], 'label with icons');
        assert.doesNotMatch(markdown.render(safe), LIVE_ELEMENT, 'Markdown');
        assert.equal(safe.replace(WORD_JOINER, ''), form.text, 'reads word for word');
        assert.equal(neutralise(safe), safe, 'neutralising twice changes nothing more');
      });
    }
  });

  it('leaves plain text unchanged', () => {
    for (const text of PLAIN) assert.equal(neutralise(text), text);
  });

  it('shows a bidirectional control as its code point, so a file name or a body cannot reverse the rest of the message', () => {
    const safe = neutralise('Published "bidi\u202Egnp.md" to DOCS: Error: Bad Request - \u2066evil\u2069 body');
    assert.doesNotMatch(safe, /[\u202A-\u202E\u2066-\u2069]/);
    assert.equal(safe.replace(WORD_JOINER, ''), 'Published "bidi<U+202E>gnp.md" to DOCS: Error: Bad Request - <U+2066>evil<U+2069> body');
    assert.equal(neutralise(safe), safe, 'neutralising twice changes nothing more');
  });

  it('keeps a message built from neutralised parts dead when the parts meet', () => {
    // notify.ts neutralises the whole message, so a part ending in "]" next to one starting with "(" is covered.
    assert.deepEqual(notificationLinks(neutralise(`${'[a]'}${'(command:x)'}`)), []);
  });
});

describe('escapeMarkdown', () => {
  /** The text a reader sees: markdown-it's HTML without tags, entities decoded, white space folded. */
  const visibleText = (html: string): string =>
    html.replace(/<[^>]*>/g, '').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
  const fold = (text: string): string => text.replace(/\s+/g, ' ').trim();

  for (const form of FORMS) {
    it(`renders ${form.name} as its literal text`, () => {
      const html = markdown.render(escapeMarkdown(form.text));
      assert.doesNotMatch(html, LIVE_ELEMENT);
      assert.equal(visibleText(html), fold(form.text));
    });
  }

  it('renders Markdown syntax and entities as literal text', () => {
    for (const text of ['# not a heading', '- not a list', '1. not a list', '> not a quote', '**not bold**', '`not code`', '&amp; &#91;', 'a | b', '===', ...PLAIN]) {
      const html = markdown.render(`Value: ${escapeMarkdown(text)}`);
      assert.equal(visibleText(html), fold(`Value: ${text}`), text);
    }
  });

  it('escapes the GFM bare-autolink triggers (":" "." "@") that VS Code\'s renderer would link', () => {
    assert.equal(escapeMarkdown('https://www.evil.example a@b.c'), 'https\\:\\/\\/www\\.evil\\.example a\\@b\\.c');
  });
});

describe('the status bar tooltip', () => {
  it('links only to the commands its MarkdownString trusts, in every state', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    const states = [
      tokenExpiryState({ claims: undefined, now, warningDays: 3 }),
      tokenExpiryState({ claims: 'unreadable', now, warningDays: 3 }),
      tokenExpiryState({ claims: { exp: now / 1000 + 86_400, iat: now / 1000 - 86_400 }, now, warningDays: 3 }),
      tokenExpiryState({ claims: { exp: now / 1000 - 86_400, iat: now / 1000 - 2 * 86_400 }, now, warningDays: 3 }),
    ];
    const sessions = [undefined, { signedIn: false }, { signedIn: true, refreshExpiresAt: now + 86_400_000 }];
    for (const state of states) {
      for (const exportSession of sessions) {
        const html = markdown.render(tokenStatusView(state, englishTokenMessages, { source: 'environment', exportSession, now }).tooltipMarkdown);
        for (const [, href] of html.matchAll(/<a href="([^"]*)"/g)) {
          assert.ok(TOOLTIP_COMMANDS.includes((href ?? '').replace(/^command:/, '')), `${href} is one of our trusted commands`);
        }
      }
    }
  });
});
