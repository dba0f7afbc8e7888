// Faults the import endpoint can be told to produce, so clients can be tested against the failures
// reliability.md lists (500 after commit, reset connections, proxy pages, empty bodies, stalls, latency).

export interface FaultPlan {
  failNext?: number;
  commitThenFailNext?: number;
  resetNext?: number;
  nonJsonNext?: number;
  emptyBodyNext?: number;
  stallAfterHeadersNext?: number;
  /** Answer the next N requests 429 Too Many Requests with `Retry-After: retryAfterSeconds`. */
  throttleNext?: number;
  retryAfterSeconds?: number;
  /** Sent as the throttle's Retry-After as it is instead of retryAfterSeconds: a value no server should send (-5, 1.5). */
  retryAfterText?: string;
  latencyMs?: number;
}

/** One injected fault, named after the FaultPlan counter it comes from. */
export type FaultKind = 'reset' | 'stallAfterHeaders' | 'nonJson' | 'emptyBody' | 'fail' | 'commitThenFail' | 'throttle';

/** The plan's numbers: each counter, the latency and the seconds of Retry-After. */
type NumberKey = Exclude<keyof FaultPlan, 'retryAfterText'>;

// When several counters are set, the first one here is used first.
const COUNTERS: ReadonlyArray<readonly [FaultKind, NumberKey]> = [
  ['reset', 'resetNext'],
  ['stallAfterHeaders', 'stallAfterHeadersNext'],
  ['nonJson', 'nonJsonNext'],
  ['emptyBody', 'emptyBodyNext'],
  ['fail', 'failNext'],
  ['commitThenFail', 'commitThenFailNext'],
  ['throttle', 'throttleNext'],
];
const PLAN_KEYS = new Set<string>([...COUNTERS.map(([, key]) => key), 'latencyMs', 'retryAfterSeconds']);
const TEXT_KEYS = new Set<string>(['retryAfterText']);

export class FaultSchedule {
  private plan: Required<FaultPlan> = emptyPlan();

  get latencyMs(): number {
    return this.plan.latencyMs;
  }

  get retryAfterSeconds(): number {
    return this.plan.retryAfterSeconds;
  }

  /** What a throttled answer's Retry-After says. */
  get retryAfterHeader(): string {
    return this.plan.retryAfterText === '' ? String(this.plan.retryAfterSeconds) : this.plan.retryAfterText;
  }

  /** Sets the given members and keeps the others; throws on anything but non-negative integers (text for retryAfterText). */
  merge(plan: FaultPlan): void {
    for (const [key, value] of Object.entries(plan)) {
      if (value !== undefined && TEXT_KEYS.has(key)) {
        if (typeof value !== 'string') throw new Error(`Fault "${key}" must be text.`);
        this.plan.retryAfterText = value;
        continue;
      }
      if (!PLAN_KEYS.has(key)) throw new Error(`Unknown fault "${key}".`);
      if (value === undefined) continue;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
        throw new Error(`Fault "${key}" must be a non-negative integer.`);
      }
      this.plan[key as NumberKey] = value;
    }
  }

  clear(): void {
    this.plan = emptyPlan();
  }

  /** Uses up and returns the fault for the next import request, if any is scheduled. */
  takeNext(): FaultKind | undefined {
    for (const [kind, key] of COUNTERS) {
      if (this.plan[key] > 0) {
        this.plan[key] -= 1;
        return kind;
      }
    }
    return undefined;
  }
}

function emptyPlan(): Required<FaultPlan> {
  return { failNext: 0, commitThenFailNext: 0, resetNext: 0, nonJsonNext: 0, emptyBodyNext: 0, stallAfterHeadersNext: 0, throttleNext: 0, retryAfterSeconds: 1, retryAfterText: '', latencyMs: 0 };
}
