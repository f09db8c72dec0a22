/**
 * A FIFO of incoming network chunks from which fixed-size pieces are taken. A piece that lies
 * inside one chunk is returned as a view (no copy); only pieces spanning chunks are assembled,
 * so each byte is copied at most once whatever sizes the network delivers.
 */
export class ByteQueue {
  #chunks: Uint8Array<ArrayBuffer>[] = [];
  /** Read position inside the first chunk. */
  #offset = 0;
  #length = 0;

  get length(): number {
    return this.#length;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    // WebCrypto accepts ArrayBuffer-backed views only; chunks backed by anything else are copied.
    const owned =
      chunk.buffer instanceof ArrayBuffer
        ? (chunk as Uint8Array<ArrayBuffer>)
        : new Uint8Array(chunk);
    this.#chunks.push(owned);
    this.#length += owned.length;
  }

  /** Removes and returns the next `size` bytes; `size` must not exceed `length`. */
  take(size: number): Uint8Array<ArrayBuffer> {
    if (size > this.#length) throw new RangeError('ByteQueue: not enough bytes buffered');
    this.#length -= size;
    const first = this.#chunks[0];
    if (first && first.length - this.#offset >= size) return this.#advance(first, size);
    const piece = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      const chunk = this.#chunks[0]!;
      const part = this.#advance(chunk, Math.min(size - filled, chunk.length - this.#offset));
      piece.set(part, filled);
      filled += part.length;
    }
    return piece;
  }

  #advance(chunk: Uint8Array<ArrayBuffer>, size: number): Uint8Array<ArrayBuffer> {
    const part = chunk.subarray(this.#offset, this.#offset + size);
    this.#offset += size;
    if (this.#offset === chunk.length) {
      this.#chunks.shift();
      this.#offset = 0;
    }
    return part;
  }
}
