// A record the run could not write (the --state file, a tree's .wiki-pages.json: a folder the job's user cannot write
// in, a full disk): said on stderr, in the summary's `notWritten`, the Action's annotation and its job summary, in the
// same words. The pages landed all the same; what is lost is what the next run knows of them.
import { englishManifestMessages } from '../core/messages/manifestMessages';
import { reasonClause } from '../core/text/reasonClause';
import { manifestNotWrittenMessage as manifestNotWrittenSentence, type NotRecordedPage } from '../core/tree/manifestNotWritten';

export { reasonClause };

/** One file of the run's record that could not be written, and why (the error as the run met it). */
export interface NotWrittenRecord {
  file: string;
  reason: string;
}

export function stateNotWrittenMessage(file: string, reason: string): string {
  return `The state file ${file} could not be written: ${reasonClause(reason)}. The next run will not know what this one published.`;
}

/** `notRecorded`: the page IDs the file does not hold, which the user can add by hand (the core's sentence, the editor's too). */
export function manifestNotWrittenMessage(file: string, reason: string, notRecorded: readonly NotRecordedPage[]): string {
  return manifestNotWrittenSentence(englishManifestMessages, file, reason, notRecorded);
}
