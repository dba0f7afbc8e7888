// What a plan says of the links of a file that stay as written when it is sent (issue 14, section 3): up to three of
// them, each with why. It takes the place of the caution that every link to a local Markdown file points nowhere.
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

/** The cautions with the 'localLinks' one replaced by one naming the links that stay as written (none when none do). */
export function withLinkCautions(cautions: readonly Caution[], links: readonly LinkCaution[], words: TreeMessages): Caution[] {
  const kept = cautions.filter((caution) => caution.code !== 'localLinks');
  if (links.length === 0) return kept;
  const listed = links.slice(0, 3).map((link) => words.linkWithReason(link.target, REASONS[link.reason](words))).join(', ');
  return [...kept, { code: 'localLinks', message: words.linksStay(links.length, listed, links.length > 3) }];
}
