// Whether a file's bytes, read a piece at a time, still decode to the text they decoded to before (decode.ts), without
// making a second text of them: a large file kept with its plan is checked so when it is sent (sources.ts), where
// reading it again made a second copy of it, and the bytes it was decoded from, beside the first.

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
/** The bytes looked at before deciding how the rest decodes: a byte order mark's. */
const HEAD_BYTES = UTF8_BOM.length;

/**
 * Takes a file's bytes piece by piece (`take`), then says (`end`) whether decodeText would make `text` of all of them:
 * UTF-8 after a byte order mark if there is one, strictly. A text decodeText made accepts no NUL, so a NUL the bytes
 * now hold differs from it as any other change does. A file in UTF-16 (its byte order mark) is not compared: `end` says
 * false, and the caller reads it whole as before.
 */
export class SameText {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  /** The characters of `text` the bytes so far decoded to. */
  private matched = 0;
  private head: number[] | undefined = [];
  private same = true;

  constructor(private readonly text: string) {}

  /** The next piece of the bytes; false once they are known to differ (there is no need to read on). */
  take(piece: Uint8Array): boolean {
    if (!this.same) return false;
    let rest = piece;
    const head = this.head;
    if (head !== undefined) {
      let used = 0;
      while (head.length < HEAD_BYTES && used < piece.length) head.push(piece[used++] as number);
      if (head.length < HEAD_BYTES) return true;
      this.head = undefined;
      if (!this.decodeHead(head)) return false;
      rest = piece.subarray(used);
    }
    return this.compare(rest, true);
  }

  /** Whether the bytes taken decode to the text, now that there are no more. */
  end(): boolean {
    if (!this.same) return false;
    const head = this.head;
    if (head !== undefined) {
      this.head = undefined;
      if (!this.decodeHead(head)) return false;
    }
    return this.compare(new Uint8Array(0), false) && this.matched === this.text.length;
  }

  /** The first bytes: a byte order mark is dropped, a UTF-16 one is not compared, anything else is text. */
  private decodeHead(head: readonly number[]): boolean {
    const [first, second] = head;
    if ((first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff)) return (this.same = false);
    const mark = head.length === HEAD_BYTES && head.every((byte, index) => byte === UTF8_BOM[index]);
    return mark || this.compare(Uint8Array.from(head), true);
  }

  private compare(bytes: Uint8Array, more: boolean): boolean {
    let decoded: string;
    try {
      decoded = this.decoder.decode(bytes, { stream: more });
    } catch {
      return (this.same = false);
    }
    if (decoded.length > this.text.length - this.matched || !this.text.startsWith(decoded, this.matched)) return (this.same = false);
    this.matched += decoded.length;
    return true;
  }
}
