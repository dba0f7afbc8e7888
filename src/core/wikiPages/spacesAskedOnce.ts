// One plan asks the wiki about one moment: the tree's space is resolved by its parent check, by the check of recorded
// pages that name a space, and by the lookups of titles in the space. Asked through this client, each space is asked
// of the wiki once per plan, and the first question can be put early (while the files are still being read), so that
// its answer waits for no one. Only for one plan: a client kept for a session would keep a space that was deleted.
import type { WikiPagesClient } from './client';
import type { SpaceRef } from './pageJson';

/** `pages`, with resolveSpace asked once per space (key or ID as given); a failure is kept too (the same moment). */
export function withSpacesAskedOnce(pages: WikiPagesClient): WikiPagesClient {
  const asked = new Map<string, Promise<SpaceRef | undefined>>();
  const resolveSpace = (keyOrId: string, signal?: AbortSignal): Promise<SpaceRef | undefined> => {
    let answer = asked.get(keyOrId);
    if (answer === undefined) {
      answer = pages.resolveSpace(keyOrId, signal);
      // Asked ahead of its first use, a failure is said where it is awaited, not as an unhandled rejection.
      answer.catch(() => undefined);
      asked.set(keyOrId, answer);
    }
    return answer;
  };
  const numericId = async (spaceId: string, signal?: AbortSignal): Promise<string | undefined> => (/^\d+$/.test(spaceId) ? spaceId : (await resolveSpace(spaceId, signal))?.id);
  return {
    ...(pages.knowsRepository === true ? { knowsRepository: true as const } : {}),
    getPage: (pageId, signal) => pages.getPage(pageId, signal),
    findChildByTitle: (parentId, title, signal) => pages.findChildByTitle(parentId, title, signal),
    listChildren: (parentId, signal) => pages.listChildren(parentId, signal),
    getPages: (pageIds, signal, read) => pages.getPages(pageIds, signal, read),
    pageVersions: (pageId, max, signal) => pages.pageVersions(pageId, max, signal),
    // A key is turned into its ID here, once, rather than by the client on every title asked.
    async findPagesByTitle(spaceId, title, signal) {
      const id = await numericId(spaceId, signal);
      return id === undefined ? [] : pages.findPagesByTitle(id, title, signal);
    },
    async listSpacePages(spaceId, maxRequests, signal) {
      const id = await numericId(spaceId, signal);
      return id === undefined ? [] : pages.listSpacePages(id, maxRequests, signal);
    },
    resolveSpace,
  };
}
