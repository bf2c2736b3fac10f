/**
 * A growable byte buffer for writing JSON text directly as bytes: the `/v2/activity` page path
 * writes a thousand rows per request, and building them as strings and then encoding them cost
 * several times what the rows themselves do. ASCII pieces are copied code by code; prepared
 * pieces (escaped titles, UTF-8) are copied as bytes. A page's writer is sized from the row
 * count up front, so a page costs one allocation and no copy (large short-lived buffers are what
 * makes the collector pause).
 */
export class ByteWriter {
  private buf: Buffer;
  pos = 0;

  /** The buffer itself, for writers that reserve with room() and then write at `pos` directly. */
  get buffer(): Buffer {
    return this.buf;
  }

  constructor(initial = 1 << 20) {
    this.buf = Buffer.allocUnsafe(initial);
  }

  /** Makes room for `n` more bytes (writers that reserve once per row skip the check per piece). */
  room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  /** A string known to be ASCII (numbers, hex, keys, enum values). */
  ascii(text: string): this {
    const n = text.length;
    this.room(n);
    const { buf } = this;
    let p = this.pos;
    for (let i = 0; i < n; i += 1) buf[p++] = text.charCodeAt(i);
    this.pos = p;
    return this;
  }

  bytes(piece: Uint8Array): this {
    this.room(piece.length);
    this.buf.set(piece, this.pos);
    this.pos += piece.length;
    return this;
  }

  /** The bytes written so far (a view of the writer's buffer: take it once, when done writing). */
  take(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}
