/** Where a page goes: spec 2.1's spaceId, parentId, pageTitle and overwrite. Every part may still be unknown. */
export interface PartialTarget {
  spaceId?: string;
  parentId?: string;
  pageTitle?: string;
  overwrite?: boolean;
}

export interface PublishTarget {
  spaceId: string;
  parentId: string;
  pageTitle: string;
  overwrite: boolean;
}

/**
 * Front matter wins field by field, then what this file was last published to. Front matter that pins the page
 * (space, parent and title) but says nothing of overwrite means the service's default, create only: a file that
 * names its page should publish without a question.
 */
export function mergeTargets(frontMatter: PartialTarget, remembered: PartialTarget | undefined): PartialTarget {
  const pinsPage = frontMatter.spaceId !== undefined && frontMatter.parentId !== undefined && frontMatter.pageTitle !== undefined;
  return {
    spaceId: frontMatter.spaceId ?? remembered?.spaceId,
    parentId: frontMatter.parentId ?? remembered?.parentId,
    pageTitle: frontMatter.pageTitle ?? remembered?.pageTitle,
    overwrite: frontMatter.overwrite ?? remembered?.overwrite ?? (pinsPage ? false : undefined),
  };
}

/** A complete target when nothing is left to ask, else undefined. */
export function completeTarget(target: PartialTarget): PublishTarget | undefined {
  const { spaceId, parentId, pageTitle, overwrite } = target;
  if (spaceId === undefined || parentId === undefined || pageTitle === undefined || overwrite === undefined) return undefined;
  return { spaceId, parentId, pageTitle, overwrite };
}

/**
 * The title to offer: front matter (`wiki.pageTitle`, else a top-level `title` as static site generators use),
 * else the first level-one heading, else the file name without its extension.
 */
export function suggestTitle(frontMatterTitle: string | undefined, firstHeading: string | undefined, fileName: string): string {
  if (frontMatterTitle?.trim()) return frontMatterTitle.trim();
  if (firstHeading?.trim()) return firstHeading.trim();
  const base = fileName.replace(/^.*[\\/]/, '');
  return base.replace(/\.(md|markdown|mdown|mkd)$/i, '') || base;
}

export function isPageId(value: string): boolean {
  return /^\d+$/.test(value);
}
