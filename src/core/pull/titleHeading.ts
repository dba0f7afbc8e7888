// The title heading a publish leaves out (omitTitleHeading): the page never had it, so Pull merges the file without it
// and puts it back after, and Compare shows the page with it, where the file has it (not a difference anyone made).
import { omitTitleHeading } from '../markdown/headings/omitTitle';

export interface TitleHeading {
  /** The text before the heading, the heading's lines (with the blank line it takes along), and the text after. */
  before: string;
  heading: string;
  after: string;
}

/** The heading a publish of `body` leaves out for `title`, and the text before and after it; undefined when none. */
export function titleHeadingOf(body: string, title: string): TitleHeading | undefined {
  const without = omitTitleHeading(body, title);
  if (without === body) return undefined;
  const bodyLines = body.split('\n');
  const withoutLines = without.split('\n');
  let at = 0;
  while (at < withoutLines.length && bodyLines[at] === withoutLines[at]) at++;
  const removed = bodyLines.length - withoutLines.length;
  const before = bodyLines.slice(0, at).map((line) => `${line}\n`).join('');
  const heading = bodyLines.slice(at, at + removed).map((line) => `${line}\n`).join('');
  return heading !== '' && body.startsWith(before + heading) ? { before, heading, after: body.slice(before.length + heading.length) } : undefined;
}

/** `page` (the wiki's text in the file's forms) with the file's title heading back where the file has it. */
export function withTitleHeadingOf(page: string, body: string, title: string): string {
  const heading = titleHeadingOf(body, title);
  if (heading === undefined || !page.startsWith(heading.before)) return page;
  return heading.before + heading.heading + page.slice(heading.before.length);
}
