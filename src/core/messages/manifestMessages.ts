// Why a page manifest (.wiki-pages.json) is refused, naming the file, and why a key or entry of it is bad (the
// lower-case reasons go after "has a bad entry "x": "). Each says how to fix it: a manifest is never read as fewer pages.

export interface ManifestMessages {
  conflictMarkers(name: string): string;
  notJson(name: string, detail: string): string;
  notObject(name: string): string;
  newerVersion(name: string, version: number, readable: number): string;
  notAManifest(name: string, version: number): string;
  /** More entries, or more text, than any tree a run can publish records: refused before it is checked on the wiki. */
  tooLarge(name: string, what: string, limit: string): string;
  unknownField(name: string, field: string): string;
  noPages(name: string): string;
  listedTwice(name: string, key: string): string;
  badEntry(name: string, key: string, problem: string): string;
  /** Two keys record one page ID: `first` and `second` in the file's order. */
  idTwice(name: string, first: string, second: string, id: string): string;
  /** A key records the page the whole folder maps to ("parent"): that page is never one of the tree's. */
  parentListed(name: string, key: string, id: string): string;
  noSpace(name: string): string;
  noParent(name: string): string;
  cannotRead(name: string, detail: string): string;
  /** The manifest is a symbolic link ('link') or a pipe, socket or device ('notRegular'): never read. */
  notRegularFile(name: string, why: 'link' | 'notRegular'): string;

  keyEmpty(): string;
  keyBackslash(): string;
  keyAbsolute(): string;
  keyLeaves(): string;
  keyNotNormalised(): string;
  /** A key that is neither a Markdown file's path nor a folder's (`__proto__`, `constructor`, `notes.txt`): no page's. */
  keyNotAPage(extensions: string): string;
  /** Such a key as read (`at`: with its line): set aside, never used, the rest of the manifest used. */
  keySetAside(at: string, key: string, extensions: string): string;
  /** The manifest (`at`: with the entry's line) records `key`, which is the file `path` in another case only: never this file's. */
  keyOtherCase(at: string, key: string, path: string): string;
  entryNotObject(): string;
  entryNoId(): string;
  /** `id` as the file has it, quoted as JSON. */
  entryBadId(id: string): string;
  entryBadTitle(): string;
  entryUnknownField(field: string): string;

  /** A page to record whose ID is not one: a fault in the caller, still said in words. */
  idNotDigits(id: string): string;
  cannotRecord(key: string, problem: string): string;
  notARootTarget(root: string): string;
  /**
   * After a run: the manifest could not be written (`reason`, a clause without its full stop: text/reasonClause.ts). The pages
   * landed all the same; `count` page IDs are not in it (`listing`: "key = page ID, ..."), which the user can add by hand.
   */
  notWritten(name: string, reason: string, count: number, listing: string): string;
}

export const englishManifestMessages: ManifestMessages = {
  conflictMarkers: (name) => `${name} has merge conflict markers; resolve them (keep both sides' entries) and run again.`,
  notJson: (name, detail) => `${name} is not valid JSON (${detail}). Fix it, or restore it from git.`,
  notObject: (name) => `${name} is not a JSON object. Fix it, or restore it from git.`,
  newerVersion: (name, version, readable) => `${name} is version ${version}; this wiki-publisher reads version ${readable}. Update wiki-publisher.`,
  notAManifest: (name, version) => `${name} is not a wiki-publisher page manifest ("version": ${version} is missing).`,
  tooLarge: (name, what, limit) => `${name} is too large to be a tree's record (${what}; a tree records at most ${limit}): it is not used, and nothing is sent to a page it names. Restore it from the last commit that published the tree, or remove it (the next publish finds or creates the pages and records them).`,
  unknownField: (name, field) => `${name} has an unknown field "${field}".`,
  noPages: (name) => `${name} has no "pages" object.`,
  listedTwice: (name, key) => `${name} lists "${key}" twice; keep one of them (for a page, the one whose page the wiki should keep).`,
  badEntry: (name, key, problem) => `${name} has a bad entry "${key}": ${problem}.`,
  idTwice: (name, first, second, id) => `${name} records page ${id} for both "${first}" and "${second}", but a page is the page of one file or folder only. Remove the wrong entry: the next publish of the folder as a tree, with page access, finds that file's page on the wiki by its title (or creates it) and records it again.`,
  parentListed: (name, key, id) => `${name} records page ${id} both as the tree's parent page ("parent") and for "${key}", but the parent page is never a page of the tree: the folder's files and subfolders become its children. Remove the wrong entry: the next publish of the folder as a tree, with page access, finds that file's page on the wiki by its title (or creates it) and records it again.`,
  noSpace: (name) => `${name} has no "space" (the space key of its pages), or an empty one.`,
  noParent: (name) => `${name} has no "parent", or one that is not a page ID (digits in quotes).`,
  cannotRead: (name, detail) => `${name} cannot be read (${detail}).`,
  notRegularFile: (name, why) =>
    why === 'link'
      ? `${name} is a symbolic link; it is not followed, so that a repository cannot make the publisher read a file from outside it. Replace the link with the file itself, or restore it from git.`
      : `${name} is not a regular file (a folder, pipe, socket or device); only regular files are read. Replace it with the file itself, or restore it from git.`,

  keyEmpty: () => 'it is empty (the folder itself is "parent")',
  keyBackslash: () => 'it has a backslash (keys are \'/\'-separated)',
  keyAbsolute: () => 'it is absolute (keys are relative to the manifest\'s folder)',
  keyLeaves: () => 'it leaves the folder ("..")',
  keyNotNormalised: () => 'it is not normalised (an empty or "." part)',
  keyOtherCase: (at, key, path) =>
    `${at} records "${key}", not "${path}": keys name files with their case, so that entry is not this file's and its page is not used. If the file was renamed, correct the key.`,
  keyNotAPage: (extensions) => `it names neither a Markdown file (${extensions}) nor a folder (a key ending in "/"), so no page of the tree can be its`,
  keySetAside: (at, key, extensions) =>
    `${at} has an entry "${key}" that names neither a Markdown file (${extensions}) nor a folder (a key ending in "/"): no page of the tree can be its, so it is not used. Remove the entry.`,
  entryNotObject: () => 'it is not an object like {"id": "123", "title": "…"}',
  entryNoId: () => 'it has no "id"',
  entryBadId: (id) => `its "id" ${id} is not a page ID (digits in quotes)`,
  entryBadTitle: () => 'its "title" is not text',
  entryUnknownField: (field) => `it has an unknown field "${field}"`,

  idNotDigits: (id) => `the page ID ${id} is not digits`,
  cannotRecord: (key, problem) => `Cannot record "${key}" in the page manifest: ${problem}.`,
  notARootTarget: (root) => `Not a root target: ${root}.`,
  notWritten: (name, reason, count, listing) => (count === 0 ? `${name} could not be written: ${reason}.`
    : count === 1 ? `${name} could not be written: ${reason}. The pages were published; 1 page ID was not recorded in it: ${listing}. Add it to the file by hand and commit the file, so teammates and CI publish to the same pages.`
      : `${name} could not be written: ${reason}. The pages were published; ${count} page IDs were not recorded in it: ${listing}. Add them to it by hand and commit it, so teammates and CI publish to the same pages.`),
};
