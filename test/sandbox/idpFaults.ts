// Fault injection for the sandbox identity provider's token endpoint: canned failures for the next N
// requests, and a hold that parks token requests (before anything is processed) until released. A held
// request whose client disconnects is dropped unprocessed, like a request that never reached the server.
import type { ServerResponse } from 'node:http';

export type TokenFault =
  | { kind: '429'; retryAfterSeconds: number }
  | { kind: '500' }
  | { kind: '503' }
  | { kind: 'reset' }
  /** A proxy's HTML error page instead of JSON. */
  | { kind: 'html' };

export class IdpFaults {
  private readonly queue: TokenFault[] = [];
  private gate: { promise: Promise<void>; open(): void } | undefined;
  private heldNow = 0;
  private heldEver = 0;
  private readonly heldWaiters: Array<{ count: number; resolve(): void }> = [];

  inject(fault: TokenFault, count = 1): void {
    for (let i = 0; i < count; i++) this.queue.push(fault);
  }

  /** The fault for the next token request, if any is queued. */
  take(): TokenFault | undefined {
    return this.queue.shift();
  }

  clear(): void {
    this.queue.length = 0;
    this.release();
  }

  /** From now on token requests wait for release(). */
  hold(): void {
    if (this.gate) return;
    let open = (): void => undefined;
    const promise = new Promise<void>((resolve) => (open = resolve));
    this.gate = { promise, open };
  }

  release(): void {
    this.gate?.open();
    this.gate = undefined;
  }

  get held(): number {
    return this.heldNow;
  }

  /** Resolves once `count` requests in total have been parked by holds. */
  whenHeld(count: number): Promise<void> {
    if (this.heldEver >= count) return Promise.resolve();
    return new Promise((resolve) => this.heldWaiters.push({ count, resolve }));
  }

  /** Parks the request while held; false when the client went away meanwhile. */
  async pass(res: ServerResponse): Promise<boolean> {
    const gate = this.gate;
    if (!gate) return true;
    this.heldNow++;
    this.heldEver++;
    for (const waiter of this.heldWaiters.filter((w) => w.count <= this.heldEver)) {
      this.heldWaiters.splice(this.heldWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    const gone = new Promise<boolean>((resolve) => res.once('close', () => resolve(false)));
    const outcome = await Promise.race([gate.promise.then(() => true), gone]);
    this.heldNow--;
    return outcome && !res.destroyed;
  }
}
