// A walk's result as the plan's input: every file read and decoded, every refused entry (and every file that cannot
// be read or is not text) a SourceFile with its reason, in label order, so that the plan lists all of them.
import { describeError } from '../log/redact';
import type { SourceFile } from '../run/plan';
import { compareRelativePaths } from '../run/walkRules';
import { mapBounded } from '../util/mapBounded';
import { decodeText } from './decode';
import { englishWalkMessages, type WalkMessages } from '../messages/walkMessages';
import type { WalkResult } from './walk';
import type { WalkFs } from './walkFs';

/** Enough reads at once to hide the disk's or the remote file system's latency, few enough to keep file handles free. */
const READ_CONCURRENCY = 8;

export interface SourceOptions<L> {
  fs: WalkFs<L>;
  /** The text a file has in an open editor (unsaved edits included), which wins over the disk. */
  openText?: (key: string) => string | undefined;
  /** The words of read problems; English when not given. */
  messages?: WalkMessages;
}

export async function sourcesFromWalk<L>(walk: Pick<WalkResult<L>, 'files' | 'refused'>, options: SourceOptions<L>): Promise<SourceFile[]> {
  const messages = options.messages ?? englishWalkMessages;
  const read = await mapBounded(walk.files, READ_CONCURRENCY, async (file): Promise<SourceFile> => {
    const open = options.openText?.(file.key);
    if (open !== undefined) return { key: file.key, label: file.label, text: open };
    let bytes: Uint8Array;
    try {
      bytes = await options.fs.read(file.readFrom);
    } catch (error) {
      return { key: file.key, label: file.label, text: '', readProblem: messages.unreadable(file.label, describeError(error)) };
    }
    const decoded = decodeText(bytes, file.label, messages);
    return decoded.ok ? { key: file.key, label: file.label, text: decoded.text } : { key: file.key, label: file.label, text: '', readProblem: decoded.problem };
  });
  const refused = walk.refused.map((entry): SourceFile => ({ key: entry.key, label: entry.label, text: '', readProblem: entry.reason }));
  return [...read, ...refused].sort((a, b) => compareRelativePaths(a.label, b.label));
}
