// What a run's link planning asks of its front end (fileLinks.ts, linkedFiles.ts, outsideLinks.ts): the file system,
// the links this machine and the repository record, and the wiki's address. Apart, so those files need not import
// each other for it.
import type { TreeMessages } from '../messages/treeMessages';
import type { PageLink, RepositoryLinks } from '../links/pageLink';
import type { WalkFs } from '../walk/walkFs';

export interface FileLinkPorts<L> {
  /** The run's file system (the walk's port): a link's file is looked up and read through it, never through a link. */
  fs: Pick<WalkFs<L>, 'type' | 'list' | 'read' | 'child' | 'key' | 'label' | 'parent' | 'baseName'>;
  /**
   * The folder a run may look in that holds a file (the command line's working folder, the editor's workspace
   * folder) and the file's '/'-separated path in it; undefined outside every such folder: its links reach no page.
   */
  placeOf(fileKey: string): { folder: L; path: string } | undefined;
  /** This machine's link of a file (the front end's link store). */
  linkOf(fileKey: string): Promise<PageLink | undefined>;
  /** The pages the nearest .wiki-pages.json of each file records (repositoryLinks, read by the front end). */
  recordedLinks(fileKeys: readonly string[]): Promise<Pick<RepositoryLinks, 'links'>>;
  /** The wiki site's address, which page addresses are made from; undefined when it is not set. */
  siteBase: string | undefined;
  /** The space's key as page addresses write it (addressSpaceKey). */
  spaceKey(spaceId: string): Promise<string>;
  /**
   * Whether a run can learn the ID of a page it creates (page access: sign-in, CI credentials). With it and a site
   * address, a link to a file of the selection that has no page yet is filled in by the run's second pass (flatRun.ts)
   * and is no caution; without, it stays as written until a later publish knows the page.
   */
  pageAccess(): Promise<boolean>;
  /**
   * Whether a page leaves out a first heading that repeats its title, unless its file's front matter says (the
   * editor's setting; the command line never does): a linked file's page then has no such heading to anchor to.
   */
  omitTitleHeading?: boolean;
  /** The words of the link cautions; English when not given. */
  messages?: TreeMessages;
}
