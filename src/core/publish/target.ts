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

/** The part of a file's page link that names its page (core/links/pageLink.ts). */
export interface LinkedPage {
  spaceId: string;
  parentId: string;
  pageTitle: string;
}

/**
 * Front matter wins field by field, then the page this file is linked to, then the front end's defaults (the
 * prompts' answers, the command line's flags). A choice to overwrite belongs to one page: the file's own linked page
 * is updated without a question, but a target that differs from it is a new page, so a remembered "overwrite" is
 * never carried over to it. Front matter that says `overwrite` decides (false means never replace, even the linked
 * page). Front matter that pins the page but says nothing of overwrite means the service's default, create only.
 */
export function mergeTargets(frontMatter: PartialTarget, link: LinkedPage | undefined, defaults: PartialTarget = {}): PartialTarget {
  const spaceId = frontMatter.spaceId ?? link?.spaceId ?? defaults.spaceId;
  const parentId = frontMatter.parentId ?? link?.parentId ?? defaults.parentId;
  const pageTitle = frontMatter.pageTitle ?? link?.pageTitle ?? defaults.pageTitle;
  const pinsPage = frontMatter.spaceId !== undefined && frontMatter.parentId !== undefined && frontMatter.pageTitle !== undefined;
  const isLinkedPage = link !== undefined && link.spaceId === spaceId && link.parentId === parentId && link.pageTitle === pageTitle;
  const overwrite = frontMatter.overwrite ?? (isLinkedPage ? true : (defaults.overwrite ?? (pinsPage ? false : undefined)));
  return { spaceId, parentId, pageTitle, overwrite };
}

/** Whether nothing is left to ask of the target. */
export function isCompleteTarget(target: PartialTarget): target is PublishTarget {
  return target.spaceId !== undefined && target.parentId !== undefined && target.pageTitle !== undefined && target.overwrite !== undefined;
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
