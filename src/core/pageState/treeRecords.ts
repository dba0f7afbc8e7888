// Which page the repository records for each file of a published page tree, and which recorded pages no file maps to
// any more. A tree's manifest is keyed by node: a file's own path, or, for the file that gives a folder its page
// (index.md, README.md, <folder>.md), the folder's key ('guide/'). The tree's own shaping decides which file that is,
// so the view maps files exactly as a tree publish would.
import type { ManifestEntry, PageManifest } from '../tree/manifestFormat';
import { nodeOfFile, shapeTree } from '../tree/shape';

export interface TreeFile {
  /** The file's key (the link store's key: a URI or a path). */
  key: string;
  /** '/'-separated, relative to the manifest's folder. */
  relPath: string;
}

export interface RecordedPage {
  pageId: string;
  title: string;
  /** The manifest key that records it. */
  manifestKey: string;
}

export interface TreeRecords {
  /** By file key. */
  recorded: Map<string, RecordedPage>;
  /** Entries whose file or folder is gone (whether another file maps to their page is for the caller to say). */
  gone: Array<[key: string, entry: ManifestEntry]>;
}

export function treeRecords(manifest: PageManifest, files: readonly TreeFile[]): TreeRecords {
  const tree = shapeTree(files.map((file) => ({ path: file.relPath, title: '' })), '');
  const recorded = new Map<string, RecordedPage>();
  for (const file of files) {
    const node = nodeOfFile(tree, file.relPath);
    const entry = node ? manifest.pages.get(node.path) : undefined;
    if (node && entry) recorded.set(file.key, { pageId: entry.id, title: entry.title, manifestKey: node.path });
  }
  const gone = [...manifest.pages].filter(([key]) => !tree.byPath.has(key));
  return { recorded, gone };
}
