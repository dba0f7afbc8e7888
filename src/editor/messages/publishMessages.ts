// The core's publish sentences in the user's language: every entry is one vscode.l10n.t call with a literal text, so
// `@vscode/l10n-dev export` finds them. Typed as the core's catalogue, so a missing entry does not compile.
import * as vscode from 'vscode';
import type { PublishMessages } from '../../core/messages/publishMessages';
import { editorEndpointMessages } from './endpointMessages';

export const editorPublishMessages: PublishMessages = {
  publishNotice: (fileLink) => vscode.l10n.t('*Published from {0} with Wiki Publisher. Edit the file in its repository rather than this page.*', fileLink),
  ...editorEndpointMessages,
  rendererHasQuery: (settingName) => vscode.l10n.t('{0} must be the renderer\'s base address without ? or #, such as https://kroki.example.com.', settingName),
  rendererInsecure: (settingName) =>
    vscode.l10n.t('{0} must use https:// (plain http:// is allowed only for 127.0.0.1, [::1] and localhost), so diagram source is never sent unencrypted.', settingName),
  cancelled: () => vscode.l10n.t('Publishing was cancelled.'),
  attempts: (count) => (count === 1 ? vscode.l10n.t('1 attempt') : vscode.l10n.t('{0} attempts', count)),
  timeout: (attempts) => vscode.l10n.t('The wiki did not answer in time ({0}). The page may or may not have been published.', attempts),
  network: (attempts, detail) => vscode.l10n.t('Could not reach the wiki ({0}): {1}', attempts, detail),
  existsAfterRetry: (said, pageTitle) =>
    vscode.l10n.t('{0} A page titled "{1}" exists now. An earlier attempt that seemed to fail may have created it, or it may be someone else\'s page: it was not linked to this file. Look at it on the wiki, then choose Overwrite to make this file\'s text its content.', said, pageTitle),
  alreadyExists: (said, pageTitle) => vscode.l10n.t('{0} Choose Overwrite to update the page "{1}".', said, pageTitle),
  existsUnseen: (said, pageTitle, pageId) =>
    vscode.l10n.t('{0} The account that checks wiki edits did not find this file\'s page (page {2}), yet a page titled "{1}" is there: most likely that account may not view it, so its edits cannot be checked. Give that account permission to view the page and publish again; nothing was changed.', said, pageTitle, pageId),
  existsPlaceTaken: (said, pageTitle, deletedId, pageId, version, author) => author === undefined
    ? vscode.l10n.t('{0} This file\'s page (page {2}) was deleted on the wiki, and another page titled "{1}" holds its place now (page {3}, version {4}), which this file did not publish: it is not replaced, and nothing was changed. Give this file another title, or rename or delete that page on the wiki, then publish again.', said, pageTitle, deletedId, pageId, version)
    : vscode.l10n.t('{0} This file\'s page (page {2}) was deleted on the wiki, and another page titled "{1}" holds its place now (page {3}, version {4} by {5}), which this file did not publish: it is not replaced, and nothing was changed. Give this file another title, or rename or delete that page on the wiki, then publish again.', said, pageTitle, deletedId, pageId, version, author),
  titleHeldInSpace: (said, pageTitle, pageId, url) =>
    vscode.l10n.t('{0} Page {2}, elsewhere in the space, already has the title "{1}", and this wiki keeps titles unique in a space. Choosing Overwrite would not help: it updates only a page under this file\'s own parent. Give this file another title, or rename or move that page on the wiki, then publish again; nothing was changed.', said, pageTitle, url ? `${pageId} (${url})` : pageId),
  unauthorized: (said) => vscode.l10n.t('{0} The API token is missing, malformed, unknown to the wiki or was deleted: set a new one.', said),
  licenseExpired: (said) =>
    vscode.l10n.t('{0} This token was created while the app\'s license was inactive (or the trial has ended). Once the license is active, create a new token in the app\'s settings (tab "API") and set it.', said),
  forbidden: (said) =>
    vscode.l10n.t('{0} The token has expired or could not be verified; if it has not expired, check that this computer\'s clock is right (clock skew).', said),
  notFound: (said, spaceId, parentId) =>
    vscode.l10n.t('{0} Sent to space "{1}" under parent page {2}; the wiki answers the same when the API token\'s owner cannot see them.', said, spaceId, parentId),
  throttled: (said, attempts, waitSeconds) =>
    waitSeconds === undefined
      ? vscode.l10n.t('{0} The wiki is limiting requests (HTTP 429, {1}).', said, attempts)
      : vscode.l10n.t('{0} The wiki is limiting requests (HTTP 429, {1}). Try again in {2} s.', said, attempts, waitSeconds),
  serverError: (said, status, attempts) => vscode.l10n.t('{0} (HTTP {1}, {2})', said, status, attempts),
  unexpected: (said, status) => vscode.l10n.t('{0} (HTTP {1})', said, status),
  payloadTooLarge: (said) => said === undefined
    ? vscode.l10n.t('The page is larger than the wiki (or a proxy before it) takes (HTTP 413); a wiki page holds about 1 MB. Split the file into several pages, or move large parts (embedded images, long tables) out of it.')
    : vscode.l10n.t('{0} (HTTP 413) The page is larger than the wiki (or a proxy before it) takes; a wiki page holds about 1 MB. Split the file into several pages, or move large parts (embedded images, long tables) out of it.', said),
  emptyAnswer: (status) => vscode.l10n.t('The wiki answered with HTTP {0} and no message.', status),
  notJsonAnswer: (status) =>
    vscode.l10n.t('The wiki answered with HTTP {0} and a response that is not the import service\'s JSON (a proxy or gateway error page?).', status),
  answerTooLarge: (status, megabytes) =>
    vscode.l10n.t('The wiki answered with HTTP {0} and more than {1} MB, which was not read: the request was sent, so the page may have been published.', status, megabytes),

  spaceFound: (spaceId) => vscode.l10n.t('the space "{0}" exists', spaceId),
  spaceMissing: (spaceId) => vscode.l10n.t('no space "{0}" is visible to you (never created, or hidden)', spaceId),
  spaceForbidden: (spaceId) => vscode.l10n.t('the space "{0}" exists but you may not read it', spaceId),
  parentFound: (parentId) => vscode.l10n.t('the parent page {0} exists', parentId),
  parentMissing: (parentId) => vscode.l10n.t('no page {0} is visible to you (deleted, never created, or hidden)', parentId),
  parentForbidden: (parentId) => vscode.l10n.t('the parent page {0} exists but you may not read it', parentId),
  lookedUp: (first, second) =>
    second === undefined ? vscode.l10n.t('Looked up with your sign-in: {0}.', first) : vscode.l10n.t('Looked up with your sign-in: {0}; {1}.', first, second),
  bothFound: (spaceId, parentId) =>
    vscode.l10n.t('Looked up with your sign-in, both the space "{0}" and the parent page {1} exist: check that the parent page is in that space, and that the API token\'s owner can see both.', spaceId, parentId),

  emptyContent: () => vscode.l10n.t('There is nothing to publish: the file has no content besides its front matter and white space.'),
  emptySpace: () => vscode.l10n.t('The space is empty. Give a space key such as DOCS, or a space ID.'),
  parentNotDigits: (parentId) => vscode.l10n.t('The parent page ID "{0}" must consist of digits only, such as 123456.', parentId),
  emptyTitle: () => vscode.l10n.t('The page title is empty.'),
  titleFrom: (source) => {
    switch (source) {
      case 'pageTitle': return vscode.l10n.t('the front matter\'s wiki.pageTitle');
      case 'frontMatterTitle': return vscode.l10n.t('the front matter\'s title');
      case 'heading': return vscode.l10n.t('the file\'s first heading');
      case 'fileName': return vscode.l10n.t('the file\'s name');
      case 'record': return vscode.l10n.t('the record of the page\'s last publish');
      case 'given': return vscode.l10n.t('the title given for the page');
      case 'folderPage': return vscode.l10n.t('the folder\'s name, or the file that titles its page');
    }
  },
  titleNotWellFormed: (title, codeUnit, where) =>
    vscode.l10n.t('The page title "{0}" (from {2}) is not well-formed Unicode: {1} is half of a character (a lone surrogate, as a "\\ud800" escape in YAML makes one), so the page could land without its ID ever being learnt. Write the whole character, or remove the half, in {2}, then publish again.', title, codeUnit, where),
  titleControlCharacter: (title, character, where) =>
    vscode.l10n.t('The page title "{0}" (from {2}) holds the control character {1}, and a title is one line of text. Remove it from {2}, then publish again.', title, character, where),
  conflictMarkers: (count) =>
    count === 1
      ? vscode.l10n.t('The file still holds a conflict between its text and the wiki\'s (<<<<<<< ours, =======, >>>>>>> wiki). Keep the right text, remove the markers, then publish.')
      : vscode.l10n.t('The file still holds {0} conflicts between its text and the wiki\'s (<<<<<<< ours, =======, >>>>>>> wiki). Keep the right text, remove the markers, then publish.', count),
  localImages: (count, preview) =>
    count === 1
      ? vscode.l10n.t('1 local image ({0}) will not show on the wiki: it takes only images at public URLs.', preview)
      : vscode.l10n.t('{0} local images ({1}) will not show on the wiki: it takes only images at public URLs.', count, preview),
  localLinks: (count, preview) =>
    count === 1
      ? vscode.l10n.t('1 link to other local Markdown files ({0}) will point nowhere on the wiki.', preview)
      : vscode.l10n.t('{0} links to other local Markdown files ({1}) will point nowhere on the wiki.', count, preview),
  htmlLinks: (count, preview) =>
    count === 1
      ? vscode.l10n.t('1 HTML link to a local file ({0}) is sent as written and will point nowhere on the wiki: write it as a Markdown link instead, which a page tree turns into a link to its page.', preview)
      : vscode.l10n.t('{0} HTML links to local files ({1}) are sent as written and will point nowhere on the wiki: write each as a Markdown link instead, which a page tree turns into a link to its page.', count, preview),
  largeContent: (megabytes) =>
    vscode.l10n.t('The content is {0} MB; the wiki\'s page limit is about 1 MB. Consider splitting it into several pages.', megabytes),
  leavesPage: (pageTitle, parentId, pageId) =>
    pageId === undefined
      ? vscode.l10n.t('Its front matter names another place or title than its last publish ("{0}" under page {1}): the service cannot move or rename a page, so publishing creates a new one and the earlier page stays where it is.', pageTitle, parentId)
      : vscode.l10n.t('Its front matter names another place or title than its last publish ("{0}", page {1}, under page {2}): the service cannot move or rename a page, so publishing creates a new one and the earlier page stays where it is.', pageTitle, pageId, parentId),
  duplicatePage: (others, pageTitle, parentId) =>
    vscode.l10n.t('It would land on the same page as {0} ("{1}" under parent {2}; titles that differ only in case count as the same). Give each file its own title.', others, pageTitle, parentId),
  titleTakenInSpace: (others, pageTitle, spaceId) =>
    vscode.l10n.t('Its title "{0}" is also the title of {1} in the space {2}; the wiki keeps a title unique in a space (ignoring case). Give each file its own title.', pageTitle, others, spaceId),

  frontMatterNotYaml: (reason, at) =>
    at
      ? vscode.l10n.t('The front matter is not valid YAML at line {1}, column {2} of the file: {0}', reason, at.line, at.column)
      : vscode.l10n.t('The front matter is not valid YAML: {0}', reason),
  frontMatterTooDeep: (limit) => vscode.l10n.t('The front matter nests lists or maps more than {0} levels deep, which is not read. Flatten it.', limit),
  frontMatterWikiNotMap: () => vscode.l10n.t('The front matter key "wiki" must hold spaceId, parentId, pageTitle and overwrite.'),
  frontMatterOmitNotBoolean: () => vscode.l10n.t('omitTitleHeading in the front matter must be true or false.'),
  frontMatterKeyNotText: (key) => vscode.l10n.t('wiki.{0} in the front matter must be text.', key),
  frontMatterOverwriteNotBoolean: () => vscode.l10n.t('wiki.overwrite in the front matter must be true or false.'),
  titleOnlyInCase: (title, pageTitle, pageId) =>
    vscode.l10n.t('A page titled "{1}" (page {2}) is under the same parent, and its title differs from this file\'s "{0}" only in case: the wiki may take that page for this one and replace it, refuse the title, or make a second page. Nothing is sent to it: give this file that page\'s title if it is this file\'s page (then publish with overwrite), or another title.', title, pageTitle, pageId),
  ownTitleOnlyInCase: (title, pageTitle, pageId) =>
    vscode.l10n.t('Its page (page {2}, carrying this file\'s publish notice) is titled "{1}" on the wiki, which differs from this file\'s title "{0}" only in case, and the wiki cannot rename a page: a publish might make a second page. Nothing is sent: give the file its page\'s title again, or rename the page on the wiki to "{0}" and publish again.', title, pageTitle, pageId),
  retitledOnlyInCase: (title, pageTitle, pageId) => pageId === undefined
    ? vscode.l10n.t('Its title changed from "{1}" to "{0}", only in case: the wiki takes the two as one title, and the import cannot rename a page (its page keeps "{1}"), so a publish would make a second page or be refused. Nothing is sent: rename the page on the wiki to "{0}" and publish again, or give the file its old title back.', title, pageTitle)
    : vscode.l10n.t('Its title changed from "{1}" to "{0}", only in case: the wiki takes the two as one title, and the import cannot rename a page (page {2} keeps "{1}"), so a publish would make a second page or be refused. Nothing is sent: rename the page on the wiki to "{0}" and publish again, or give the file its old title back.', title, pageTitle, pageId),
  existsOtherRepository: (said, pageTitle, pageId) =>
    vscode.l10n.t('{0} The page "{1}" there (page {2}) was published from a file of the same path in another repository, so it is that repository\'s page, not this file\'s, and it was not changed. Give this file another title or parent page: overwriting would replace that repository\'s page.', said, pageTitle, pageId),
  existsUnknownRepository: (said, pageTitle, pageId) =>
    vscode.l10n.t('{0} The page "{1}" there (page {2}) carries a publish notice for a file of this path that no record names, and this publish cannot tell which repository published it (a clone or workspace folder elsewhere may have a file of the same path); it was not changed. If it is this repository\'s page, Overwrite takes it, or record it in .wiki-pages.json; in CI, WIKI_PUBLISHER_REPOSITORY, GitHub\'s repository ID or GitLab\'s project ID names the repository.', said, pageTitle, pageId),
  titleHeldSomewhere: (said, pageTitle) =>
    vscode.l10n.t('{0} When the plan looked, no page titled "{1}" was under this file\'s parent: the title is held elsewhere in the space (perhaps written in another case; this wiki keeps titles unique in a space), unless someone made such a page under the parent since. Look on the wiki: for a page elsewhere, choosing Overwrite would not help (it updates only a page under this file\'s own parent), so give this file another title or rename or move that page; nothing was changed.', said, pageTitle),
  neverReplacesOwnPage: (pageTitle) => vscode.l10n.t('Its front matter says overwrite: false, which never replaces a page, and it published "{0}" before: the publish would be refused as "already exists". Remove that line (or set it to true) to update the page.', pageTitle),
  frontMatterPageIdNotDigits: () => vscode.l10n.t('wiki.pageId in the front matter must be a page ID made of digits.'),

  diagramsRendered: (count) =>
    count === 1
      ? vscode.l10n.t('1 Mermaid diagram will show as images from your diagram renderer. The diagram source is part of each image address, and readers see the images only if they can reach the renderer.')
      : vscode.l10n.t('{0} Mermaid diagrams will show as images from your diagram renderer. The diagram source is part of each image address, and readers see the images only if they can reach the renderer.', count),
  diagramsAsCode: (count, settingName) =>
    count === 1
      ? vscode.l10n.t('1 Mermaid diagram will show as code, not pictures: the wiki takes images only at public URLs. To publish diagrams as images, set your organisation\'s diagram renderer (a Kroki server) in {0}.', settingName)
      : vscode.l10n.t('{0} Mermaid diagrams will show as code, not pictures: the wiki takes images only at public URLs. To publish diagrams as images, set your organisation\'s diagram renderer (a Kroki server) in {1}.', count, settingName),
  diagramsTooLong: (count, limit) =>
    count === 1
      ? vscode.l10n.t('1 Mermaid diagram is too large for an image address: longer than {0} characters, the most a Kroki server takes by default, so readers may see a broken image. Split the diagram, or ask the renderer\'s administrators to raise its KROKI_MAX_URI_LENGTH.', limit)
      : vscode.l10n.t('{0} Mermaid diagrams are too large for an image address: longer than {1} characters, the most a Kroki server takes by default, so readers may see a broken image. Split the diagram, or ask the renderer\'s administrators to raise its KROKI_MAX_URI_LENGTH.', count, limit),
  diagramsUnclosed: (count) =>
    count === 1
      ? vscode.l10n.t('1 Mermaid diagram has no closing fence line (``` or ~~~), so it shows as code, not pictures, with the rest of its block. Close it with a fence line to draw it.')
      : vscode.l10n.t('{0} Mermaid diagrams have no closing fence line (``` or ~~~), so they show as code, not pictures, with the rest of their block. Close each with a fence line to draw them.', count),

  readAgainFailed: (label, why) =>
    why ? vscode.l10n.t('{0} could not be read again to send it: {1}', label, why) : vscode.l10n.t('{0} could not be read again to send it.', label),
  changedSincePlan: (label) =>
    vscode.l10n.t('{0} changed after it was planned, so it was not sent: what it holds now is not what the plan showed. Publish it again to see the new plan.', label),
  runStopped: (seconds, status, finished, total, after) =>
    total === 1
      ? vscode.l10n.t('The wiki asked to wait {0} s before more requests (HTTP {1}); publishing stopped after {2} of {3} file. Try again after {4}.', seconds, status, finished, total, after)
      : vscode.l10n.t('The wiki asked to wait {0} s before more requests (HTTP {1}); publishing stopped after {2} of {3} files. Try again after {4}.', seconds, status, finished, total, after),
  waitIsOver: () => vscode.l10n.t('the wait is over'),
  runStoppedTokenRefused: (status, finished, total, envVar) =>
    total === 1
      ? vscode.l10n.t('The wiki refused the API token (HTTP {0}), so every other file would be refused the same way: publishing stopped after {1} of {2} file. Set a new token (in VS Code: Wiki: Set API Token; in CI: the {3} variable, from the CI secret) and publish again to send the files not started.', status, finished, total, envVar)
      : vscode.l10n.t('The wiki refused the API token (HTTP {0}), so every other file would be refused the same way: publishing stopped after {1} of {2} files. Set a new token (in VS Code: Wiki: Set API Token; in CI: the {3} variable, from the CI secret) and publish again to send the files not started.', status, finished, total, envVar),
  notStartedTokenRefused: (status, envVar) =>
    vscode.l10n.t('not sent: publishing stopped because the wiki refused the API token (HTTP {0}); set a new token (in CI: the {1} variable, from the CI secret) and publish again', status, envVar),
  runStoppedWikiFailing: (files, status, finished, total) =>
    status === undefined
      ? vscode.l10n.t('The wiki failed {0} files in a row, each after its retries (no answer), so the other files would fail the same way: publishing stopped after {1} of {2} files. Publish again once the wiki works to send the files not started.', files, finished, total)
      : vscode.l10n.t('The wiki failed {0} files in a row, each after its retries (HTTP {1}), so the other files would fail the same way: publishing stopped after {2} of {3} files. Publish again once the wiki works to send the files not started.', files, status, finished, total),
  notStartedWikiFailing: (files, status) =>
    status === undefined
      ? vscode.l10n.t('not sent: publishing stopped because the wiki failed {0} files in a row (no answer); publish again once it works', files)
      : vscode.l10n.t('not sent: publishing stopped because the wiki failed {0} files in a row (HTTP {1}); publish again once it works', files, status),
  summaryPublished: (count) => vscode.l10n.t('{0} published', count),
  summaryFailed: (count) => vscode.l10n.t('{0} failed', count),
  summaryExistsUnproven: (count) => vscode.l10n.t('{0} found existing (may not be ours; not linked)', count),
  summaryEdited: (count) => vscode.l10n.t('{0} left out (edited on the wiki)', count),
  summaryMovedOnWiki: (count) => vscode.l10n.t('{0} left out (moved or renamed on the wiki)', count),
  summaryNoNotice: (count) => vscode.l10n.t('{0} left out (no publish notice on the page: an edit cannot be told from a publish)', count),
  summaryLookupFailed: (count) => vscode.l10n.t('{0} left out (the wiki could not be read to check for edits)', count),
  summaryRefused: (count) => vscode.l10n.t('{0} refused', count),
  summarySkipped: (count) => vscode.l10n.t('{0} skipped (unchanged)', count),
  summaryCancelled: (count) => vscode.l10n.t('{0} cancelled while sending (may have landed)', count),
  summaryNotStarted: (count) => vscode.l10n.t('{0} not started', count),
};
