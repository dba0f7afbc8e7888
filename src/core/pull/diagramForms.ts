// A page published with a diagram renderer (wikiPublisher.diagrams, --diagrams) holds each Mermaid fence of the file
// as an image, `![Diagram 1](<renderer>/mermaid/png/<encoded source>)`, where the file holds the fence. The base and
// the wiki's page both hold the image, so the fence is a change of the file's against the base: a colleague's edit of
// the line beside it met it in one region, a conflict nobody made, whose wiki side (Accept Incoming) swapped the
// diagram's source for the image. Before the merge, each such image in base and theirs is written back as the file
// writes the fence whose source it carries. An image the colleague removed is gone from theirs, and so from the file.
import { encodeForKroki, findDiagramFences } from '../publish/diagrams';

// An image alone, its alt text with escapes, its destination with or without angle brackets (no title: the publish
// writes none).
const IMAGE = /!\[(?:\\.|[^\]\\\n])*\]\([ \t]*(?:<([^<>\n]*)>|([^\s()<>]+))[ \t]*\)/g;
const RENDERED = '/mermaid/png/';
const ESCAPED = /\\([!-/:-@[-`{-~])/g;

/**
 * `markdown` (a base or the wiki's page now) with each image of a diagram of `ours` written as `ours` writes its fence.
 * `ours` may be several texts of the file (as published, and now): a diagram they write two ways is left an image.
 */
export function withFileDiagramForms(markdown: string, ours: string | readonly string[]): string {
  const texts = typeof ours === 'string' ? [ours] : ours;
  if (!markdown.includes(RENDERED) || !texts.some((text) => /mermaid/i.test(text))) return markdown;
  const fences = new Map<string, string | null>();
  for (const text of texts) for (const fence of findDiagramFences(text)) {
    const encoded = encodeForKroki(fence.source);
    // From the marker on (what stands before it, a list item's or quote's, is on the image's line too), without a
    // CRLF document's \r: the merge reads the exports with LF.
    const written = text.slice(fence.marker, fence.end).replace(/\r$/, '').replace(/\r\n/g, '\n');
    // One diagram written two ways: which one an image stands for cannot be told, so neither is used.
    fences.set(encoded, fences.has(encoded) && fences.get(encoded) !== written ? null : written);
  }
  if (fences.size === 0) return markdown;
  return markdown.replace(IMAGE, (image: string, angled: string | undefined, bare: string | undefined) => {
    // The export may escape the address's punctuation (`\_`) as it does in text.
    const address = (angled ?? bare ?? '').replace(ESCAPED, '$1');
    const at = address.lastIndexOf(RENDERED);
    return (at === -1 ? undefined : fences.get(address.slice(at + RENDERED.length))) ?? image;
  });
}
