// The local half of a file's state: whether publishing it now would send anything. Asked of the plan itself
// (planFile), so "modified here" hashes exactly what a publish would send (front matter removed, a repeated title
// heading left out when asked, diagrams as the renderer setting makes them) and a file that would publish as
// "unchanged" is never called modified. Many files are planned in short slices with a yield between them, so the
// extension host is never held for long.
import { turnOfEventLoop } from '../util/eventLoop';
import type { PageLink } from '../links/pageLink';
import { planFile } from '../run/plan';
import type { PlanItem, PlanOptions } from '../run/planItem';
import type { SourceFile } from '../walk/sourceFile';

export type LocalPlanOptions = Pick<PlanOptions, 'omitTitleHeading' | 'diagramRenderer'>;

export interface LocalFacts {
  /** The plan's verdict is anything but "unchanged". */
  wouldPublish: boolean;
  /** SHA-256 of what a publish would send now. */
  contentSha256: string;
  /**
   * Where a publish would send it and what closes its content, as the edit guard compares them with the notice its page
   * carries (pageTruth.ts); absent when not known (facts made by hand), and the page is then judged by the link alone.
   */
  sends?: Pick<PlanItem, 'complete' | 'closingLine'>;
}

export function localFacts(file: SourceFile, link: PageLink | undefined, options: LocalPlanOptions = {}): LocalFacts {
  const item = planFile(file, link, options);
  const sends: Pick<PlanItem, 'complete' | 'closingLine'> = { complete: item.complete };
  if (item.closingLine !== undefined) sends.closingLine = item.closingLine;
  return { wouldPublish: item.state !== 'unchanged', contentSha256: item.contentSha256, sends };
}

export interface SliceOptions {
  /** How long one slice of work may hold the thread before yielding (default 8 ms, half a frame). */
  sliceMs?: number;
  signal?: AbortSignal;
  /** How to yield; the default lets every pending I/O callback and timer run first. */
  yieldNow?: () => Promise<void>;
}

const DEFAULT_SLICE_MS = 8;

/** Runs `work` on each item in order, yielding whenever a slice has run for `sliceMs`; rejects when `signal` aborts. */
export async function eachInSlices<T>(items: Iterable<T>, work: (item: T) => void | Promise<void>, options: SliceOptions = {}): Promise<void> {
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  const yieldNow = options.yieldNow ?? turnOfEventLoop;
  let sliceStart = performance.now();
  for (const item of items) {
    options.signal?.throwIfAborted();
    await work(item);
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldNow();
      sliceStart = performance.now();
    }
  }
  options.signal?.throwIfAborted();
}
