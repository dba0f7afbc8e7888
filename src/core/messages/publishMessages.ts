// The sentences of a publish that the core composes: outcomes (spec 7), the 404 lookups' finding and the preflight
// reasons. The core receives a catalogue of this shape (the editor's goes through vscode.l10n, src/editor/messages);
// the command line and the action use the English one below, so their output stays as it was. It holds the address
// checks' catalogue: the diagram renderer's address is checked like the endpoint's.
import { englishEndpointMessages, type EndpointMessages } from './endpointMessages';

/** What each outcome, 404 finding and preflight reason says. `said` is the service's own sentence (or ours for it). */
/**
 * Where a page's title came from, for the sentence that says where to correct it: the front matter's `wiki.pageTitle`
 * or `title`, the first heading, the file's name, the record of the page's last publish (.wiki-pages.json, --state,
 * the editor's memory), the title given in a prompt, or a folder page's folder (its name, or the file that titles it).
 */
export type TitleSource = 'pageTitle' | 'frontMatterTitle' | 'heading' | 'fileName' | 'record' | 'given' | 'folderPage';

export interface PublishMessages extends EndpointMessages {
  /**
   * The notice a published page ends with, in Markdown: `fileLink` is the link to the file it came from (whose target
   * carries the marker the tool reads back), already Markdown. Wiki readers see it: it says where to edit the page.
   */
  publishNotice(fileLink: string): string;
  rendererHasQuery(settingName: string): string;
  rendererInsecure(settingName: string): string;
  cancelled(): string;
  /** "1 attempt", "3 attempts". */
  attempts(count: number): string;
  timeout(attempts: string): string;
  network(attempts: string, detail: string): string;
  existsAfterRetry(said: string, pageTitle: string): string;
  alreadyExists(said: string, pageTitle: string): string;
  /**
   * "Already exists" to a file whose page the edit guard did not find (page `pageId`, taken for deleted): the page is
   * most likely there but hidden from the account that checks wiki edits. No Overwrite: it would replace it unchecked.
   */
  existsUnseen(said: string, pageTitle: string, pageId: string): string;
  /**
   * "Already exists" to a file whose page (`deletedId`) was deleted on the wiki, where the guard found another page of
   * its title at its place (page `pageId`, made since): not the file's, so not replaced (create only).
   */
  existsPlaceTaken(said: string, pageTitle: string, deletedId: string, pageId: string, version: number, author: string | undefined): string;
  /**
   * "Already exists" to a create whose title page `pageId` holds elsewhere in the space (found before sending): the wiki
   * keeps titles unique in a space. No Overwrite: it updates only a page under the file's own parent.
   */
  titleHeldInSpace(said: string, pageTitle: string, pageId: string, url: string | undefined): string;
  unauthorized(said: string): string;
  licenseExpired(said: string): string;
  forbidden(said: string): string;
  /** A 404 without the platform lookups: what was used, and that a hidden space or page counts as missing. */
  notFound(said: string, spaceId: string, parentId: string): string;
  throttled(said: string, attempts: string, waitSeconds: number | undefined): string;
  serverError(said: string, status: number, attempts: string): string;
  unexpected(said: string, status: number): string;
  /** 413 (the service, or a proxy before it, refused the request's size): what it means and what fixes it. */
  /** `said`: the service's own sentence, or undefined when the answer was none of its (a proxy's page, no body). */
  payloadTooLarge(said: string | undefined): string;
  emptyAnswer(status: number): string;
  notJsonAnswer(status: number): string;
  /** An answer past what the import takes (transport.ts ANSWER_LIMITS), not read. */
  answerTooLarge(status: number, megabytes: number): string;

  /** The lookups' finding for one of space and parent (spec 4.3). */
  spaceFound(spaceId: string): string;
  spaceMissing(spaceId: string): string;
  spaceForbidden(spaceId: string): string;
  parentFound(parentId: string): string;
  parentMissing(parentId: string): string;
  parentForbidden(parentId: string): string;
  /** One sentence from one or two findings above. */
  lookedUp(first: string, second: string | undefined): string;
  /** Both exist for the signed-in user, so the import's 404 has another cause. */
  bothFound(spaceId: string, parentId: string): string;

  emptyContent(): string;
  emptySpace(): string;
  parentNotDigits(parentId: string): string;
  emptyTitle(): string;
  /** titleNotWellFormed's and titleControlCharacter's `where`: the place a title of this source is corrected. */
  titleFrom(source: TitleSource): string;
  /** `title`: shown with its control characters and lone surrogates as codes; `codeUnit`: the lone surrogate, U+D800. */
  titleNotWellFormed(title: string, codeUnit: string, where: string): string;
  /** `character`: the control character, U+000A. */
  titleControlCharacter(title: string, character: string, where: string): string;
  conflictMarkers(count: number): string;
  localImages(count: number, preview: string): string;
  localLinks(count: number, preview: string): string;
  /** HTML links (`<a href>`) to local files: sent as written, never made page links. */
  htmlLinks(count: number, preview: string): string;
  largeContent(megabytes: string): string;
  /** Front matter names another place or title than the file's last publish: a new page, the earlier one stays. */
  leavesPage(pageTitle: string, parentId: string, pageId: string | undefined): string;
  duplicatePage(others: string, pageTitle: string, parentId: string): string;
  /** Other files of the run give their pages the same title in the same space, under other parents. */
  titleTakenInSpace(others: string, pageTitle: string, spaceId: string): string;

  /**
   * Front matter problems (refusals before anything is sent). `reason`: what the YAML parser found, without its
   * position; `at`: where, as a line and column of the file (1-based), when the parser said.
   */
  frontMatterNotYaml(reason: string, at?: { line: number; column: number }): string;
  /** Lists or maps nested deeper than `limit` (MAX_FRONT_MATTER_DEPTH): refused before the parser builds them. */
  frontMatterTooDeep(limit: number): string;
  frontMatterWikiNotMap(): string;
  frontMatterOmitNotBoolean(): string;
  frontMatterKeyNotText(key: string): string;
  frontMatterOverwriteNotBoolean(): string;
  /** The front matter says `overwrite: false` (never replace a page), and the file published its page before. */
  neverReplacesOwnPage(pageTitle: string): string;
  /** A page under the file's parent has its title but for case (`pageTitle`, page `pageId`), and is not the file's own. */
  titleOnlyInCase(title: string, pageTitle: string, pageId: string): string;
  /** "Already exists" for a title no page under the parent had when the plan looked: held elsewhere in the space, most likely. */
  titleHeldSomewhere(said: string, pageTitle: string): string;
  /** "Already exists" from page `pageId`, whose notice says a file of the same path in another repository published it. */
  existsOtherRepository(said: string, pageTitle: string, pageId: string): string;
  /** "Already exists" from a page carrying a notice for this file's path that no record names; the run does not know its repository. */
  existsUnknownRepository(said: string, pageTitle: string, pageId: string): string;
  /** The file's own page (its notice) is titled `pageTitle` on the wiki, which differs from the file's title only in case. */
  ownTitleOnlyInCase(title: string, pageTitle: string, pageId: string): string;
  /** The file's title changed only in case (`pageTitle` to `title`) since it published page `pageId` (unknown: undefined). */
  retitledOnlyInCase(title: string, pageTitle: string, pageId: string | undefined): string;
  frontMatterPageIdNotDigits(): string;

  /** Mermaid diagrams sent as images from the renderer, or as code; `settingName` is where to set a renderer. */
  diagramsRendered(count: number): string;
  diagramsAsCode(count: number, settingName: string): string;
  /** Drawn diagrams whose image address is longer than `limit`, what a Kroki server takes by default. */
  diagramsTooLong(count: number, limit: number): string;
  /** Mermaid fences no fence line closes, with a renderer set: they stay code. */
  diagramsUnclosed(count: number): string;

  /** A run stopped by a Retry-After longer than a run waits; `after` is a UTC time or waitIsOver(). */
  runStopped(seconds: number, status: number, finished: number, total: number, after: string): string;
  waitIsOver(): string;
  /**
   * A run stopped because the wiki refused the API token itself (HTTP 401, 402 or 403): every other file would meet the
   * same answer. Names the fix of each front end, the editor's command and CI's `envVar` (its secret), since one
   * catalogue serves both.
   */
  runStoppedTokenRefused(status: number, finished: number, total: number, envVar: string): string;
  /** A file such a run never sent: why, and the same fix. */
  notStartedTokenRefused(status: number, envVar: string): string;
  /**
   * A run stopped because the wiki failed `files` files in a row, each after its retries (`status`: the last 5xx, or
   * undefined for no connection or no answer in time). `total` is at least `files`, so more than one.
   */
  runStoppedWikiFailing(files: number, status: number | undefined, finished: number, total: number): string;
  /** A file such a run never sent: why. */
  notStartedWikiFailing(files: number, status: number | undefined): string;
  /** A planned file that could not be read again when its turn to be sent came (`why` may be empty). */
  readAgainFailed(label: string, why: string): string;
  /** A planned file whose content changed between the plan (the confirmation, a reviewed digest) and its sending. */
  changedSincePlan(label: string): string;
  /** The parts of a run's summary line, joined with ", ". */
  summaryPublished(count: number): string;
  summaryFailed(count: number): string;
  summaryExistsUnproven(count: number): string;
  summaryEdited(count: number): string;
  /** Pages held back because they were moved under another parent, or renamed, on the wiki (not necessarily edited). */
  summaryMovedOnWiki(count: number): string;
  /** Pages held back because they carry no publish notice and this machine has no record of their version. */
  summaryNoNotice(count: number): string;
  /** Updates held back because the edit guard's lookup failed while there was page access. */
  summaryLookupFailed(count: number): string;
  summaryRefused(count: number): string;
  summarySkipped(count: number): string;
  summaryCancelled(count: number): string;
  summaryNotStarted(count: number): string;
}

export const englishPublishMessages: PublishMessages = {
  ...englishEndpointMessages,
  publishNotice: (fileLink) => `*Published from ${fileLink} with Wiki Publisher. Edit the file in its repository rather than this page.*`,
  rendererHasQuery: (settingName) => `${settingName} must be the renderer's base address without ? or #, such as https://kroki.example.com.`,
  rendererInsecure: (settingName) =>
    `${settingName} must use https:// (plain http:// is allowed only for 127.0.0.1, [::1] and localhost), so diagram source is never sent unencrypted.`,
  cancelled: () => 'Publishing was cancelled.',
  attempts: (count) => (count === 1 ? '1 attempt' : `${count} attempts`),
  timeout: (attempts) => `The wiki did not answer in time (${attempts}). The page may or may not have been published.`,
  network: (attempts, detail) => `Could not reach the wiki (${attempts}): ${detail}`,
  existsAfterRetry: (said, pageTitle) =>
    `${said} A page titled "${pageTitle}" exists now. An earlier attempt that seemed to fail may have created it, or it may be someone else's page: it was not linked to this file. Look at it on the wiki, then choose Overwrite to make this file's text its content.`,
  alreadyExists: (said, pageTitle) => `${said} Choose Overwrite to update the page "${pageTitle}".`,
  existsUnseen: (said, pageTitle, pageId) =>
    `${said} The account that checks wiki edits did not find this file's page (page ${pageId}), yet a page titled "${pageTitle}" is there: most likely that account may not view it, so its edits cannot be checked. Give that account permission to view the page and publish again; nothing was changed.`,
  existsPlaceTaken: (said, pageTitle, deletedId, pageId, version, author) =>
    `${said} This file's page (page ${deletedId}) was deleted on the wiki, and another page titled "${pageTitle}" holds its place now (page ${pageId}, version ${version}${author === undefined ? '' : ` by ${author}`}), which this file did not publish: it is not replaced, and nothing was changed. Give this file another title, or rename or delete that page on the wiki, then publish again.`,
  titleHeldInSpace: (said, pageTitle, pageId, url) =>
    `${said} Page ${pageId}${url ? ` (${url})` : ''}, elsewhere in the space, already has the title "${pageTitle}", and this wiki keeps titles unique in a space. Choosing Overwrite would not help: it updates only a page under this file's own parent. Give this file another title, or rename or move that page on the wiki, then publish again; nothing was changed.`,
  unauthorized: (said) => `${said} The API token is missing, malformed, unknown to the wiki or was deleted: set a new one.`,
  licenseExpired: (said) =>
    `${said} This token was created while the app's license was inactive (or the trial has ended). Once the license is active, create a new token in the app's settings (tab "API") and set it.`,
  forbidden: (said) =>
    `${said} The token has expired or could not be verified; if it has not expired, check that this computer's clock is right (clock skew).`,
  notFound: (said, spaceId, parentId) =>
    `${said} Sent to space "${spaceId}" under parent page ${parentId}; the wiki answers the same when the API token's owner cannot see them.`,
  throttled: (said, attempts, waitSeconds) =>
    `${said} The wiki is limiting requests (HTTP 429, ${attempts}).${waitSeconds === undefined ? '' : ` Try again in ${waitSeconds} s.`}`,
  serverError: (said, status, attempts) => `${said} (HTTP ${status}, ${attempts})`,
  unexpected: (said, status) => `${said} (HTTP ${status})`,
  payloadTooLarge: (said) => said === undefined
    ? 'The page is larger than the wiki (or a proxy before it) takes (HTTP 413); a wiki page holds about 1 MB. Split the file into several pages, or move large parts (embedded images, long tables) out of it.'
    : `${said} (HTTP 413) The page is larger than the wiki (or a proxy before it) takes; a wiki page holds about 1 MB. Split the file into several pages, or move large parts (embedded images, long tables) out of it.`,
  emptyAnswer: (status) => `The wiki answered with HTTP ${status} and no message.`,
  notJsonAnswer: (status) =>
    `The wiki answered with HTTP ${status} and a response that is not the import service's JSON (a proxy or gateway error page?).`,
  answerTooLarge: (status, megabytes) =>
    `The wiki answered with HTTP ${status} and more than ${megabytes} MB, which was not read: the request was sent, so the page may have been published.`,

  spaceFound: (spaceId) => `the space "${spaceId}" exists`,
  spaceMissing: (spaceId) => `no space "${spaceId}" is visible to you (never created, or hidden)`,
  spaceForbidden: (spaceId) => `the space "${spaceId}" exists but you may not read it`,
  parentFound: (parentId) => `the parent page ${parentId} exists`,
  parentMissing: (parentId) => `no page ${parentId} is visible to you (deleted, never created, or hidden)`,
  parentForbidden: (parentId) => `the parent page ${parentId} exists but you may not read it`,
  lookedUp: (first, second) => `Looked up with your sign-in: ${second === undefined ? first : `${first}; ${second}`}.`,
  bothFound: (spaceId, parentId) =>
    `Looked up with your sign-in, both the space "${spaceId}" and the parent page ${parentId} exist: check that the parent page is in that space, and that the API token's owner can see both.`,

  emptyContent: () => 'There is nothing to publish: the file has no content besides its front matter and white space.',
  emptySpace: () => 'The space is empty. Give a space key such as DOCS, or a space ID.',
  parentNotDigits: (parentId) => `The parent page ID "${parentId}" must consist of digits only, such as 123456.`,
  emptyTitle: () => 'The page title is empty.',
  titleFrom: (source) => {
    switch (source) {
      case 'pageTitle': return 'the front matter\'s wiki.pageTitle';
      case 'frontMatterTitle': return 'the front matter\'s title';
      case 'heading': return 'the file\'s first heading';
      case 'fileName': return 'the file\'s name';
      case 'record': return 'the record of the page\'s last publish';
      case 'given': return 'the title given for the page';
      case 'folderPage': return 'the folder\'s name, or the file that titles its page';
    }
  },
  titleNotWellFormed: (title, codeUnit, where) =>
    `The page title "${title}" (from ${where}) is not well-formed Unicode: ${codeUnit} is half of a character (a lone surrogate, as a "\\ud800" escape in YAML makes one), so the page could land without its ID ever being learnt. Write the whole character, or remove the half, in ${where}, then publish again.`,
  titleControlCharacter: (title, character, where) =>
    `The page title "${title}" (from ${where}) holds the control character ${character}, and a title is one line of text. Remove it from ${where}, then publish again.`,
  conflictMarkers: (count) =>
    `The file still holds ${count === 1 ? 'a conflict' : `${count} conflicts`} between its text and the wiki's (<<<<<<< ours, =======, >>>>>>> wiki). ` +
    'Keep the right text, remove the markers, then publish.',
  localImages: (count, preview) =>
    `${count === 1 ? '1 local image' : `${count} local images`} (${preview}) will not show on the wiki: it takes only images at public URLs.`,
  localLinks: (count, preview) =>
    `${count === 1 ? '1 link' : `${count} links`} to other local Markdown files (${preview}) will point nowhere on the wiki.`,
  htmlLinks: (count, preview) =>
    count === 1
      ? `1 HTML link to a local file (${preview}) is sent as written and will point nowhere on the wiki: write it as a Markdown link instead, which a page tree turns into a link to its page.`
      : `${count} HTML links to local files (${preview}) are sent as written and will point nowhere on the wiki: write each as a Markdown link instead, which a page tree turns into a link to its page.`,
  largeContent: (megabytes) =>
    `The content is ${megabytes} MB; the wiki's page limit is about 1 MB. Consider splitting it into several pages.`,
  leavesPage: (pageTitle, parentId, pageId) =>
    `Its front matter names another place or title than its last publish ("${pageTitle}"${pageId === undefined ? '' : `, page ${pageId},`} under page ${parentId}): ` +
    'the service cannot move or rename a page, so publishing creates a new one and the earlier page stays where it is.',
  duplicatePage: (others, pageTitle, parentId) =>
    `It would land on the same page as ${others} ("${pageTitle}" under parent ${parentId}; titles that differ only in case count as the same). Give each file its own title.`,
  titleTakenInSpace: (others, pageTitle, spaceId) =>
    `Its title "${pageTitle}" is also the title of ${others} in the space ${spaceId}; the wiki keeps a title unique in a space (ignoring case). Give each file its own title.`,

  frontMatterNotYaml: (reason, at) =>
    at ? `The front matter is not valid YAML at line ${at.line}, column ${at.column} of the file: ${reason}` : `The front matter is not valid YAML: ${reason}`,
  frontMatterTooDeep: (limit) => `The front matter nests lists or maps more than ${limit} levels deep, which is not read. Flatten it.`,
  frontMatterWikiNotMap: () => 'The front matter key "wiki" must hold spaceId, parentId, pageTitle and overwrite.',
  frontMatterOmitNotBoolean: () => 'omitTitleHeading in the front matter must be true or false.',
  frontMatterKeyNotText: (key) => `wiki.${key} in the front matter must be text.`,
  frontMatterOverwriteNotBoolean: () => 'wiki.overwrite in the front matter must be true or false.',
  titleOnlyInCase: (title, pageTitle, pageId) =>
    `A page titled "${pageTitle}" (page ${pageId}) is under the same parent, and its title differs from this file's "${title}" only in case: the wiki may take that page for this one and replace it, refuse the title, or make a second page. Nothing is sent to it: give this file that page's title if it is this file's page (then publish with overwrite), or another title.`,
  ownTitleOnlyInCase: (title, pageTitle, pageId) =>
    `Its page (page ${pageId}, carrying this file's publish notice) is titled "${pageTitle}" on the wiki, which differs from this file's title "${title}" only in case, and the wiki cannot rename a page: a publish might make a second page. Nothing is sent: give the file its page's title again, or rename the page on the wiki to "${title}" and publish again.`,
  retitledOnlyInCase: (title, pageTitle, pageId) =>
    `Its title changed from "${pageTitle}" to "${title}", only in case: the wiki takes the two as one title, and the import cannot rename a page (${pageId === undefined ? 'its page' : `page ${pageId}`} keeps "${pageTitle}"), so a publish would make a second page or be refused. Nothing is sent: rename the page on the wiki to "${title}" and publish again, or give the file its old title back.`,
  existsOtherRepository: (said, pageTitle, pageId) =>
    `${said} The page "${pageTitle}" there (page ${pageId}) was published from a file of the same path in another repository, so it is that repository's page, not this file's, and it was not changed. Give this file another title or parent page: overwriting would replace that repository's page.`,
  existsUnknownRepository: (said, pageTitle, pageId) =>
    `${said} The page "${pageTitle}" there (page ${pageId}) carries a publish notice for a file of this path that no record names, and this publish cannot tell which repository published it (a clone or workspace folder elsewhere may have a file of the same path); it was not changed. If it is this repository's page, Overwrite takes it, or record it in .wiki-pages.json; in CI, WIKI_PUBLISHER_REPOSITORY, GitHub's repository ID or GitLab's project ID names the repository.`,
  titleHeldSomewhere: (said, pageTitle) =>
    `${said} When the plan looked, no page titled "${pageTitle}" was under this file's parent: the title is held elsewhere in the space (perhaps written in another case; this wiki keeps titles unique in a space), unless someone made such a page under the parent since. Look on the wiki: for a page elsewhere, choosing Overwrite would not help (it updates only a page under this file's own parent), so give this file another title or rename or move that page; nothing was changed.`,
  neverReplacesOwnPage: (pageTitle) => `Its front matter says overwrite: false, which never replaces a page, and it published "${pageTitle}" before: the publish would be refused as "already exists". Remove that line (or set it to true) to update the page.`,
  frontMatterPageIdNotDigits: () => 'wiki.pageId in the front matter must be a page ID made of digits.',

  diagramsRendered: (count) =>
    `${count === 1 ? '1 Mermaid diagram' : `${count} Mermaid diagrams`} will show as images from your diagram renderer. The diagram source is part of each image address, and readers see the images only if they can reach the renderer.`,
  diagramsAsCode: (count, settingName) =>
    `${count === 1 ? '1 Mermaid diagram' : `${count} Mermaid diagrams`} will show as code, not pictures: the wiki takes images only at public URLs. To publish diagrams as images, set your organisation's diagram renderer (a Kroki server) in ${settingName}.`,
  diagramsTooLong: (count, limit) =>
    `${count === 1 ? '1 Mermaid diagram is' : `${count} Mermaid diagrams are`} too large for an image address: longer than ${limit} characters, the most a Kroki server takes by default, so readers may see a broken image. Split the diagram, or ask the renderer's administrators to raise its KROKI_MAX_URI_LENGTH.`,
  diagramsUnclosed: (count) =>
    `${count === 1 ? '1 Mermaid diagram has' : `${count} Mermaid diagrams have`} no closing fence line (\`\`\` or ~~~), so ${count === 1 ? 'it shows' : 'they show'} as code, not pictures, with the rest of ${count === 1 ? 'its' : 'their'} block. Close ${count === 1 ? 'it' : 'each'} with a fence line to draw ${count === 1 ? 'it' : 'them'}.`,

  readAgainFailed: (label, why) => (why ? `${label} could not be read again to send it: ${why}` : `${label} could not be read again to send it.`),
  changedSincePlan: (label) =>
    `${label} changed after it was planned, so it was not sent: what it holds now is not what the plan showed. Publish it again to see the new plan.`,
  runStopped: (seconds, status, finished, total, after) =>
    `The wiki asked to wait ${seconds} s before more requests (HTTP ${status}); publishing stopped after ${finished} of ${total} ${total === 1 ? 'file' : 'files'}. Try again after ${after}.`,
  waitIsOver: () => 'the wait is over',
  runStoppedTokenRefused: (status, finished, total, envVar) =>
    `The wiki refused the API token (HTTP ${status}), so every other file would be refused the same way: publishing stopped after ${finished} of ${total} ${total === 1 ? 'file' : 'files'}. Set a new token (in VS Code: Wiki: Set API Token; in CI: the ${envVar} variable, from the CI secret) and publish again to send the files not started.`,
  notStartedTokenRefused: (status, envVar) =>
    `not sent: publishing stopped because the wiki refused the API token (HTTP ${status}); set a new token (in CI: the ${envVar} variable, from the CI secret) and publish again`,
  runStoppedWikiFailing: (files, status, finished, total) =>
    `The wiki failed ${files} files in a row, each after its retries (${status === undefined ? 'no answer' : `HTTP ${status}`}), so the other files would fail the same way: publishing stopped after ${finished} of ${total} files. Publish again once the wiki works to send the files not started.`,
  notStartedWikiFailing: (files, status) =>
    `not sent: publishing stopped because the wiki failed ${files} files in a row (${status === undefined ? 'no answer' : `HTTP ${status}`}); publish again once it works`,
  summaryPublished: (count) => `${count} published`,
  summaryFailed: (count) => `${count} failed`,
  summaryExistsUnproven: (count) => `${count} found existing (may not be ours; not linked)`,
  summaryEdited: (count) => `${count} left out (edited on the wiki)`,
  summaryMovedOnWiki: (count) => `${count} left out (moved or renamed on the wiki)`,
  summaryNoNotice: (count) => `${count} left out (no publish notice on the page: an edit cannot be told from a publish)`,
  summaryLookupFailed: (count) => `${count} left out (the wiki could not be read to check for edits)`,
  summaryRefused: (count) => `${count} refused`,
  summarySkipped: (count) => `${count} skipped (unchanged)`,
  summaryCancelled: (count) => `${count} cancelled while sending (may have landed)`,
  summaryNotStarted: (count) => `${count} not started`,
};
