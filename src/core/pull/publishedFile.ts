// The file's Markdown a publish sent, kept with Pull's base (PullBase.fileText) so the merge reads the file's changes
// against the file as it was published, in its own style (fileBase.ts). The file is read after the publish lands
// (the base is exported behind the result), so it is kept only when it still makes exactly what was sent: its content
// made as the publish made it, and that content's hash the one the link recorded. A file edited since is not kept (the
// merge then guesses more carefully), never taken for the published one.
import type { PageLink } from '../links/pageLink';
import { splitFrontMatter } from '../publish/frontMatter';
import { contentHash, deriveContent } from '../run/plannedContent';
import type { ContentRecipe } from '../run/planItem';

/** What decides the content a file sends besides its text: the editor's settings, as a publish reads them. */
export interface PublishedFileSettings {
  omitTitleHeading?: boolean;
  diagramRenderer?: string;
}

/** The file's body (front matter aside) when `text` is what the link's publish sent, else undefined. */
export function publishedFileText(text: string, link: PageLink, settings: PublishedFileSettings): string | undefined {
  if (link.contentSha256 === undefined) return undefined;
  const split = splitFrontMatter(text);
  const recipe: ContentRecipe = {};
  if (settings.diagramRenderer !== undefined) recipe.diagramRenderer = settings.diagramRenderer;
  // As the plan makes it (plan.ts): the front matter over the setting, the title the page's.
  if (split.omitTitleHeading ?? settings.omitTitleHeading ?? false) recipe.omitHeading = link.pageTitle;
  return contentHash(deriveContent(split.content, recipe).content) === link.contentSha256 ? split.content : undefined;
}
