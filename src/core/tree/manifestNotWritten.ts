// A tree's .wiki-pages.json that could not be written after its run (a folder its user cannot write in, a full disk,
// a read-only file system): the pages landed, and the page IDs the file does not hold are named so the user can add
// them by hand. One sentence for the command line, the Action and the editor.
import type { ManifestMessages } from '../messages/manifestMessages';
import { reasonClause } from '../text/reasonClause';

/** One page ID the file does not record: its key (a file's or folder's path in the tree) and the page. */
export interface NotRecordedPage {
  key: string;
  pageId: string;
}

/** `reason`: the write's error as the run met it (redacted); `notRecorded`: the entries the file lacks. */
export function manifestNotWrittenMessage(messages: ManifestMessages, file: string, reason: string, notRecorded: readonly NotRecordedPage[]): string {
  return messages.notWritten(file, reasonClause(reason), notRecorded.length, notRecorded.map(({ key, pageId }) => `${key} = ${pageId}`).join(', '));
}
