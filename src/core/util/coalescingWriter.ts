// Writes of a whole file (a state record, a page manifest) one at a time, in the order asked; a write asked for while
// another is out joins the next one instead of queuing its own, so a burst of changes costs two writes, not one each.

export class CoalescingWriter {
  private saving: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;

  /** `write` takes the file's content as it is when it starts. */
  constructor(private readonly write: () => Promise<void>) {}

  /** Resolves when a write that started after this call has ended (rejects when it failed). */
  request(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.saving.catch(() => undefined).then(() => {
      this.queued = undefined;
      return this.write();
    });
    this.queued = next;
    this.saving = next;
    return next;
  }

  /** Resolves when every write asked for so far is done (rejects when the last of them failed). */
  settled(): Promise<void> {
    return this.saving;
  }
}
