// The page manifest's refusals in the user's language (one literal vscode.l10n.t call per entry), typed as the core's
// catalogue so a missing entry does not compile.
import * as vscode from 'vscode';
import type { ManifestMessages } from '../../core/messages/manifestMessages';

export const editorManifestMessages: ManifestMessages = {
  conflictMarkers: (name) => vscode.l10n.t('{0} has merge conflict markers; resolve them (keep both sides\' entries) and run again.', name),
  notJson: (name, detail) => vscode.l10n.t('{0} is not valid JSON ({1}). Fix it, or restore it from git.', name, detail),
  notObject: (name) => vscode.l10n.t('{0} is not a JSON object. Fix it, or restore it from git.', name),
  newerVersion: (name, version, readable) => vscode.l10n.t('{0} is version {1}; this wiki-publisher reads version {2}. Update wiki-publisher.', name, version, readable),
  notAManifest: (name, version) => vscode.l10n.t('{0} is not a wiki-publisher page manifest ("version": {1} is missing).', name, version),
  tooLarge: (name, what, limit) => vscode.l10n.t('{0} is too large to be a tree\'s record ({1}; a tree records at most {2}): it is not used, and nothing is sent to a page it names. Restore it from the last commit that published the tree, or remove it (the next publish finds or creates the pages and records them).', name, what, limit),
  unknownField: (name, field) => vscode.l10n.t('{0} has an unknown field "{1}".', name, field),
  noPages: (name) => vscode.l10n.t('{0} has no "pages" object.', name),
  listedTwice: (name, key) => vscode.l10n.t('{0} lists "{1}" twice; keep one of them (for a page, the one whose page the wiki should keep).', name, key),
  badEntry: (name, key, problem) => vscode.l10n.t('{0} has a bad entry "{1}": {2}.', name, key, problem),
  idTwice: (name, first, second, id) => vscode.l10n.t('{0} records page {1} for both "{2}" and "{3}", but a page is the page of one file or folder only. Remove the wrong entry: the next publish of the folder as a tree, with page access, finds that file\'s page on the wiki by its title (or creates it) and records it again.', name, id, first, second),
  parentListed: (name, key, id) => vscode.l10n.t('{0} records page {1} both as the tree\'s parent page ("parent") and for "{2}", but the parent page is never a page of the tree: the folder\'s files and subfolders become its children. Remove the wrong entry: the next publish of the folder as a tree, with page access, finds that file\'s page on the wiki by its title (or creates it) and records it again.', name, id, key),
  noSpace: (name) => vscode.l10n.t('{0} has no "space" (the space key of its pages), or an empty one.', name),
  noParent: (name) => vscode.l10n.t('{0} has no "parent", or one that is not a page ID (digits in quotes).', name),
  cannotRead: (name, detail) => vscode.l10n.t('{0} cannot be read ({1}).', name, detail),
  notRegularFile: (name, why) =>
    why === 'link'
      ? vscode.l10n.t('{0} is a symbolic link; it is not followed, so that a repository cannot make the publisher read a file from outside it. Replace the link with the file itself, or restore it from git.', name)
      : vscode.l10n.t('{0} is not a regular file (a folder, pipe, socket or device); only regular files are read. Replace it with the file itself, or restore it from git.', name),
  keyEmpty: () => vscode.l10n.t('it is empty (the folder itself is "parent")'),
  keyBackslash: () => vscode.l10n.t('it has a backslash (keys are \'/\'-separated)'),
  keyAbsolute: () => vscode.l10n.t('it is absolute (keys are relative to the manifest\'s folder)'),
  keyLeaves: () => vscode.l10n.t('it leaves the folder ("..")'),
  keyNotNormalised: () => vscode.l10n.t('it is not normalised (an empty or "." part)'),
  keyOtherCase: (at, key, path) =>
    vscode.l10n.t('{0} records "{1}", not "{2}": keys name files with their case, so that entry is not this file\'s and its page is not used. If the file was renamed, correct the key.', at, key, path),
  keyNotAPage: (extensions) => vscode.l10n.t('it names neither a Markdown file ({0}) nor a folder (a key ending in "/"), so no page of the tree can be its', extensions),
  keySetAside: (at, key, extensions) =>
    vscode.l10n.t('{0} has an entry "{1}" that names neither a Markdown file ({2}) nor a folder (a key ending in "/"): no page of the tree can be its, so it is not used. Remove the entry.', at, key, extensions),
  entryNotObject: () => vscode.l10n.t('it is not an object like {"id": "123", "title": "…"}'),
  entryNoId: () => vscode.l10n.t('it has no "id"'),
  entryBadId: (id) => vscode.l10n.t('its "id" {0} is not a page ID (digits in quotes)', id),
  entryBadTitle: () => vscode.l10n.t('its "title" is not text'),
  entryUnknownField: (field) => vscode.l10n.t('it has an unknown field "{0}"', field),
  idNotDigits: (id) => vscode.l10n.t('the page ID {0} is not digits', id),
  cannotRecord: (key, problem) => vscode.l10n.t('Cannot record "{0}" in the page manifest: {1}.', key, problem),
  notARootTarget: (root) => vscode.l10n.t('Not a root target: {0}.', root),
  notWritten: (name, reason, count, listing) => (count === 0 ? vscode.l10n.t('{0} could not be written: {1}.', name, reason)
    : count === 1 ? vscode.l10n.t('{0} could not be written: {1}. The pages were published; 1 page ID was not recorded in it: {2}. Add it to the file by hand and commit the file, so teammates and CI publish to the same pages.', name, reason, listing)
      : vscode.l10n.t('{0} could not be written: {1}. The pages were published; {2} page IDs were not recorded in it: {3}. Add them to it by hand and commit it, so teammates and CI publish to the same pages.', name, reason, count, listing)),
};
