import { isPageId, type PublishTarget } from './target';
import type { MarkdownFindings } from './inspect';

/** What stops a publish before any request, with the action that fixes it. */
export interface Blocker {
  code: 'noEndpoint' | 'badEndpoint' | 'noToken' | 'emptyContent' | 'emptyTitle' | 'emptySpace' | 'parentNotDigits' | 'frontMatter' | 'duplicatePage' | 'unreadable' | 'noPageAccess' | 'diagramRenderer' | 'changedSincePlan';
  message: string;
  fix: 'openSettings' | 'setApiToken' | 'editFile' | undefined;
}

/** What the user should know before publishing, and may accept with "Publish Anyway". */
export interface Caution {
  code: 'localImages' | 'largeContent' | 'localLinks' | 'titleInSpace' | 'diagrams';
  message: string;
}

/** The wiki's page size limit is about 1 MB (service facts); beyond it the import may fail or be cut. */
export const LARGE_CONTENT_BYTES = 1_000_000;

export function checkContent(content: string): Blocker | undefined {
  if (content.trim() === '') {
    return { code: 'emptyContent', message: 'There is nothing to publish: the file has no content besides its front matter and white space.', fix: undefined };
  }
  return undefined;
}

export function checkTarget(target: PublishTarget): Blocker | undefined {
  if (!target.spaceId.trim()) return { code: 'emptySpace', message: 'The space is empty. Give a space key such as DOCS, or a space ID.', fix: 'editFile' };
  if (!isPageId(target.parentId)) {
    return { code: 'parentNotDigits', message: `The parent page ID "${target.parentId}" must consist of digits only, such as 123456.`, fix: 'editFile' };
  }
  if (!target.pageTitle.trim()) return { code: 'emptyTitle', message: 'The page title is empty.', fix: 'editFile' };
  return undefined;
}

export function cautionsFor(content: string, findings: MarkdownFindings): Caution[] {
  const cautions: Caution[] = [];
  if (findings.localImages.length > 0) {
    cautions.push({
      code: 'localImages',
      message: `${count(findings.localImages.length, 'local image')} (${preview(findings.localImages)}) will not show on the wiki: it takes only images at public URLs.`,
    });
  }
  if (findings.localMarkdownLinks.length > 0) {
    cautions.push({
      code: 'localLinks',
      message: `${count(findings.localMarkdownLinks.length, 'link')} to other local Markdown files (${preview(findings.localMarkdownLinks)}) will point nowhere on the wiki.`,
    });
  }
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > LARGE_CONTENT_BYTES) {
    cautions.push({
      code: 'largeContent',
      message: `The content is ${(bytes / 1_000_000).toFixed(1)} MB; the wiki's page limit is about 1 MB. Consider splitting it into several pages.`,
    });
  }
  return cautions;
}

function count(n: number, noun: string): string {
  return n === 1 ? `1 ${noun}` : `${n} ${noun}s`;
}

function preview(items: readonly string[]): string {
  const shown = items.slice(0, 3).join(', ');
  return items.length > 3 ? `${shown}, ...` : shown;
}
