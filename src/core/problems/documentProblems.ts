// The problems of the file open in an editor, decided by the plan of the publish that would send it (issue 83, "Problems,
// not just a plan"): a file of a published page tree (a .wiki-pages.json above it records where the tree hangs) as that
// tree's publish decides its links; any other file as a publish of it on its own decides them. Nothing is read from the
// wiki: whether a file, a heading or a page is there is known from the disk and the records.
import type { PageLink } from '../links/pageLink';
import { inspectMarkdown } from '../publish/inspect';
import { findFrontMatter, frontMatterBody } from '../markdown/frontMatter';
import { planFileLinks, type FileLinkPorts, type OutsideLinkPorts } from '../run/fileLinks';
import { planFile } from '../run/plan';
import type { PlanItem, PlanOptions } from '../run/planItem';
import type { SourceFile } from '../walk/sourceFile';
import { runLinks, type RunLinks } from '../tree/runLinks';
import { planTreeOnDisk, type TreeEntryOptions, type TreePlan, type TreePlanOptions } from '../tree/treePlan';
import { digestTreeSource } from '../tree/treeSource';
import type { TreeSource } from '../tree/treePlanTypes';
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
  /** The tree's files, the open documents' texts as the editor has them. */
  sources: readonly SourceFile[];
  /** The tree's plan options: its recorded place, identity and this machine's links; `wiki` is never given. */
  entry: Omit<TreeEntryOptions, 'wiki'>;
  disk: { fs: EntryFs<L>; root: L };
  outside?: OutsideLinkPorts<M>;
}

/**
 * A tree planned for its files' problems: the plan, and its run's view of the links once every page it sends has
 * landed. Made again when a file changes on disk; a file being edited is checked against it as long as its edits leave
 * what the plan took of it as it was (treeFileProblems).
 */
export interface PlannedTree {
  plan: TreePlan;
  links: RunLinks;
  options: TreePlanOptions;
  /** Each file's text as the plan read it, by key. */
  texts: ReadonlyMap<string, string>;
}

/** The tree planned as its publish plans it, without the wiki. */
export async function planTreeForProblems<L, M>(input: TreeProblemsInput<L, M>): Promise<PlannedTree> {
  // The pages outside the folder as a publish finds them, with no space key looked up on the wiki.
  const outside: OutsideLinkPorts<M> | undefined = input.outside && { ...input.outside, siteBase: input.outside.siteBase ?? STAND_IN_SITE, spaceKey: async (spaceId) => spaceId };
  const options: TreePlanOptions = { ...input.entry, pageAccess: true, pageAddresses: true };
  const plan = await planTreeOnDisk(input.sources, options, input.disk, outside);
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
  return { plan, links, options, texts: new Map(input.sources.map((source) => [source.key, source.text])) };
}

/**
 * The problems of a file of the planned tree, as its run decides its links: undefined when the file is no page of the
 * tree (left out, or refused before the tree is shaped: bad front matter, which its publish says); 'replan' when its
 * text now differs from the plan's in what the plan took of it (its front matter, title or links), so the tree is to
 * be planned again. Edits elsewhere in it (its prose, its headings) are checked against the plan as it is.
 */
export function treeFileProblems(planned: PlannedTree, source: SourceFile): LinkProblem[] | undefined | 'replan' {
  const planText = planned.texts.get(source.key);
  if (planText === undefined) return undefined;
  const fresh = digestTreeSource(source, planned.options);
  if (planText !== source.text && takenOf(fresh, source.text) !== takenOf(digestTreeSource({ ...source, text: planText }, planned.options), planText)) return 'replan';
  const page = planned.plan.pages.find((candidate) => candidate.item.file.key === source.key);
  if (page) return problemsOf(source.text, planned.links.decide({ ...page, linkFacts: fresh.linkFacts }).cautions);
  // A file that names its own page is decided as when it is sent, unchanged or not: its links are on its page either way.
  const pinned = planned.plan.pinned.find((item) => item.file.key === source.key);
  return pinned ? problemsOf(source.text, planned.links.decidePinned({ ...pinned, state: 'send' }) ?? []) : undefined;
}

/** What a plan takes of a file that decides how its links are checked: its place, title, front matter and links. */
function takenOf(digested: TreeSource, text: string): string {
  return JSON.stringify([digested.place, digested.title, digested.titleOnly === true, findFrontMatter(text)?.yaml ?? null, digested.linkFacts.destinations]);
}

function problemsOf(text: string, cautions: Parameters<typeof placeProblems>[1]['links']): LinkProblem[] {
  // The images and HTML links as the plan finds them (cautionsFor), in every front end's kind of publish.
  const findings = inspectMarkdown(frontMatterBody(text), { markdownLinks: false });
  return placeProblems(text, { links: cautions, localImages: findings.localImages, htmlLinks: findings.htmlLinks });
}
