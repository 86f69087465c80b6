import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { receiveBytes } from './received-bytes.ts';

async function* chunks(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}

describe('receiveBytes', () => {
  it('returns the bytes of every chunk, in order, as a Buffer over shared memory', async () => {
    const received = await receiveBytes(chunks('%PDF-', '1.7\n', 'end'), 100);
    expect(received).toMatchObject({ size: 12, tooLarge: false });
    expect(received.data.toString()).toBe('%PDF-1.7\nend');
    expect(Buffer.isBuffer(received.data)).toBe(true);
    expect(received.data.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('accepts exactly the limit and refuses one byte more, reading the rest of the part', async () => {
    expect(await receiveBytes(chunks('12345', '67890'), 10)).toMatchObject({ size: 10, tooLarge: false });
    let read = 0;
    async function* counted() {
      for (const part of ['12345', '67890', 'x', 'yyyy']) {
        read++;
        yield Buffer.from(part);
      }
    }
    const over = await receiveBytes(counted(), 10);
    expect(over).toMatchObject({ size: 15, tooLarge: true });
    expect(over.data.length).toBe(0);
    expect(read).toBe(4);
  });

  it('reads an empty part, and a limit of 0 refuses any byte', async () => {
    expect(await receiveBytes(chunks(), 10)).toMatchObject({ size: 0, tooLarge: false });
    expect(await receiveBytes(chunks('a'), 0)).toMatchObject({ size: 1, tooLarge: true });
  });

  it('reaches a worker thread as the same memory, not a copy (what the PDF reader and the spreadsheet readers get)', async () => {
    const received = await receiveBytes(chunks('abc'), 10);
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       parentPort.once('message', (view) => { view[0] = 0x41; parentPort.postMessage('changed'); });`,
      { eval: true },
    );
    try {
      await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage(received.data);
      });
      expect(received.data.toString()).toBe('Abc');
    } finally {
      await worker.terminate();
    }
  });
});
