// The standard conflict markers (as Git writes them), which VS Code's merge-conflict support shows with Accept
// buttons. Pull writes them; publishing refuses a file that still holds them (the wiki would show them as text).

export const OURS_MARKER = '<<<<<<< ours';
export const SEPARATOR_MARKER = '=======';
export const THEIRS_MARKER = '>>>>>>> wiki';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Writes one conflict: the file's side, then the wiki's. */
export function conflictBlock(ours: string, theirs: string): string {
  return `${OURS_MARKER}\n${withNewline(ours)}${SEPARATOR_MARKER}\n${withNewline(theirs)}${THEIRS_MARKER}\n`;
}

function withNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * How many complete conflicts (`<<<<<<<`, `=======`, `>>>>>>>` at the start of lines, in that order) the Markdown
 * holds outside fenced code blocks, where a document about Git may show them on purpose.
 */
export function countConflicts(markdown: string): number {
  if (!markdown.includes('<<<<<<<')) return 0;
  let fence: string | undefined;
  let stage: 0 | 1 | 2 = 0;
  let count = 0;
  for (const line of markdown.split('\n')) {
    const opened = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (opened && opened[0] === fence[0] && opened.length >= fence.length && line.trim() === opened) fence = undefined;
      continue;
    }
    if (opened) {
      fence = opened;
      continue;
    }
    if (stage === 0 && /^<{7}(?!<)/.test(line)) stage = 1;
    else if (stage === 1 && /^={7}\s*$/.test(line)) stage = 2;
    else if (stage === 2 && /^>{7}(?!>)/.test(line)) {
      count++;
      stage = 0;
    }
  }
  return count;
}
