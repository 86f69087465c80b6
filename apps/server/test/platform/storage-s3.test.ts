import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client, createS3Storage } from '../../src/platform/storage-s3.ts';
import type { Storage } from '../../src/platform/storage.ts';
import { startS3, type S3Site } from '../support/s3.ts';

/**
 * STORAGE=s3 against a local S3 server (s3rver, in its own process): a 50 MB document goes in and out streamed
 * (resident memory measured), checksums are checked on read, errors are the local storage's, keys stay under
 * their prefix. fault-storage.test.ts runs the product's storage faults on both implementations.
 */

const mb = 1024 * 1024;
const size = 50 * mb;

// A full garbage collection on demand: what the process holds, not the chunks it has yet to collect.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * The peak growth of this process's resident memory (MB) while `work` runs, sampled every 50 ms right after a full
 * garbage collection (without it, RSS measures how lazy the collector is: 64 kB chunks already let go of pile up).
 */
async function peakRssGrowthMb<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  gc();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const timer = setInterval(() => {
    // A full collection: a young-generation one leaves stream chunks behind (measured: up to 31 MB then).
    gc();
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthMb: (peak - baseline) / mb };
  } finally {
    clearInterval(timer);
  }
}

/** 50 MB generated in 64 kB chunks (one buffer refilled: the storage copies what it keeps). */
async function* generated(seed: number) {
  const chunk = Buffer.alloc(64 * 1024);
  for (let offset = 0; offset < size; offset += chunk.length) yield chunk.fill((offset / chunk.length + seed) % 251);
}
async function sha256OfGenerated(seed: number) {
  const hash = createHash('sha256');
  for await (const chunk of generated(seed)) hash.update(chunk);
  return hash.digest('hex');
}

describe('S3-compatible storage (s3rver)', () => {
  let s3: S3Site;
  let storage: Storage;
  const figures: string[] = [];

  beforeAll(async () => {
    s3 = await startS3();
    storage = createS3Storage(s3.settings('docs/'));
  });
  afterAll(async () => {
    console.log(`S3 storage, 50 MB document, peak RSS growth: ${figures.join('; ')}`);
    await s3?.stop();
  });

  it('streams 50 MB in and out in parts, holding at most a part or two in memory', async () => {
    const key = `app-1/${randomBytes(8).toString('hex')}.pdf`;
    const upload = await peakRssGrowthMb(() => storage.putStream(key, generated(1)));
    expect(upload.result).toBe(size);
    figures.push(`putStream ${upload.growthMb.toFixed(1)} MB`);

    const download = await peakRssGrowthMb(async () => {
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of storage.stream(key) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      return { bytes, sha256: hash.digest('hex') };
    });
    expect(download.result).toEqual({ bytes: size, sha256: await sha256OfGenerated(1) });
    figures.push(`stream ${download.growthMb.toFixed(1)} MB`);
    // Whole in memory would be 50 MB or more; a part is 8 MB (the rest is the garbage collector's margin: 10–35 MB
    // seen across runs on this 2-core machine).
    expect(upload.growthMb).toBeLessThan(45);
    expect(download.growthMb).toBeLessThan(45);
    await storage.delete(key);
  }, 60_000);

  it('puts and gets 50 MB held in memory once: no copy on the way in, one buffer on the way out', async () => {
    const key = `app-1/${randomBytes(8).toString('hex')}.pdf`;
    const data = randomBytes(size);
    const put = await peakRssGrowthMb(() => storage.put(key, data));
    figures.push(`put ${put.growthMb.toFixed(1)} MB`);
    const get = await peakRssGrowthMb(() => storage.get(key));
    figures.push(`get ${get.growthMb.toFixed(1)} MB (the 50 MB answer included)`);
    expect(get.result.equals(data)).toBe(true);
    // A copy on the way in would be 50 MB more.
    expect(put.growthMb).toBeLessThan(25);
    // The answer itself is 50 MB; a copy on the way out would make it 100 MB or more (the margin is the garbage
    // collector's: 71.7 MB was seen once on a CI run, ~55 MB usually).
    expect(get.growthMb).toBeLessThan(95);
    await storage.delete(key);
  }, 60_000);

  it('sends SHA-256 checksums (header, and per part) when told the server checks them', async () => {
    // s3rver ignores them (auto mode probes it and falls back to Content-MD5): this proves the requests are well formed.
    const sha = createS3Storage({ ...s3.settings('docs/'), checksum: 'sha256' });
    const small = `app-1/${randomBytes(8).toString('hex')}.pdf`;
    await sha.put(small, Buffer.from('%PDF-1.7 small'));
    expect((await sha.get(small)).toString()).toBe('%PDF-1.7 small');
    const big = `app-1/${randomBytes(8).toString('hex')}.pdf`;
    async function* twentyMb() {
      for (let i = 0; i < 20; i++) yield Buffer.alloc(mb, i);
    }
    expect(await sha.putStream(big, twentyMb())).toBe(20 * mb);
    const read = await sha.get(big);
    expect([read.length, read[0], read[20 * mb - 1]]).toEqual([20 * mb, 0, 19]);
    await Promise.all([sha.delete(small), sha.delete(big)]);
  }, 30_000);

  it('aborts the multipart uploads a crash left over an hour ago (the sweep), on a server that lists them', async () => {
    // s3rver cannot list multipart uploads (fault-storage.test.ts: the sweep then removes none, without failing):
    // here the listing is answered as AWS or MinIO would, and the aborts are recorded.
    const hour = 3_600_000;
    const client = createS3Client(s3.settings('docs/'));
    const aborted: string[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { UploadId?: string; KeyMarker?: string };
        if (context.commandName === 'ListMultipartUploadsCommand') {
          // Two pages: the storage follows the markers.
          const output = input.KeyMarker
            ? { Uploads: [{ Key: 'docs/app-1/c.pdf', UploadId: 'old-2', Initiated: new Date(Date.now() - 3 * hour) }], IsTruncated: false }
            : {
                Uploads: [
                  { Key: 'docs/app-1/a.pdf', UploadId: 'old-1', Initiated: new Date(Date.now() - 2 * hour) },
                  { Key: 'docs/app-1/b.pdf', UploadId: 'in-flight', Initiated: new Date() },
                ],
                IsTruncated: true,
                NextKeyMarker: 'docs/app-1/b.pdf',
                NextUploadIdMarker: 'in-flight',
              };
          return { output: { ...output, $metadata: {} }, response: {} } as never;
        }
        if (context.commandName === 'AbortMultipartUploadCommand') {
          aborted.push(input.UploadId!);
          return { output: { $metadata: {} }, response: {} } as never;
        }
        return next(args);
      },
      { step: 'initialize', name: 'listedUploads' },
    );
    const storage = createS3Storage(s3.settings('docs/'), { client });
    expect(await storage.removeStaleTemp!(new Date(Date.now() - hour))).toEqual({ files: 2, bytes: 0 });
    expect(aborted).toEqual(['old-1', 'old-2']);
  });

  it('refuses on read an object whose bytes no longer match the SHA-256 written', async () => {
    const settings = s3.settings('docs/');
    const key = `app-1/${randomBytes(8).toString('hex')}.pdf`;
    await storage.put(key, Buffer.from('%PDF-1.7 original'));
    // The object replaced behind the server's back with other bytes but the original's metadata.
    const original = createHash('sha256').update('%PDF-1.7 original').digest('base64');
    await createS3Client(settings).send(
      new PutObjectCommand({ Bucket: settings.bucket, Key: `docs/${key}`, Body: Buffer.from('%PDF-1.7 tampered'), Metadata: { sha256: original } }),
    );
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'EIO', message: expect.stringContaining('do not match') });
    const streamed = async () => {
      for await (const _ of storage.stream(key)) void _;
    };
    await expect(streamed()).rejects.toMatchObject({ code: 'EIO' });
  });

  it('maps errors to the storage errors, leaves nothing of a failed stream, and keeps keys under their prefix', async () => {
    const missing = `app-1/${randomBytes(8).toString('hex')}.pdf`;
    await expect(storage.get(missing)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(new Promise((resolve, reject) => storage.stream(missing).on('error', reject).on('end', resolve).resume())).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(await storage.exists(missing)).toBe(false);
    await storage.delete(missing); // idempotent
    await expect(storage.put('../escape.pdf', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);

    // A source failing after two parts: the multipart upload is aborted, no object appears.
    const broken = `app-1/${randomBytes(8).toString('hex')}.pdf`;
    async function* failing() {
      let sent = 0;
      for await (const chunk of generated(2)) {
        yield chunk;
        if ((sent += chunk.length) > 20 * mb) throw new Error('client went away');
      }
    }
    await expect(storage.putStream(broken, failing())).rejects.toThrow('client went away');
    expect(await storage.exists(broken)).toBe(false);

    // Another installation's prefix in the same bucket: neither lists the other's keys.
    const other = createS3Storage(s3.settings('other/'));
    const mine = `app-2/${randomBytes(8).toString('hex')}.pdf`;
    await storage.put(mine, Buffer.from('mine'));
    await other.put(`app-2/${randomBytes(8).toString('hex')}.pdf`, Buffer.from('theirs'));
    const listed = async (s: Storage) => {
      const keys: string[] = [];
      for await (const key of s.keysStoredBefore!(new Date(Date.now() + 60_000))) keys.push(key);
      return keys;
    };
    expect(await listed(storage)).toContain(mine);
    expect(await listed(other)).not.toContain(mine);
    expect(await listed(other)).toHaveLength(1);
  }, 60_000);
});
