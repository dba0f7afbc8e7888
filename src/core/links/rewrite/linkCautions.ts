// What a plan says of the links of a file that stay as written when it is sent (issue 14, section 3): up to three of
// them, each with why; and apart from them the links that reach their page but not the heading they name (the page
// has no such heading: the link opens the page's top). It takes the place of the caution that every link to a local
// Markdown file points nowhere.
import type { TreeMessages } from '../../messages/treeMessages';
import type { Caution } from '../../publish/preflight';
import type { LinkCaution, LinkCautionReason } from './rewriteLinks';

const REASONS: Record<LinkCautionReason, (words: TreeMessages) => string> = {
  outsideRun: (words) => words.linkOutsideRun(),
  unknownPage: (words) => words.linkUnknownPage(),
  noPageYet: (words) => words.linkNoPageYet(),
  notMarkdown: (words) => words.linkNotMarkdown(),
  unknownAnchor: (words) => words.linkUnknownAnchor(),
  unknownOwnAnchor: (words) => words.linkUnknownOwnAnchor(),
  noSiteAddress: (words) => words.linkNoSiteAddress(),
};

/**
 * The cautions with the 'localLinks' ones replaced by one naming the links that stay as written and one naming the
 * links that reach their page without the heading they name (none when none do).
 */
export function withLinkCautions(cautions: readonly Caution[], links: readonly LinkCaution[], words: TreeMessages): Caution[] {
  const kept = cautions.filter((caution) => caution.code !== 'localLinks');
  if (links.length === 0) return kept;
  const listed = (some: readonly LinkCaution[]): string => some.slice(0, 3).map((link) => words.linkWithReason(link.target, REASONS[link.reason](words))).join(', ');
  const stay = links.filter((link) => link.reason !== 'unknownAnchor');
  const toPage = links.filter((link) => link.reason === 'unknownAnchor');
  return [
    ...kept,
    ...(stay.length > 0 ? [{ code: 'localLinks' as const, message: words.linksStay(stay.length, listed(stay), stay.length > 3) }] : []),
    ...(toPage.length > 0 ? [{ code: 'localLinks' as const, message: words.linksMissHeading(toPage.length, listed(toPage), toPage.length > 3) }] : []),
  ];
}
