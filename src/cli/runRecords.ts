// Everything a run recorded (Output.record), gathered for the renderings made at its end: the plan as Markdown, the
// JUnit report, the GitHub Action's annotations, outputs and results file. The records are the --json ones, already
// redacted, so no rendering can carry a secret.
import { laterResultCounts } from '../core/run/runner';
import type { FileRecord, PlanRecord } from './fileRecords';
import type { LandedAddress } from './pageNames';
import type { NotWrittenRecord } from './notWritten';

/** Why a page whose file did not change goes (the records' `relinked`): the plan and the run say it alike. */
export const RELINKED_TEXT = 'file unchanged: sent so its links reach a page made anew';

export interface TreeInfo {
  key: string;
  depth: number;
  kind?: string;
  generated?: boolean;
  pass?: number;
  /** The tree page it goes under, when that page's ID is not known before sending (a folder page this run creates). */
  parentKey?: string;
  parentTitle?: string;
}

/**
 * The page a planned page goes under, as people read it: its ID, or for a tree page whose parent is a page of the
 * tree with no ID before sending (a folder page the run creates first) that page's title; for a file refused before
 * the tree was shaped whose folder is no page of the plan, that folder.
 */
export function parentText(record: { parentId?: string; tree?: { parentKey?: string; parentTitle?: string } }): string {
  if (record.parentId !== undefined) return record.parentId;
  if (record.tree?.parentTitle !== undefined) return `the tree's page ${JSON.stringify(record.tree.parentTitle)}`;
  return record.tree?.parentKey !== undefined ? `its folder ${record.tree.parentKey}, which has no page in this plan` : '?';
}

export type PlanEntryRecord = PlanRecord & { tree?: TreeInfo; pageId?: string };
export type FileResultRecord = FileRecord & { tree?: TreeInfo; pageId?: string };

export interface MovesRecord {
  type: 'tree';
  /** `url`: the page's address, when the wiki's address was known. */
  moves: Array<{ oldPath: string; path: string; pageId: string; url?: string }>;
  orphans: Array<{ path: string; pageId: string; title: string; url?: string }>;
  /** Pages whose title changed: published as new pages; the recorded one (titled `title`) stays. */
  retitled?: Array<{ path: string; pageId: string; title: string; newTitle: string; takenBy?: string; url?: string }>;
  /** Renamed with their pages: the page follows the file (the same title under the same parent page). */
  renamed?: Array<{ oldPath: string; path: string; pageId: string; url?: string }>;
  /** Files that name their page moved from a path whose recorded page only the wiki can place (no page access): sent create only. */
  undecided?: Array<{ oldPath: string; path: string; pageId: string }>;
  /** After a run: recorded pages that new pages replaced (retitled, or their folder's page published anew), still on the wiki. */
  leftBehind?: Array<{ path: string; pageId: string; title: string; url?: string; noNotice?: true }>;
}

export interface PlanCheckRecord {
  type: 'planCheck';
  matched: boolean;
  expected: string;
  digest: string;
  wikiChecked: boolean;
  reason?: 'changed' | 'wikiUnknown';
  differences?: Array<{ key: string; change: 'changed' | 'added' | 'removed' }>;
}

export interface SummaryRecord {
  type: 'summary';
  dryRun: boolean;
  exitCode: number;
  interrupted?: boolean;
  planChanged?: boolean;
  plan?: { digest: string; wikiChecked: boolean; entries: Record<string, string> };
  /** The links between files (a tree's or a flat run's) that reach a page yet stay as written, since no page address can be made (no page access, no wiki address). */
  linksWithoutAddress?: number;
  /** Files whose links went out as written because the pages they waited for did not land in this run. */
  linksLeft?: Array<{ file: string; waitsFor: string[]; stopped?: 'notStarted' | 'cancelled' }>;
  /** A tree run's .wiki-pages.json: how many page IDs it recorded there (to commit), or those --no-record kept out. */
  manifest?: { file: string; recorded: number; notRecorded?: Array<{ key: string; pageId: string }> };
  /** The pages published whose file records gave no address, found on the wiki at the end of the run. */
  landed?: LandedAddress[];
  /** The run's records it could not write (--state, a tree's .wiki-pages.json), and why. */
  notWritten?: NotWrittenRecord[];
  [count: string]: unknown;
}

export class RunRecords {
  /** Every record in the order it came, for the action's results file. */
  readonly all: Array<Record<string, unknown>> = [];
  private readonly planned = new Map<string, PlanEntryRecord>();
  private readonly results = new Map<string, FileResultRecord>();
  moves: MovesRecord | undefined;
  check: PlanCheckRecord | undefined;
  summary: SummaryRecord | undefined;

  /** Each file's place in the plan's order (an 'order' record), by which its result is listed. */
  private order: ReadonlyMap<string, number> | undefined;
  /** Files whose page this run created, then sent again for its links: said as created, and sent again. */
  private readonly resent = new Set<string>();

  readonly add = (record: Record<string, unknown>): void => {
    // The plan's order is for the renderings only: no --json line says it, so the results file does not either.
    if (record.type === 'order') {
      this.order = new Map((record.files as string[]).map((file, index) => [file, index]));
      return;
    }
    this.all.push(record);
    switch (record.type) {
      case 'plan':
        this.planned.set(String(record.file), record as unknown as PlanEntryRecord);
        break;
      case 'file': {
        // A second pass sends a file again: the result that counts is the core's choice, as in the run's summary.
        const result = record as unknown as FileResultRecord;
        const earlier = this.results.get(result.file);
        // A page this run created and sent again so its links reach pages made after it: the create is what the run
        // did to it ("updated" of a page nobody had seen misled); its second send is said beside it.
        if (earlier?.outcome === 'created' && earlier.status === 'published' && result.status === 'published') {
          this.resent.add(result.file);
          if (earlier.url === undefined && result.url !== undefined) earlier.url = result.url;
          break;
        }
        if (!earlier || laterResultCounts(earlier.status, result.status)) this.results.set(result.file, result);
        break;
      }
      case 'tree':
        this.moves = record as unknown as MovesRecord;
        break;
      case 'planCheck':
        this.check = record as unknown as PlanCheckRecord;
        break;
      case 'summary':
        this.summary = record as unknown as SummaryRecord;
        this.addLanded(this.summary.landed ?? []);
        break;
    }
  };

  /** Each page found after the run goes with its file's result, which the renderings read. */
  private addLanded(landed: readonly LandedAddress[]): void {
    for (const { file, pageId, url } of landed) {
      const result = this.results.get(file);
      if (!result || result.url !== undefined) continue;
      result.pageId ??= pageId;
      if (url !== undefined) result.url = url;
    }
  }

  get plan(): PlanEntryRecord[] {
    return [...this.planned.values()];
  }

  /** Each file's result, in the plan's order when the run gave it (results come as sends end, in any order). */
  get files(): FileResultRecord[] {
    const results = [...this.results.values()];
    const order = this.order;
    if (order === undefined) return results;
    const at = (record: FileResultRecord): number => order.get(record.file) ?? order.size;
    // Stable: a file the order does not name keeps its place among the others at the end.
    return results.sort((a, b) => at(a) - at(b));
  }

  /** Whether this run created the file's page and then sent it again (its second pass, for links to later pages). */
  createdThenResent(file: string): boolean {
    return this.resent.has(file);
  }

  /**
   * The address of each page the records know one of, by ID (the pages of the rows, the pages they go under, a page's
   * parent on the wiki now), for a sentence that names a page only by its title and ID.
   */
  get addresses(): Map<string, string> {
    const known = new Map<string, string>();
    for (const record of [...this.planned.values(), ...this.results.values()]) {
      if (record.pageId !== undefined && record.url !== undefined) known.set(record.pageId, record.url);
      if (record.parentId !== undefined && record.parentPage?.url !== undefined) known.set(record.parentId, record.parentPage.url);
      const moved = record.wikiEdits?.movedUnder;
      if (moved?.url !== undefined) known.set(moved.id, moved.url);
    }
    return known;
  }

  /** The planned files whose lookup on the wiki failed: whether their pages were edited there is unknown. */
  get lookupsFailed(): number {
    let failed = 0;
    for (const record of this.planned.values()) if (record.wikiEdits?.verdict === 'unchecked' && record.wikiEdits.reason === 'failed') failed++;
    return failed;
  }

  /** Whether the run read the wiki: any guard verdict other than "not checked", or a plan digest that covers it. */
  get wikiRead(): boolean {
    if (this.summary?.plan) return this.summary.plan.wikiChecked;
    if (this.check) return this.check.wikiChecked;
    return [...this.planned.values(), ...this.results.values()].some((record) => record.wikiEdits?.checked === true);
  }
}
