/**
 * An operation's pool may take hundreds of PDFs, a request at most `maxFilesPerRequest` files: the files picked go
 * up in batches, one after the other (docs/operations.md "Documents"). A batch holds at most `filesPerBatch` files
 * and `bytesPerBatch` bytes (a larger file goes alone), so each request stays small and the progress moves often.
 */
export const filesPerBatch = 10;
export const bytesPerBatch = 40 * 1024 * 1024;

export function uploadBatches<F extends { size: number }>(files: readonly F[], limits = { files: filesPerBatch, bytes: bytesPerBatch }): F[][] {
  const batches: F[][] = [];
  let current: F[] = [];
  let bytes = 0;
  for (const file of files) {
    if (current.length && (current.length >= limits.files || bytes + file.size > limits.bytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.size;
  }
  if (current.length) batches.push(current);
  return batches;
}
