import { describe, expect, it } from 'vitest';
import { maxFilesPerRequest } from '@paraphe/contracts';
import { filesPerBatch, uploadBatches } from './uploadBatches.ts';

const file = (name: string, size = 1000) => ({ name, size });

describe('uploadBatches', () => {
  it('sends 57 PDFs as batches within the per-request limit, in the order picked, none lost', () => {
    const files = Array.from({ length: 57 }, (_, i) => file(`contract-${i}.pdf`));
    const batches = uploadBatches(files);
    expect(filesPerBatch).toBeLessThanOrEqual(maxFilesPerRequest);
    expect(batches.map((b) => b.length)).toEqual([10, 10, 10, 10, 10, 7]);
    expect(batches.flat()).toEqual(files);
  });

  it('starts a new batch before the bytes limit, a larger file alone', () => {
    const batches = uploadBatches([file('a', 30), file('b', 30), file('big', 500), file('c', 10)], { files: 10, bytes: 100 });
    expect(batches.map((b) => b.map((f) => f.name))).toEqual([['a', 'b'], ['big'], ['c']]);
    expect(uploadBatches([])).toEqual([]);
  });
});
