// Why a walk refuses an entry or a file cannot be read, one sentence each, naming it by its label: what the editor's
// confirmation, its log and the command line's plan lines show. They never quote a link's target or a file's content.

export interface WalkMessages {
  link(label: string): string;
  folderLink(label: string): string;
  notRegular(label: string): string;
  linkOutside(label: string): string;
  linkNowhere(label: string): string;
  linkToNotRegular(label: string): string;
  missing(label: string): string;
  unreadable(label: string, why: string): string;
  /** A folder whose entries could not be listed (`why`: the system's code, EACCES, EIO): none of its files is published. */
  unlistable(label: string, why: string): string;
  /** A file that is not UTF-8 text; `why` is one of the reasons below. */
  notUtf8(label: string, why: string): string;
  binaryByte(offset: number): string;
  invalidByte(offset: number): string;
  oddUtf16(): string;
  invalidUtf16(): string;
  /** The file starts with a UTF-32 byte order mark, little- or big-endian. */
  utf32(): string;
  binaryCharacter(offset: number): string;
  /**
   * A file with more bytes than a JavaScript string holds characters, which is not read as text: its size and that
   * limit in megabytes (one decimal). Not an encoding problem, so not one of notUtf8's reasons.
   */
  tooLarge(label: string, megabytes: string, limitMegabytes: string): string;
  /**
   * A file a refused pattern could ignore or hide: `line` of the .gitignore `source`, or (no line) the setting `source`
   * (files.exclude), holds a pattern longer than `max` characters, which is never matched.
   */
  patternRefused(label: string, source: string, line: number | undefined, max: number): string;
  /** What was named (folders, files) holds more Markdown files than one publish plans (publishWalk.ts); `max` as the reader writes numbers. */
  tooManyFiles(named: string, max: string): string;
}

export const englishWalkMessages: WalkMessages = {
  link: (label) => `${label} is a symbolic link; links are not followed, so that a repository cannot publish files from outside it.`,
  folderLink: (label) =>
    `${label} is a symbolic link to a folder; links to folders are not followed, so that a walk cannot loop or leave the repository.`,
  notRegular: (label) => `${label} is not a regular file (a pipe, socket or device); only regular files are read.`,
  linkOutside: (label) =>
    `${label} is a symbolic link that leads outside the working tree; files from outside the repository are not published.`,
  linkNowhere: (label) => `${label} is a symbolic link that leads nowhere.`,
  linkToNotRegular: (label) =>
    `${label} is a symbolic link to something that is not a regular file or folder; only regular files are read.`,
  missing: (label) => `${label} no longer exists.`,
  unreadable: (label, why) => `${label} could not be read: ${why}`,
  unlistable: (label, why) =>
    `${label} is a folder that could not be listed (${why}), so none of its files is published and no page recorded for them is taken as gone. Make it readable to publish it.`,
  notUtf8: (label, why) => `${label} is not UTF-8 text (${why}); save it as UTF-8 to publish it.`,
  binaryByte: (offset) => `it looks binary: a NUL byte at offset ${offset}`,
  invalidByte: (offset) => `invalid byte at offset ${offset}`,
  oddUtf16: () => 'it starts like UTF-16 but has an odd number of bytes',
  invalidUtf16: () => 'it starts like UTF-16 but holds an invalid character',
  utf32: () => 'it is UTF-32 text, by its byte order mark',
  binaryCharacter: (offset) => `it looks binary: a NUL character at offset ${offset}`,
  tooLarge: (label, megabytes, limitMegabytes) =>
    `${label} is too large to read: ${megabytes} MB, more than the ${limitMegabytes} MB that can be read as text. The wiki's page limit is about 1 MB: split it into several files.`,
  patternRefused: (label, source, line, max) =>
    line === undefined
      ? `${label} is refused: ${source} holds a pattern longer than ${max} characters, which is not matched, so whether it hides the file cannot be told. Shorten the pattern to publish the file.`
      : `${label} is refused: line ${line} of ${source} is a pattern longer than ${max} characters, which is not matched, so whether it ignores the file cannot be told. Shorten the line to publish the file.`,
  tooManyFiles: (named, max) =>
    `${named} holds more than ${max} Markdown files, and a publish plans all of its files or none: publish fewer or smaller folders.`,
};
