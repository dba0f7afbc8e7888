// A reason said of many files is said once (issue 82): a tree whose parent page is gone refuses every page with one
// long sentence, and a plan that repeated it on each of 18 rows hid what differs between them. Sentences are the same
// when they differ only by the file's own path or quoted title ("the front matter of docs/a.md names ..."); such a
// sentence is shown with those parts as placeholders.
import { inlineText } from './markdownText';

/** Where a sentence names its file or its title: what tells two files' sentences apart only by whose they are. */
const FILE = '\u0000file\u0000';
const TITLE = '\u0000title\u0000';

/** The sentence as a key that is the same for every file it is said of (their paths and titles left out). */
function reasonKey(sentence: string, file: string, title: string | undefined): string {
  // The quoted title first: it may hold the path (a title made from a file's name).
  let key = title !== undefined && title.length > 1 ? sentence.split(`"${title}"`).join(TITLE) : sentence;
  // The path as a whole, not inside a longer one (a folder page's `docs/guide/` in `docs/guide/setup.md`).
  if (file !== '' && key.includes(file)) key = key.replace(new RegExp(`(?<![\\w./-])${escapeRegExp(file)}(?![\\w/-]|\\.\\w)`, 'g'), FILE);
  return key;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A shared sentence in Markdown: its placeholders in italics, the rest as inert text. */
function sentenceMarkdown(key: string): string {
  return key.split(FILE).map((piece) => piece.split(TITLE).map(inlineText).join('"*its title*"')).join('*the file*');
}

/** Files listed by name under a shared reason; the others are counted (each of their rows names the reason). */
const FILES_LISTED = 30;

interface Group {
  key: string;
  /** The sentence as the first file says it. */
  said: string;
  files: string[];
  /** Its number in the list of shared reasons, once a row names it. */
  number?: number;
}

/**
 * The sentences of a table's rows that several rows say: a row names such a sentence by its number, and the list after
 * the table says each once, with the files it is said of. A sentence only one row says stays in that row.
 */
export class SharedReasons {
  private readonly groups = new Map<string, Group>();
  private readonly numbered: Group[] = [];

  constructor(rows: ReadonlyArray<{ file: string; title?: string; reasons: readonly string[] }>) {
    for (const row of rows) {
      for (const reason of row.reasons) {
        const key = reasonKey(reason, row.file, row.title);
        const group = this.groups.get(key);
        if (!group) this.groups.set(key, { key, said: reason, files: [row.file] });
        else if (group.files[group.files.length - 1] !== row.file) group.files.push(row.file);
      }
    }
  }

  /** What a row says for one of its reasons: the sentence, or the number of the shared reason it is (listed `where`). */
  note(reason: string, file: string, title: string | undefined, where: 'below' | 'above' = 'below'): string {
    const group = this.groups.get(reasonKey(reason, file, title));
    if (!group || group.files.length < 2) return reason;
    if (group.number === undefined) {
      this.numbered.push(group);
      group.number = this.numbered.length;
    }
    return `reason ${group.number} (${where})`;
  }

  /** The list of the shared reasons the rows named, each once with its files; none when no row named one. */
  lines(): string[] {
    if (this.numbered.length === 0) return [];
    return ['#### Reasons shared by several files', '', ...this.numbered.map((group) => `${group.number}. ${sentenceMarkdown(group.key)} ${filesText(group.files, `reason ${group.number}`)}`), ''];
  }
}

/** "— **3 files:** a.md, b.md, c.md", the first FILES_LISTED of them named. */
function filesText(files: readonly string[], name?: string): string {
  const listed = files.slice(0, FILES_LISTED).map(inlineText).join(', ');
  const more = files.length > FILES_LISTED ? `, and ${files.length - FILES_LISTED} more${name === undefined ? '' : ` (their rows say ${name})`}` : '';
  return `— **${files.length} files:** ${listed}${more}`;
}

/**
 * Cautions as a list: one said of several files once, with the files; one said of one file with that file, as
 * before. In the order the files have them.
 */
export function groupedCautionLines(records: ReadonlyArray<{ file: string; title?: string; cautions: readonly string[] }>): string[] {
  const groups = new Map<string, Group>();
  for (const record of records) {
    for (const caution of record.cautions) {
      const key = reasonKey(caution, record.file, record.title);
      const group = groups.get(key);
      if (!group) groups.set(key, { key, said: caution, files: [record.file] });
      else if (group.files[group.files.length - 1] !== record.file) group.files.push(record.file);
    }
  }
  return [...groups.values()].map((group) => group.files.length === 1
    ? `- **${inlineText(group.files[0] as string)}**: ${inlineText(group.said)}`
    : `- ${sentenceMarkdown(group.key)} ${filesText(group.files)}`);
}

/** A sentence long enough that a text plan says it once and points back to it after (about a line of a terminal). */
const LONG_SENTENCE = 80;

/**
 * For a text plan, which prints each file's line as it goes: a long sentence said of an earlier file word for word is
 * not said again; the line names that file instead. (One that differs by the file it names is said again: a reader
 * of a log goes by the words it sees, and "the same as for" a sentence naming another file would mislead.)
 */
export class SaidBefore {
  private readonly firstFile = new Map<string, string>();

  /** The sentence, or where it was said before: "the same as for docs/a.md, above". */
  say(sentence: string, file: string): string {
    if (sentence.length < LONG_SENTENCE) return sentence;
    const earlier = this.firstFile.get(sentence);
    if (earlier === undefined) {
      this.firstFile.set(sentence, file);
      return sentence;
    }
    return `the same as for ${earlier}, above`;
  }
}
