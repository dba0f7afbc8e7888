// The problems of the file open in an editor, decided by the plan of the publish that would send it (issue 83, "Problems,
// not just a plan"): a file of a published page tree (a .wiki-pages.json above it records where the tree hangs) as that
// tree's publish decides its links; any other file as a publish of it on its own decides them. Nothing is read from the
// wiki: whether a file, a heading or a page is there is known from the disk and the records.
import type { PageLink } from '../links/pageLink';
import { inspectMarkdown } from '../publish/inspect';
import { frontMatterBody } from '../markdown/frontMatter';
import { planFileLinks, type FileLinkPorts, type OutsideLinkPorts } from '../run/fileLinks';
import { planFile, type PlanItem, type PlanOptions, type SourceFile } from '../run/plan';
import { runLinks } from '../tree/runLinks';
import { planTreeOnDisk, type TreeEntryOptions } from '../tree/treePlan';
import type { EntryFs } from '../walk/entryAt';
import { placeProblems, type LinkProblem } from './linkProblems';

/** The address links are decided with: only whether a page has one matters here, never what it is. */
const STAND_IN_SITE = 'https://wiki.invalid';

/** A file published on its own is a page to be when it has a page or its front matter names one. */
function publishes(item: PlanItem): boolean {
  const named = item.prepared.frontMatterTarget;
  return item.link !== undefined || item.prepared.frontMatterPageId !== undefined || named.spaceId !== undefined || named.parentId !== undefined || named.pageTitle !== undefined;
}

/**
 * The problems of a file published on its own, as that publish plans it (planFile, planFileLinks, as the editor's
 * Publish does): undefined for a file that is no page to be (never published, no page named in its front matter), whose
 * first publish says its cautions itself. `link`: its page as the publish finds it (this machine's record, the page it
 * was opened from, the repository's record).
 */
export async function flatLinkProblems<L>(source: SourceFile, link: PageLink | undefined, options: PlanOptions, ports: FileLinkPorts<L>): Promise<LinkProblem[] | undefined> {
  const item = planFile(source, link, options);
  if (!publishes(item)) return undefined;
  // Without page access, as a publish of one file: it has no second pass, so a link to a file without a page stays.
  const links = await planFileLinks([source], [item], { ...ports, siteBase: ports.siteBase ?? STAND_IN_SITE, spaceKey: async (spaceId) => spaceId, pageAccess: async () => false });
  return problemsOf(source.text, links.linkCautions(source.key));
}

/** What a file of a published tree needs: the tree's files as a publish of the tree reads them, and how it plans them. */
export interface TreeProblemsInput<L, M> {
  /** The open file's key; `sources` holds it with its text as the editor has it. */
  fileKey: string;
  sources: readonly SourceFile[];
  /** The tree's plan options: its recorded place, identity and this machine's links; `wiki` is never given. */
  entry: Omit<TreeEntryOptions, 'wiki'>;
  disk: { fs: EntryFs<L>; root: L };
  outside?: OutsideLinkPorts<M>;
}

/**
 * The problems of a file of a page tree, as the tree's run decides its links once every page of the run has landed:
 * a link to a page the run creates reaches it (a second pass fills it in) and is checked against that page's headings,
 * as the plan foresees it. Undefined when the file is no page of the tree (left out, or refused before the tree is
 * shaped: bad front matter, which its publish says).
 */
export async function treeLinkProblems<L, M>(input: TreeProblemsInput<L, M>): Promise<LinkProblem[] | undefined> {
  // The pages outside the folder as a publish finds them, with no space key looked up on the wiki.
  const outside: OutsideLinkPorts<M> | undefined = input.outside && { ...input.outside, siteBase: input.outside.siteBase ?? STAND_IN_SITE, spaceKey: async (spaceId) => spaceId };
  const plan = await planTreeOnDisk(input.sources, { ...input.entry, pageAccess: true, pageAddresses: true }, input.disk, outside);
  const page = plan.pages.find((candidate) => candidate.item.file.key === input.fileKey);
  const pinned = page ? undefined : plan.pinned.find((item) => item.file.key === input.fileKey);
  if (!page && !pinned) return undefined;
  const identity = input.entry.identity;
  const addressOf = (pageId: string): string => `${STAND_IN_SITE}/pages/${pageId}`;
  const links = await runLinks(plan, {
    recorded: (key) => (plan.refusedEntries?.has(key) ? undefined : identity.get(key)),
    addressOf, addressInSpace: async () => addressOf, addressable: true,
  });
  // Every page the run sends has landed: each has an ID, as a second pass gives the links that waited for it.
  for (const each of plan.pages) if (links.idForLinks(each.key) === undefined && links.sending.has(each.key)) links.ids.set(each.key, `new:${each.key}`);
  for (const item of plan.pinned) {
    const key = links.pinnedKeyOf(item);
    if (key !== undefined && item.state === 'send' && item.complete) links.pinnedLanded.set(key, { id: `new:${key}`, title: item.complete.pageTitle });
  }
  const source = input.sources.find((candidate) => candidate.key === input.fileKey);
  if (!source) return undefined;
  // A file that names its own page is decided as when it is sent, unchanged or not: its links are on its page either way.
  const cautions = page ? links.decide(page).cautions : pinned ? (links.decidePinned({ ...pinned, state: 'send' }) ?? []) : [];
  return problemsOf(source.text, cautions);
}

function problemsOf(text: string, cautions: Parameters<typeof placeProblems>[1]['links']): LinkProblem[] {
  // The images and HTML links as the plan finds them (cautionsFor), in every front end's kind of publish.
  const findings = inspectMarkdown(frontMatterBody(text), { markdownLinks: false });
  return placeProblems(text, { links: cautions, localImages: findings.localImages, htmlLinks: findings.htmlLinks });
}
