// What a plan says of the links of a file that stay as written when it is sent (issue 14, section 3): up to three of
// them, each with why; and apart from them the links that reach their page but not the heading they name (the page
// has no such heading: the link opens the page's top), and those that reach it without their query (`?plain=1`). It takes the place of the caution that every link to a local
// Markdown file points nowhere.
import { englishTreeMessages, type TreeMessages } from '../../messages/treeMessages';
import { detached } from '../../util/detached';
import type { Caution } from '../../publish/preflight';
import type { LinkCaution, LinkCautionReason } from './rewriteLinks';

const REASONS: Record<LinkCautionReason, (words: TreeMessages) => string> = {
  outsideRun: (words) => words.linkOutsideRun(),
  unknownPage: (words) => words.linkUnknownPage(),
  refusedPage: (words) => words.linkRefusedPage(),
  noFile: (words) => words.linkNoFile(),
  noPageYet: (words) => words.linkNoPageYet(),
  folderWithoutPage: (words) => words.linkFolderWithoutPage(),
  notMarkdown: (words) => words.linkNotMarkdown(),
  backslashPath: (words) => words.linkBackslashPath(),
  unknownAnchor: (words) => words.linkUnknownAnchor(),
  unknownOwnAnchor: (words) => words.linkUnknownOwnAnchor(),
  queryDropped: (words) => words.linkQueryDropped(),
};

/** Why a link stays as written, in words (the editor's log says this in English, never the reason's code). */
export function linkCautionReasonText(reason: LinkCautionReason, words: TreeMessages = englishTreeMessages): string {
  return REASONS[reason](words);
}

/**
 * The cautions with the 'localLinks' ones replaced by one naming the links that stay as written and one naming the
 * links that reach their page without the heading they name (none when none do).
 */
export function withLinkCautions(cautions: Caution[], links: readonly LinkCaution[], words: TreeMessages): Caution[] {
  // Most pages have no link caution, before or after: their list is kept as it is, not copied (10,000 pages of a plan).
  if (links.length === 0 && !cautions.some((caution) => caution.code === 'localLinks')) return cautions;
  const kept = cautions.filter((caution) => caution.code !== 'localLinks');
  if (links.length === 0) return kept;
  // One pass over the links (a plan of 10,000 pages words the cautions of every page): the first three of each kind
  // listed, each kind counted. A reason shared by every link that stays is said once, not after each of them (a file
  // whose links all name files that are not there).
  let stay = 0;
  let toPage = 0;
  let withoutQuery = 0;
  let sharedReason: LinkCautionReason | undefined;
  let mixed = false;
  const stayListed: LinkCaution[] = [];
  const toPageListed: string[] = [];
  const withoutQueryListed: string[] = [];
  for (const link of links) {
    if (link.reason === 'unknownAnchor') {
      if (++toPage <= 3) toPageListed.push(link.target);
      continue;
    }
    if (link.reason === 'queryDropped') {
      if (++withoutQuery <= 3) withoutQueryListed.push(link.target);
      continue;
    }
    if (++stay <= 3) stayListed.push(link);
    if (sharedReason === undefined) sharedReason = link.reason;
    else if (link.reason !== sharedReason) mixed = true;
  }
  let staying: Caution | undefined;
  if (sharedReason !== undefined) {
    const message = mixed || stay === 1
      ? words.linksStay(stay, stayListed.map((link) => words.linkWithReason(link.target, REASONS[link.reason](words))).join(', '), stay > 3)
      : words.linksStayBecause(stay, REASONS[sharedReason](words), stayListed.map((link) => link.target).join(', '), stay > 3);
    // One string of its own: the words are joined from pieces, each an object kept with the plan (10,000 pages).
    staying = { code: 'localLinks', message: detached(message), targets: stayListed.map((link) => detached(link.target)) };
  }
  const missing: Caution | undefined = toPage > 0
    ? { code: 'localLinks', message: words.linksMissHeading(toPage, toPageListed.join(', '), toPage > 3), targets: toPageListed.map(detached) } : undefined;
  const queryless: Caution | undefined = withoutQuery > 0
    ? { code: 'localLinks', message: words.linksDropQuery(withoutQuery, withoutQueryListed.join(', '), withoutQuery > 3), targets: withoutQueryListed.map(detached) } : undefined;
  // A list made at its length: one grown by a push keeps room for sixteen more, and a plan keeps one for every page.
  const added: Caution[] = queryless === undefined
    ? (staying && missing ? [staying, missing] : staying ? [staying] : missing ? [missing] : [])
    : [...(staying ? [staying] : []), ...(missing ? [missing] : []), queryless];
  return kept.length === 0 ? added : kept.concat(added);
}
