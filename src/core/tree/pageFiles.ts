// Which files of a repository are a given wiki page, as its .wiki-pages.json files record them: a file's own entry, or
// a folder's, whose page takes its content from the folder's index, README or <folder>.md (folderPage.ts). A front end
// offers such a file rather than a second copy of the page (Open Wiki Page as Markdown, issue 83). Looked up through the
// walk's port, one name at a time, never through a symbolic link: a repository is untrusted.
import type { PageManifest } from './manifestFormat';
import { entryAt } from '../walk/entryAt';
import type { WalkFs } from '../walk/walkFs';
import { folderContentFile } from './folderPage';
import { nameOf } from '../walk/relativePaths';

export interface RecordedManifest<L> {
  /** The folder the manifest is in: its keys are relative to it. */
  folder: L;
  manifest: PageManifest;
}

/**
 * The regular files that are the page `pageId` by the manifests' records, in the manifests' order: a folder's entry
 * gives its content file, and none when the folder lists its children (no content file). A recorded file that is no
 * longer there is left out.
 */
export async function recordedFilesOfPage<L>(pageId: string, manifests: ReadonlyArray<RecordedManifest<L>>, fs: Pick<WalkFs<L>, 'type' | 'child' | 'list'>): Promise<L[]> {
  const found: L[] = [];
  for (const { folder, manifest } of manifests) {
    for (const [key, entry] of manifest.pages) {
      if (entry.id !== pageId) continue;
      const located = await entryAt(fs, folder, key);
      if (located === undefined) continue;
      if (!key.endsWith('/')) {
        found.push(located);
        continue;
      }
      const files = await fs.list(located).then((entries) => entries.filter((each) => each.kind === 'file').map((each) => ({ path: each.name })), () => []);
      const content = folderContentFile(files, nameOf(key));
      if (content) found.push(fs.child(located, content.path));
    }
  }
  return found;
}
