// Planning: what each file would become on the wiki, decided before anything is sent. One file (the editor's
// Publish), many files (a folder from the Explorer) and the command line all plan the same way: the target from
// front matter, then the file's page link, then the front end's defaults; preflight refusals and cautions; files
// that changed nothing since their last publish; and files of one plan that would land on the same page.
import { createHash } from 'node:crypto';
import { linkNames, type PageLink } from '../links/pageLink';
import { prepareDocument, type PreparedDocument } from '../publish/pipeline';
import { cautionsFor, checkContent, checkTarget, type Blocker, type Caution } from '../publish/preflight';
import { completeTarget, mergeTargets, suggestTitle, type PartialTarget, type PublishTarget } from '../publish/target';
import { omitTitleHeading } from '../publish/titleHeading';

export interface SourceFile {
  /** Identifies the file to the link store (the editor: its URI; the command line: its path). */
  key: string;
  /** How people know the file: a workspace-relative path. */
  label: string;
  text: string;
}

export interface PlanOptions {
  /** Fills what neither front matter nor the link gives (prompt answers, command-line flags). */
  defaults?: PartialTarget;
  /** Many files: each file's title comes from its own front matter, first heading or name when nothing else gives one. */
  titleFromFile?: boolean;
  /** Publish files whose content and target are what they last published. */
  force?: boolean;
  /** Leave out a first `# ` heading that repeats the page title (the setting; front matter overrides it). */
  omitTitleHeading?: boolean;
}

export type PlanState =
  /** Ready to send. */
  | 'send'
  /** Content and target equal this file's last successful publish. */
  | 'unchanged'
  /** Preflight or the plan refuses it (see `refusals`). */
  | 'refused'
  /** Some of space, parent, title or overwrite is still unknown: the front end asks, then plans again. */
  | 'incomplete';

export interface PlanItem {
  file: SourceFile;
  prepared: PreparedDocument;
  /** The Markdown that would be sent: without front matter, and without a repeated title heading when asked. */
  content: string;
  /** SHA-256 (hex) of the Markdown that would be sent. */
  contentSha256: string;
  link: PageLink | undefined;
  target: PartialTarget;
  /** The target when nothing is missing. */
  complete: PublishTarget | undefined;
  suggestedTitle: string;
  /** True when the target is the page this file is linked to (a republish of its own page). */
  linkedPage: boolean;
  state: PlanState;
  refusals: Blocker[];
  cautions: Caution[];
}

export interface PlanCounts {
  files: number;
  send: number;
  /** Sending that creates a page, as far as can be known: not this file's linked page. */
  newPages: number;
  /** Sending that updates this file's linked page. */
  updates: number;
  unchanged: number;
  refused: number;
  incomplete: number;
  withCautions: number;
}

export function contentHash(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

/** Plans one file. The file's own refusals only: duplicates across files are found by planFiles. */
export function planFile(file: SourceFile, link: PageLink | undefined, options: PlanOptions = {}): PlanItem {
  const prepared = prepareDocument(file.text);
  const suggestedTitle = suggestTitle(prepared.frontMatterTarget.pageTitle ?? prepared.frontMatterTitle, prepared.findings.firstHeading, file.label);
  const defaults = options.titleFromFile ? { pageTitle: suggestedTitle, ...options.defaults } : (options.defaults ?? {});
  const target = mergeTargets(prepared.frontMatterTarget, link, defaults);
  const complete = completeTarget(target);
  const omit = prepared.omitTitleHeading ?? options.omitTitleHeading ?? false;
  const content = omit && complete ? omitTitleHeading(prepared.content, complete.pageTitle) : prepared.content;
  const contentSha256 = contentHash(content);
  const refusals: Blocker[] = [];
  if (prepared.frontMatterProblems.length > 0) {
    refusals.push({ code: 'frontMatter', message: prepared.frontMatterProblems.join(' '), fix: 'editFile' });
  }
  const emptiness = checkContent(content);
  if (emptiness) refusals.push(emptiness);
  const targetProblem = complete ? checkTarget(complete) : undefined;
  if (targetProblem) refusals.push(targetProblem);
  const linkedPage = complete !== undefined && linkNames(link, complete);
  const unchanged = !options.force && linkedPage && link?.contentSha256 === contentSha256;
  const state: PlanState = refusals.length > 0 ? 'refused' : !complete ? 'incomplete' : unchanged ? 'unchanged' : 'send';
  return {
    file, prepared, content, contentSha256, link, target, complete, suggestedTitle, linkedPage, state, refusals,
    cautions: cautionsFor(content, prepared.findings),
  };
}

/** Plans many files and refuses every file of a group that would land on the same page. */
export function planFiles(files: readonly SourceFile[], links: ReadonlyMap<string, PageLink | undefined>, options: PlanOptions = {}): PlanItem[] {
  const items = files.map((file) => planFile(file, links.get(file.key), options));
  const byPage = new Map<string, PlanItem[]>();
  for (const item of items) {
    if (!item.complete || item.state === 'refused') continue;
    const key = JSON.stringify([item.complete.spaceId, item.complete.parentId, item.complete.pageTitle]);
    byPage.set(key, [...(byPage.get(key) ?? []), item]);
  }
  for (const group of byPage.values()) {
    if (group.length < 2) continue;
    for (const item of group) {
      const others = group.filter((other) => other !== item).map((other) => other.file.label).join(', ');
      item.refusals.push({
        code: 'duplicatePage',
        message: `It would land on the same page as ${others} ("${item.complete?.pageTitle}" under parent ${item.complete?.parentId} in space ${item.complete?.spaceId}). Give each file its own title.`,
        fix: 'editFile',
      });
      item.state = 'refused';
    }
  }
  return items;
}

export function countPlan(items: readonly PlanItem[]): PlanCounts {
  const counts: PlanCounts = { files: items.length, send: 0, newPages: 0, updates: 0, unchanged: 0, refused: 0, incomplete: 0, withCautions: 0 };
  for (const item of items) {
    if (item.state === 'send') {
      counts.send++;
      if (item.linkedPage) counts.updates++;
      else counts.newPages++;
    } else counts[item.state]++;
    if (item.cautions.length > 0 && item.state !== 'refused') counts.withCautions++;
  }
  return counts;
}

/** The link a successful publish leaves: the target, the content's hash, and what is known of the page. */
export function linkAfterPublish(item: PlanItem, target: PublishTarget, now: number): PageLink {
  // The same page as before keeps its known ID and address; the version is read again after the publish.
  const samePage = linkNames(item.link, target);
  return {
    spaceId: target.spaceId, parentId: target.parentId, pageTitle: target.pageTitle,
    ...(samePage && item.link?.pageId ? { pageId: item.link.pageId } : {}),
    ...(samePage && item.link?.url ? { url: item.link.url } : {}),
    contentSha256: item.contentSha256,
    publishedAt: now,
  };
}
