import type { Transport } from '../http/transport';
import { sendImportAttempt } from '../importApi/attempt';
import { withRetries, type RetryHooks } from '../importApi/client';
import { detached, detachedAll } from '../util/detached';
import { splitFrontMatter } from './frontMatter';
import { inspectMarkdown, type MarkdownFindings } from './inspect';
import type { PublishMessages } from '../messages/publishMessages';
import { outcomeOf, type PublishOutcome } from './outcome';
import type { PartialTarget, PublishTarget } from './target';

export interface PreparedDocument {
  /** What is sent: the text without its front matter. */
  content: string;
  frontMatterTarget: Readonly<PartialTarget>;
  /** A top-level `title:` of the front matter, if any. */
  frontMatterTitle: string | undefined;
  frontMatterProblems: readonly string[];
  /** `wiki.pageId`: the page this file was opened from. */
  frontMatterPageId?: string;
  /** `omitTitleHeading` from the front matter, when it says. */
  omitTitleHeading?: boolean;
  findings: MarkdownFindings;
}

/** What a file whose front matter names nothing of its page shares with every other such file. */
export const NO_TARGET: Readonly<PartialTarget> = Object.freeze({});
const NO_PROBLEMS: readonly string[] = Object.freeze([]);

/**
 * The text's front matter and findings, and the content to send. What a plan keeps of it (the front matter's facts,
 * the first heading) is copied apart from the text (util/detached.ts), so a plan that keeps these facts and lets the
 * content go does not keep the text alive. The findings' lists are not: they are worded into cautions as the file is
 * planned (a plan item keeps the first heading only), and copying them cost two strings a link of every file.
 * `inspecting`: what inspectMarkdown looks for.
 */
export function prepareDocument(text: string, messages?: PublishMessages, inspecting?: { markdownLinks?: boolean }): PreparedDocument {
  const split = splitFrontMatter(text, messages);
  const findings = inspectMarkdown(split.content, inspecting);
  // Member by member, without entry arrays or spreads: a tree plan prepares 10,000 documents. A file whose front
  // matter names nothing of its page (most files) shares one empty target, and one empty list of problems: a plan
  // keeps them, and an object of its own each was one more for the collector to carry for every file.
  let target: PartialTarget | undefined;
  for (const key in split.target) {
    const value = split.target[key as keyof PartialTarget];
    target ??= {};
    (target as Record<string, unknown>)[key] = typeof value === 'string' ? detached(value) : value;
  }
  if (findings.firstHeading !== undefined) findings.firstHeading = detached(findings.firstHeading);
  const prepared: PreparedDocument = {
    content: split.content,
    frontMatterTarget: target ?? NO_TARGET,
    frontMatterTitle: split.title === undefined ? undefined : detached(split.title),
    frontMatterProblems: split.problems.length === 0 ? NO_PROBLEMS : detachedAll(split.problems),
    findings,
  };
  if (split.pageId) prepared.frontMatterPageId = detached(split.pageId);
  if (split.omitTitleHeading !== undefined) prepared.omitTitleHeading = split.omitTitleHeading;
  return prepared;
}

export interface ImportPageOptions extends RetryHooks {
  endpoint: URL;
  token: string;
  target: PublishTarget;
  /** The Markdown sent: one text, or parts sent one after another (the file's content, then its notice, not joined). */
  content: string | readonly string[];
  /** The editor's (VS Code's network stack) or the command line's (undici with the environment's proxy). */
  transport: Transport;
  deadlineMs: number;
  /** The words of the outcome; English when not given (the command line). */
  messages?: PublishMessages;
}

/** Sends the page with retries and says what happened, as a value the editor renders. */
export async function importPage(options: ImportPageOptions): Promise<PublishOutcome> {
  const body = { ...options.target, content: options.content };
  const result = await withRetries(
    () => sendImportAttempt({ endpoint: options.endpoint, token: options.token, body, transport: options.transport, deadlineMs: options.deadlineMs, signal: options.signal }),
    options,
  );
  return outcomeOf(result, options.target, options.messages);
}
