// How the sandbox's export writes a page's Markdown. 'stored' gives back the Markdown as imported; 'converted'
// writes it the way a real wiki's export does after turning its own document format back into Markdown (service
// facts: "close to what was imported, not byte-identical"): `*` bullets, `_em_`, intra-word underscores escaped,
// a blank line after each heading, runs of blank lines collapsed, trailing spaces gone. Code blocks stay as they are.

export type ExportStyle = 'stored' | 'converted';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export function renderExport(markdown: string, style: ExportStyle): string {
  return style === 'stored' ? markdown : convertedMarkdown(markdown);
}

export function convertedMarkdown(markdown: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  let afterHeading = false;
  for (const raw of markdown.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n')) {
    const opened = FENCE.exec(raw)?.[1];
    if (fence !== undefined) {
      out.push(raw);
      if (opened && opened[0] === fence[0] && opened.length >= fence.length && raw.trim() === opened) fence = undefined;
      continue;
    }
    const line = raw.replace(/\s+$/, '');
    if (line === '') {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('');
      afterHeading = false;
      continue;
    }
    if (afterHeading) out.push('');
    if (opened) {
      fence = opened;
      out.push(line);
      afterHeading = false;
      continue;
    }
    out.push(convertLine(line));
    afterHeading = /^#{1,6}\s/.test(line);
  }
  return `${out.join('\n')}\n`;
}

function convertLine(line: string): string {
  return line
    .replace(/^(\s*)[-+](?=\s)/, '$1*')
    .replace(/(\w)_(?=\w)/g, '$1\\_')
    .replace(/(^|[^*\w\\])\*(?!\*|\s)([^*\n]*?[^*\s\\])\*(?!\*)/g, '$1_$2_');
}
