// Faults the export API can be told to produce, apart from the import endpoint's so one suite's faults never
// land on the other's requests: failures on the wire (taken when a request arrives) and hostile archives
// (taken when a 200 answer is built), for clients that must refuse a ZIP bomb or a path-escaping entry.

export interface ExportFaultPlan {
  /** 500 with a JSON body. */
  failNext?: number;
  /** 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitNext?: number;
  retryAfterSeconds?: number;
  resetNext?: number;
  /** A proxy's 502 HTML page instead of JSON. */
  nonJsonNext?: number;
  stallAfterHeadersNext?: number;
  /** The page's entry holds 60 MiB of zeros (over the 50 MB a client accepts), compressed to about 60 KB. */
  zipBombNext?: number;
  /** The archive also holds `../evil.md`. */
  dotDotEntryNext?: number;
  /** The archive also holds `/abs.md`. */
  absoluteEntryNext?: number;
  /** `zipBase64` decodes to bytes that are not a ZIP archive. */
  corruptZipNext?: number;
}

export type ExportWireFault = 'reset' | 'stallAfterHeaders' | 'nonJson' | 'rateLimit' | 'fail';
export type ExportArchiveFault = 'zipBomb' | 'dotDotEntry' | 'absoluteEntry' | 'corruptZip';

type CounterKey = Exclude<keyof ExportFaultPlan, 'retryAfterSeconds'>;

// When several counters are set, the first one here is used first.
const WIRE_COUNTERS: ReadonlyArray<readonly [ExportWireFault, CounterKey]> = [
  ['reset', 'resetNext'],
  ['stallAfterHeaders', 'stallAfterHeadersNext'],
  ['nonJson', 'nonJsonNext'],
  ['rateLimit', 'rateLimitNext'],
  ['fail', 'failNext'],
];
const ARCHIVE_COUNTERS: ReadonlyArray<readonly [ExportArchiveFault, CounterKey]> = [
  ['zipBomb', 'zipBombNext'],
  ['dotDotEntry', 'dotDotEntryNext'],
  ['absoluteEntry', 'absoluteEntryNext'],
  ['corruptZip', 'corruptZipNext'],
];
const PLAN_KEYS = new Set<string>([...[...WIRE_COUNTERS, ...ARCHIVE_COUNTERS].map(([, key]) => key), 'retryAfterSeconds']);
const DEFAULT_RETRY_AFTER_SECONDS = 1;

export class ExportFaultSchedule {
  private plan: Required<ExportFaultPlan> = emptyPlan();

  get retryAfterSeconds(): number {
    return this.plan.retryAfterSeconds;
  }

  /** Sets the given members and keeps the others; throws on anything but non-negative integers. */
  merge(plan: ExportFaultPlan): void {
    for (const [key, value] of Object.entries(plan)) {
      if (!PLAN_KEYS.has(key)) throw new Error(`Unknown export fault "${key}".`);
      if (value === undefined) continue;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
        throw new Error(`Export fault "${key}" must be a non-negative integer.`);
      }
      this.plan[key as keyof ExportFaultPlan] = value;
    }
  }

  clear(): void {
    this.plan = emptyPlan();
  }

  /** Uses up and returns the failure for the request that just arrived, if any is scheduled. */
  takeWireFault(): ExportWireFault | undefined {
    return this.take(WIRE_COUNTERS);
  }

  /** Uses up and returns the hostile archive for a successful answer, if any is scheduled. */
  takeArchiveFault(): ExportArchiveFault | undefined {
    return this.take(ARCHIVE_COUNTERS);
  }

  private take<Kind>(counters: ReadonlyArray<readonly [Kind, CounterKey]>): Kind | undefined {
    for (const [kind, key] of counters) {
      if (this.plan[key] > 0) {
        this.plan[key] -= 1;
        return kind;
      }
    }
    return undefined;
  }
}

function emptyPlan(): Required<ExportFaultPlan> {
  return {
    failNext: 0, rateLimitNext: 0, retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS, resetNext: 0, nonJsonNext: 0,
    stallAfterHeadersNext: 0, zipBombNext: 0, dotDotEntryNext: 0, absoluteEntryNext: 0, corruptZipNext: 0,
  };
}
