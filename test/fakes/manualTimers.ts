import assert from 'node:assert/strict';
import type { TimerPort } from '../../src/core/oauth';

/** Timers the test fires by hand. */
export class ManualTimers implements TimerPort {
  readonly pending = new Map<number, { callback: () => void; ms: number }>();
  private next = 1;
  setTimeout(callback: () => void, ms: number): number {
    const handle = this.next++;
    this.pending.set(handle, { callback, ms });
    return handle;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  only(): { callback: () => void; ms: number } {
    assert.equal(this.pending.size, 1, 'exactly one timer is pending');
    return [...this.pending.values()][0]!;
  }
  fire(): void {
    const [handle, timer] = [...this.pending.entries()][0]!;
    this.pending.delete(handle);
    timer.callback();
  }
}
