// Why a walk refuses an entry, one sentence each, naming it by its label: what the editor's confirmation, its log and
// the command line's plan lines show. They never quote a link's target or a file's content.

export const walkRefusal = {
  link: (label: string): string =>
    `${label} is a symbolic link; links are not followed, so that a repository cannot publish files from outside it.`,
  folderLink: (label: string): string =>
    `${label} is a symbolic link to a folder; links to folders are not followed, so that a walk cannot loop or leave the repository.`,
  notRegular: (label: string): string =>
    `${label} is not a regular file (a pipe, socket or device); only regular files are read.`,
  linkOutside: (label: string): string =>
    `${label} is a symbolic link that leads outside the working tree; files from outside the repository are not published.`,
  linkNowhere: (label: string): string => `${label} is a symbolic link that leads nowhere.`,
  linkToNotRegular: (label: string): string =>
    `${label} is a symbolic link to something that is not a regular file or folder; only regular files are read.`,
  missing: (label: string): string => `${label} no longer exists.`,
  unreadable: (label: string, why: string): string => `${label} could not be read: ${why}`,
} as const;
