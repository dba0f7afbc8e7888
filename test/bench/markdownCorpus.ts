// Deterministic, realistic Markdown of a requested size: front matter naming the target, headings, paragraphs with
// inline formatting and public links, lists, fenced code, tables and quotes. The same size always gives the same text.
import { seeded } from '../support/seeded';

export interface CorpusTarget {
  spaceId: string;
  parentId: string;
  pageTitle: string;
}

const WORDS = (
  'release publish page import token wiki service request response header client server space parent title ' +
  'content markdown section table list value option setting proxy retry deadline status update create version ' +
  'the a of to and in for with on is are be this that each when only every before after between across'
).split(' ');

const LANGUAGES = ['ts', 'json', 'bash', 'yaml'] as const;

class Writer {
  constructor(private readonly random: () => number) {}

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.random() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  words(count: number): string {
    return Array.from({ length: count }, () => this.pick(WORDS)).join(' ');
  }

  sentence(): string {
    const text = this.words(this.int(6, 16));
    const decorated = this.decorate(text);
    return `${decorated.charAt(0).toUpperCase()}${decorated.slice(1)}.`;
  }

  paragraph(): string {
    return Array.from({ length: this.int(3, 6) }, () => this.sentence()).join(' ');
  }

  private decorate(text: string): string {
    const roll = this.random();
    const word = this.pick(WORDS);
    if (roll < 0.15) return `${text} **${word}**`;
    if (roll < 0.25) return `${text} \`${word}()\``;
    if (roll < 0.35) return `${text} [${word} guide](https://docs.example.com/${word}/${this.int(1, 999)})`;
    if (roll < 0.4) return `${text} _${word}_`;
    return text;
  }
}

function section(w: Writer, index: number): string {
  const parts = [`## ${index}. ${w.words(3)}`, w.paragraph(), w.paragraph()];
  const extra = index % 5;
  if (extra === 0) parts.push(Array.from({ length: w.int(3, 6) }, () => `- ${w.words(w.int(4, 10))}`).join('\n'));
  if (extra === 1) parts.push(Array.from({ length: w.int(3, 5) }, (_, i) => `${i + 1}. ${w.sentence()}`).join('\n'));
  if (extra === 2) parts.push(codeBlock(w));
  if (extra === 3) parts.push(table(w));
  if (extra === 4) {
    parts.push(`> ${w.sentence()}`, `### ${w.words(2)}`, `![${w.words(2)}](https://images.example.com/diagram-${index}.png)`);
  }
  parts.push(w.paragraph());
  return parts.join('\n\n');
}

function codeBlock(w: Writer): string {
  const lines = Array.from({ length: w.int(4, 10) }, (_, i) => `const ${w.pick(WORDS)}${i} = await ${w.pick(WORDS)}("${w.words(2)}");`);
  return ['```' + w.pick(LANGUAGES), ...lines, '```'].join('\n');
}

function table(w: Writer): string {
  const rows = Array.from({ length: w.int(3, 6) }, () => `| ${w.pick(WORDS)} | ${w.int(1, 5000)} | ${w.words(4)} |`);
  return ['| Name | Count | Notes |', '| --- | ---: | --- |', ...rows].join('\n');
}

/** A document of at least `minBytes` UTF-8 bytes (it stops after the section that reaches the size). */
export function generateMarkdown(minBytes: number, target: CorpusTarget): string {
  const w = new Writer(seeded(minBytes));
  const frontMatter = [
    '---',
    'wiki:',
    `  spaceId: ${target.spaceId}`,
    `  parentId: "${target.parentId}"`,
    `  pageTitle: ${target.pageTitle}`,
    '  overwrite: true',
    '---',
    '',
  ].join('\n');
  const parts = [frontMatter, `# ${target.pageTitle}`, w.paragraph()];
  let bytes = Buffer.byteLength(parts.join('\n\n'));
  for (let index = 1; bytes < minBytes; index++) {
    const next = section(w, index);
    parts.push(next);
    bytes += Buffer.byteLength(next) + 2;
  }
  return `${parts.join('\n\n')}\n`;
}
