/**
 * Reads an uploaded file part into memory shared with the worker threads, without a stall at the end.
 *
 * Why not `Buffer.concat(chunks)`: on a 40 MB upload the concat is one ~80 ms copy on the event loop, and handing the
 * result to a worker thread (platform/workers) is a second full copy (structured clone) — four such uploads at once
 * froze every tenant's requests for a quarter of a second (bench/event-loop-hostile.bench.ts). Here each arriving
 * chunk is copied at once into a growable SharedArrayBuffer (V8 reserves `maxBytes` of address space and commits
 * pages as it grows: no re-copy), so the copying is spread over the chunks, and a worker task receives the same
 * memory, not a copy. The bytes are returned as a Buffer over that memory: every API of the server reads it as usual.
 */
export interface ReceivedBytes {
  /** The part's bytes (empty when it passed `maxBytes`). */
  data: Buffer;
  /** Bytes the client sent for this part, including those past the limit. */
  size: number;
  /** The part passed `maxBytes`: what was read is dropped, the rest read and discarded. */
  tooLarge: boolean;
}

export async function receiveBytes(source: AsyncIterable<Buffer>, maxBytes: number): Promise<ReceivedBytes> {
  let memory = new SharedArrayBuffer(0, { maxByteLength: Math.max(0, maxBytes) });
  let size = 0;
  for await (const chunk of source) {
    const at = size;
    size += chunk.length;
    // Past the limit the rest of the part is read and dropped (not destroyed): the multipart parser then goes on to
    // the end of the body and the client reads the error instead of a broken connection.
    if (size > maxBytes) {
      if (memory.byteLength > 0) memory = new SharedArrayBuffer(0);
      continue;
    }
    memory.grow(size);
    new Uint8Array(memory, at, chunk.length).set(chunk);
  }
  if (size > maxBytes) return { data: Buffer.alloc(0), size, tooLarge: true };
  return { data: Buffer.from(memory, 0, size), size, tooLarge: false };
}
