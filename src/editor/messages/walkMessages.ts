// The core's walk refusals in the user's language (one literal vscode.l10n.t call per entry), typed as the core's
// catalogue so a missing entry does not compile.
import * as vscode from 'vscode';
import type { WalkMessages } from '../../core/messages/walkMessages';

export const editorWalkMessages: WalkMessages = {
  link: (label) => vscode.l10n.t('{0} is a symbolic link; links are not followed, so that a repository cannot publish files from outside it.', label),
  folderLink: (label) =>
    vscode.l10n.t('{0} is a symbolic link to a folder; links to folders are not followed, so that a walk cannot loop or leave the repository.', label),
  notRegular: (label) => vscode.l10n.t('{0} is not a regular file (a pipe, socket or device); only regular files are read.', label),
  linkOutside: (label) =>
    vscode.l10n.t('{0} is a symbolic link that leads outside the working tree; files from outside the repository are not published.', label),
  linkNowhere: (label) => vscode.l10n.t('{0} is a symbolic link that leads nowhere.', label),
  linkToNotRegular: (label) =>
    vscode.l10n.t('{0} is a symbolic link to something that is not a regular file or folder; only regular files are read.', label),
  missing: (label) => vscode.l10n.t('{0} no longer exists.', label),
  unreadable: (label, why) => vscode.l10n.t('{0} could not be read: {1}', label, why),
  unlistable: (label, why) =>
    vscode.l10n.t('{0} is a folder that could not be listed ({1}), so none of its files is published and no page recorded for them is taken as gone. Make it readable to publish it.', label, why),
  notUtf8: (label, why) => vscode.l10n.t('{0} is not UTF-8 text ({1}); save it as UTF-8 to publish it.', label, why),
  binaryByte: (offset) => vscode.l10n.t('it looks binary: a NUL byte at offset {0}', offset),
  invalidByte: (offset) => vscode.l10n.t('invalid byte at offset {0}', offset),
  oddUtf16: () => vscode.l10n.t('it starts like UTF-16 but has an odd number of bytes'),
  invalidUtf16: () => vscode.l10n.t('it starts like UTF-16 but holds an invalid character'),
  utf32: () => vscode.l10n.t('it is UTF-32 text, by its byte order mark'),
  binaryCharacter: (offset) => vscode.l10n.t('it looks binary: a NUL character at offset {0}', offset),
  tooLarge: (label, megabytes, limitMegabytes) =>
    vscode.l10n.t('{0} is too large to read: {1} MB, more than the {2} MB that can be read as text. The wiki\'s page limit is about 1 MB: split it into several files.', label, megabytes, limitMegabytes),
  patternRefused: (label, source, line, max) =>
    line === undefined
      ? vscode.l10n.t('{0} is refused: {1} holds a pattern longer than {2} characters, which is not matched, so whether it hides the file cannot be told. Shorten the pattern to publish the file.', label, source, max)
      : vscode.l10n.t('{0} is refused: line {1} of {2} is a pattern longer than {3} characters, which is not matched, so whether it ignores the file cannot be told. Shorten the line to publish the file.', label, line, source, max),
  tooManyFiles: (named, max) =>
    vscode.l10n.t('{0} holds more than {1} Markdown files, and a publish plans all of its files or none: publish fewer or smaller folders.', named, max),
};
