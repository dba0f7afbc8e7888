// A walk's result as the plan's input: every file read and decoded, every refused entry (and every file that cannot
// be read or is not text) a SourceFile with its reason, in label order, so that the plan lists all of them. Each file
// can be read again (SourceFile.readAgain): a plan keeps hashes, not texts, and the runner reads a file when it sends.
import { describeError } from '../log/redact';
import type { SourceFile } from './sourceFile';
import { compareRelativePaths } from './walkRules';
import { turnOfEventLoop } from '../util/eventLoop';
import { mapBounded } from '../util/mapBounded';
import { decodeText, type DecodedText } from './decode';
import { SameText } from './sameText';
import { englishWalkMessages, type WalkMessages } from '../messages/walkMessages';
import type { RefusedEntry, WalkedFile, WalkResult } from './walk';
import type { WalkFs } from './walkFs';

/** Enough reads at once to hide the disk's or the remote file system's latency, few enough to keep file handles free. */
const READ_CONCURRENCY = 8;
/** Files read ahead of their digest when reading synchronously, and the characters that ends a batch sooner. */
const READ_AHEAD_FILES = 64;
const READ_AHEAD_CHARS = 256 * 1024;
/**
 * A file of this many characters or more, read through a port that reads in pieces, is kept with its plan and checked
 * against its bytes when sent (SourceFile.unchangedSinceRead) rather than read again: the second text, with the bytes
 * it was decoded from, was more than twice the file beside the first (a 5 MB file, issue 84). Kept up to the second
 * bound in all, so a plan of many large files holds no more than that of them; the files past it are read again.
 */
const KEEP_FROM_CHARS = 1024 * 1024;
const KEEP_AT_MOST_CHARS = 16 * 1024 * 1024;

export interface SourceOptions<L> {
  fs: WalkFs<L>;
  /** The text a file has in an open editor (unsaved edits included), which wins over the disk. */
  openText?: (key: string) => string | undefined;
  /** The words of read problems; English when not given. */
  messages?: WalkMessages;
  /**
   * Checked before each read: once true, the files not read yet are not read (each is handed on as refused, unread), and
   * what comes back is no plan's input; the caller drops it (the editor's Cancel while 10,000 files are read remotely).
   */
  isCancelled?: () => boolean;
}

export async function sourcesFromWalk<L>(walk: Pick<WalkResult<L>, 'files' | 'refused'>, options: SourceOptions<L>): Promise<SourceFile[]> {
  return eachSourceFromWalk(walk, options, (source) => source);
}

/**
 * Reads the walk's files one by one and hands each to `take` as it is read, keeping only what `take` returns: a plan
 * that keeps each file's facts, not its text, never holds more than a few texts at once. Synchronously when the port
 * can (a local disk: the thread pool costs more than the reads), else a few at a time. In label order.
 */
export async function eachSourceFromWalk<L, T>(walk: Pick<WalkResult<L>, 'files' | 'refused'>, options: SourceOptions<L>, take: (source: SourceFile) => T): Promise<T[]> {
  const entries: Array<WalkedFile<L> | RefusedEntry> = [...walk.files, ...walk.refused].sort((a, b) => compareRelativePaths(a.label, b.label));
  const readSync = options.fs.readSync;
  if (readSync) {
    const readPlain = options.fs.readPlainTextSync;
    // Plain UTF-8 in one step where the port can; anything unusual is read as bytes and decoded strictly.
    const bytes = (file: WalkedFile<L>): Uint8Array | string => readPlain?.call(options.fs, file.readFrom) ?? readSync.call(options.fs, file.readFrom);
    // Read again the same way when sent: a request's wait hides no thread-pool round trips, it adds them. Bound to
    // its file, one function object a file rather than a closure and its context: a plan keeps one for each file.
    const readAgain = async function (this: WalkedFile<L>): Promise<DecodedText> {
      return readTextSync(this, options, bytes);
    };
    const again = (file: WalkedFile<L>): (() => Promise<DecodedText>) => readAgain.bind(file);
    const readPieces = options.openText === undefined ? options.fs.readPiecesSync : undefined;
    let keptChars = 0;
    const kept = (file: WalkedFile<L>, read: DecodedText): (() => Promise<boolean>) | undefined => {
      if (!readPieces || !read.ok || read.text.length < KEEP_FROM_CHARS || keptChars + read.text.length > KEEP_AT_MOST_CHARS) return undefined;
      keptChars += read.text.length;
      return unchangedSinceRead(options.fs, readPieces, file, read.text);
    };
    // Read a few files, then hand them on, rather than one read between two files' digests: the reads of a batch run
    // back to back, with the kernel's and the reader's state still warm (about 5 % of reading and digesting 10,000 small
    // files, `npm run bench`). A batch ends at READ_AHEAD_FILES files or READ_AHEAD_CHARS characters, so a folder of
    // large files still holds few texts at once.
    const taken: T[] = [];
    const batch: Array<DecodedText | undefined> = [];
    for (let start = 0; start < entries.length;) {
      // Before each batch, a turn of the event loop: the requests the caller sent ahead (the command line asks the wiki
      // while the files are read) connect and go out now, not after the last file's digest.
      await turnOfEventLoop();
      let end = start;
      let chars = 0;
      while (end < entries.length && end - start < READ_AHEAD_FILES && chars < READ_AHEAD_CHARS) {
        const entry = entries[end] as WalkedFile<L> | RefusedEntry;
        const read = isRefused(entry) || options.isCancelled?.() ? undefined : readTextSync(entry, options, bytes);
        if (read?.ok) chars += read.text.length;
        batch[end - start] = read;
        end++;
      }
      for (let index = start; index < end; index++) {
        const entry = entries[index] as WalkedFile<L> | RefusedEntry;
        const read = batch[index - start];
        batch[index - start] = undefined;
        taken.push(take(isRefused(entry) ? refusedSource(entry) : read === undefined ? unreadSource(entry) : source(entry, read, again(entry), kept(entry, read))));
      }
      start = end;
    }
    return taken;
  }
  const again = (file: WalkedFile<L>) => (): Promise<DecodedText> => readText(file, options);
  return mapBounded(entries, READ_CONCURRENCY, async (entry) => {
    if (isRefused(entry)) return take(refusedSource(entry));
    if (options.isCancelled?.()) return take(unreadSource(entry));
    return take(source(entry, await readText(entry, options), again(entry)));
  });
}

function isRefused<L>(entry: WalkedFile<L> | RefusedEntry): entry is RefusedEntry {
  return 'reason' in entry;
}

function refusedSource(entry: RefusedEntry): SourceFile {
  return { key: entry.key, label: entry.label, text: '', readProblem: entry.reason };
}

/** A file left unread because the reading was cancelled (SourceOptions.isCancelled): refused, so it is never sent. */
function unreadSource<L>(file: WalkedFile<L>): SourceFile {
  return { key: file.key, label: file.label, text: '', readProblem: 'not read: cancelled' };
}

function source<L>(file: WalkedFile<L>, decoded: DecodedText, readAgain: () => Promise<DecodedText>, unchanged?: () => Promise<boolean>): SourceFile {
  if (!decoded.ok) return { key: file.key, label: file.label, text: '', readProblem: decoded.problem };
  if (unchanged) return { key: file.key, label: file.label, text: decoded.text, readAgain, unchangedSinceRead: unchanged };
  return { key: file.key, label: file.label, text: decoded.text, readAgain };
}

/** SourceFile.unchangedSinceRead of a file read as `text`: its bytes read again a piece at a time, and compared. */
function unchangedSinceRead<L>(fs: WalkFs<L>, readPieces: NonNullable<WalkFs<L>['readPiecesSync']>, file: WalkedFile<L>, text: string): () => Promise<boolean> {
  return async () => {
    const same = new SameText(text);
    try {
      readPieces.call(fs, file.readFrom, (piece) => same.take(piece));
    } catch {
      return false;
    }
    return same.end();
  };
}

/** A file's text: an open editor's (unsaved edits included), else its bytes decoded; a file that cannot be read says why. */
async function readText<L>(file: WalkedFile<L>, options: SourceOptions<L>): Promise<DecodedText> {
  const open = options.openText?.(file.key);
  if (open !== undefined) return { ok: true, text: open };
  try {
    return decodeText(await options.fs.read(file.readFrom), file.label, options.messages ?? englishWalkMessages);
  } catch (error) {
    return { ok: false, problem: (options.messages ?? englishWalkMessages).unreadable(file.label, describeError(error)) };
  }
}

/** `read`: the file's bytes, or its text when the port could tell it is plain UTF-8 (WalkFs.readPlainTextSync). */
function readTextSync<L>(file: WalkedFile<L>, options: SourceOptions<L>, read: (file: WalkedFile<L>) => Uint8Array | string): DecodedText {
  const open = options.openText?.(file.key);
  if (open !== undefined) return { ok: true, text: open };
  try {
    const contents = read(file);
    return typeof contents === 'string' ? { ok: true, text: contents } : decodeText(contents, file.label, options.messages ?? englishWalkMessages);
  } catch (error) {
    return { ok: false, problem: (options.messages ?? englishWalkMessages).unreadable(file.label, describeError(error)) };
  }
}
