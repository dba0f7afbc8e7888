// The wiki's Markdown written back in the file's own forms, for Pull and for Compare alike: each image of a diagram
// the file draws with a Mermaid fence as that fence (diagramForms.ts), each page address and each link to one of the
// page's own headings as the file writes that link (pageLinkForms.ts). A publish made those rewrites; undone, a line
// differs from the file only where someone changed it, not wherever it holds a link or a diagram.
import { withFileDiagramForms } from './diagramForms';
import { frontMatterBody } from '../markdown/frontMatter';
import { fileLinkForms, type PageIdOf, type PublishedPair } from './pageLinkForms';

/**
 * The rewrite, made once for the file's texts (`files`: the file now, and as it was published) and used for each
 * Markdown of the wiki (a base and the page now). `published`: the file as published, when known, and the page that
 * publish made (Pull's base), which tell the anchors of links to other pages apart (pageLinkForms.ts).
 */
export function fileFormsOf(files: string | readonly string[], pageIdOf: PageIdOf | undefined, published?: PublishedPair): (markdown: string) => string {
  const links = fileLinkForms(files, pageIdOf, published);
  return (markdown) => links(withFileDiagramForms(markdown, files));
}

/** A page's export as the file (`fileText`, front matter and all) would write it: Compare's side of the wiki. */
export function pageInFileForms(markdown: string, fileText: string, pageIdOf: PageIdOf | undefined): string {
  return fileFormsOf(frontMatterBody(fileText), pageIdOf)(markdown);
}
