// A file as the walk hands it to the plan: the first step's output, which every later step names.
import type { DecodedText } from './decode';

export interface SourceFile {
  /** Identifies the file to the link store (the editor: its URI; the command line: its path). */
  key: string;
  /** How people know the file: a workspace-relative path. */
  label: string;
  text: string;
  /**
   * Why the file cannot be published although the walk found it (a symbolic link, not a regular file, outside the
   * folders given, not UTF-8, binary): the plan refuses it with this reason and `text` is empty.
   */
  readProblem?: string;
  /**
   * Reads the file again (an open editor's text, else the disk), for sending: a plan of files read through the walk
   * keeps their hashes, not their texts, and the runner reads each again when it sends it (plannedContent.ts).
   * Absent for a text that exists only in memory (one editor's document): its plan keeps the content.
   */
  readAgain?(): Promise<DecodedText>;
  /**
   * Whether the file still holds `text`, checked a piece at a time against its bytes: offered for a large file read
   * through a port that can (the command line's, sources.ts), whose plan then keeps its content and sends it when the
   * file is unchanged, where reading it again made a second copy of it (plannedContent.ts). False when unsure (the
   * caller then reads the file again, which says what became of it).
   */
  unchangedSinceRead?(): Promise<boolean>;
}
