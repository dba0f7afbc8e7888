// The wiki's Markdown written back in the file's own forms, for Pull and for Compare alike: each image of a diagram
// the file draws with a Mermaid fence as that fence (diagramForms.ts), each page address and each link to one of the
// page's own headings as the file writes that link (pageLinkForms.ts). A publish made those rewrites; undone, a line
// differs from the file only where someone changed it, not wherever it holds a link or a diagram.
import { withFileDiagramForms } from './diagramForms';
import { splitFrontMatter } from '../publish/frontMatter';
import { withoutNotice } from '../publish/noticeTakenOff';
import type { PublishMarker } from '../publish/publishNotice';
import { publishedFromThisFile } from '../run/publishedFrom';
import { withFileEnding } from './fileEnding';
import { fileLinkForms, type PageIdOf, type PublishedPair } from './pageLinkForms';
import { withTitleHeadingOf } from './titleHeading';

/**
 * The rewrite, made once for the file's texts (`files`: the file now, and as it was published) and used for each
 * Markdown of the wiki (a base and the page now). `published`: the file as published, when known, and the page that
 * publish made (Pull's base), which tell the anchors of links to other pages apart (pageLinkForms.ts).
 */
export function fileFormsOf(files: string | readonly string[], pageIdOf: PageIdOf | undefined, published?: PublishedPair): (markdown: string) => string {
  const links = fileLinkForms(files, pageIdOf, published);
  return (markdown) => links(withFileDiagramForms(markdown, files));
}

/**
 * Whether a notice's marker names the file known by `paths` (its key or label, the file it was before): a notice of its
 * own a colleague moved into a quote or a list item is still its notice (noticeTakenOff.ts). Undefined when none is known.
 */
export function ownMarkerOf(paths: ReadonlyArray<string | undefined>): ((marker: PublishMarker) => boolean) | undefined {
  return paths.some((path) => path !== undefined) ? (marker) => publishedFromThisFile(marker, paths) : undefined;
}

/** How a publish of the file treats its title heading: the omitTitleHeading setting and the page's title. */
export interface TitleSettings {
  omitTitleHeading: boolean;
  pageTitle: string | undefined;
}

/**
 * A page's export as the file (`fileText`, front matter and all) would write it: Compare's side of the wiki, without
 * the page's publish notice (a notice the file quotes, its marker in the file's text, is the file's text). Where a
 * publish leaves the file's title heading out (its front matter, else the setting, says so), the heading is put back
 * where the file has it: the page never shows it, and nobody changed it. `published`: Pull's base for this page, when
 * kept: the anchors a link to a repeated heading went out as (`b.md#intro-1` as `#Intro.1`) are known only from it.
 * The page ends as the file does where only the wiki's normalising and the publish's closing line tell them apart
 * (fileEnding.ts). `filePaths`: the file's key or label, and the file it was before, when known.
 */
export function pageInFileForms(markdown: string, fileText: string, pageIdOf: PageIdOf | undefined, title?: TitleSettings, published?: PublishedPair, filePaths: ReadonlyArray<string | undefined> = []): string {
  const split = splitFrontMatter(fileText);
  const files = published?.file === undefined ? split.content : [published.file, split.content];
  const ownMarker = ownMarkerOf(filePaths);
  const page = fileFormsOf(files, pageIdOf, published)(withoutNotice(markdown, { fileTexts: [fileText, published?.file], ...(ownMarker ? { ownMarker } : {}) }));
  const pageTitle = split.target.pageTitle ?? title?.pageTitle;
  const titled = !(split.omitTitleHeading ?? title?.omitTitleHeading ?? false) || pageTitle === undefined ? page : withTitleHeadingOf(page, split.content, pageTitle);
  return withFileEnding(titled, split.content);
}
