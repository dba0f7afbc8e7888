// A record the run could not write (the --state file, a tree's .wiki-pages.json: a folder the job's user cannot write
// in, a full disk): said on stderr, in the summary's `notWritten`, the Action's annotation and its job summary, in the
// same words. The pages landed all the same; what is lost is what the next run knows of them.
import { counted } from './counted';

/** One file of the run's record that could not be written, and why (the error as the run met it). */
export interface NotWrittenRecord {
  file: string;
  reason: string;
}

/** The reason as a clause ending where the message goes on: a refusal's own sentence keeps no full stop of its own. */
export function reasonClause(reason: string): string {
  return reason.replace(/\.+$/, '');
}

export function stateNotWrittenMessage(file: string, reason: string): string {
  return `The state file ${file} could not be written: ${reasonClause(reason)}. The next run will not know what this one published.`;
}

/** `notRecorded`: the page IDs the file does not hold, which the user can add by hand (key = page ID). */
export function manifestNotWrittenMessage(file: string, reason: string, notRecorded: ReadonlyArray<{ key: string; pageId: string }>): string {
  const listed = notRecorded.length === 0 ? ''
    : ` ${counted(notRecorded.length, 'page ID was', 'page IDs were')} not recorded in it: ${notRecorded.map(({ key, pageId }) => `${key} = ${pageId}`).join(', ')}. Add them to it by hand and commit it, so teammates and CI publish to the same pages.`;
  return `${file} could not be written: ${reasonClause(reason)}.${listed}`;
}
