import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, Transform, pipeline, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { S3Settings } from './config.ts';
import { validKey, type Storage, type StorageHealth } from './storage.ts';

/**
 * The storage in an S3-compatible bucket (STORAGE=s3: AWS S3, MinIO, Garage, Ceph…): what api and worker nodes on
 * separate machines share. The same contract as the local folder (storage.ts):
 *  - whole or nothing: a PUT is atomic; a stream goes up in parts (multipart upload, one part in memory at a time)
 *    and is aborted on failure, so no half object is ever visible; an upload a crash interrupted is the "temp file"
 *    the sweep removes (removeStaleTemp aborts multipart uploads older than the hour);
 *  - integrity: every write carries Content-MD5 (checked by every S3 server) and, where the server supports it,
 *    x-amz-checksum-sha256; objects written whole also keep their SHA-256 in their metadata, checked on each read
 *    (a bit flipped in the bucket is an error, never a document served);
 *  - errors as the local storage's: a missing key has `code: 'ENOENT'`, a full bucket or quota `code: 'ENOSPC'`.
 */

/** Parts of a streamed write: S3's minimum is 5 MiB (but the last); one part is in memory at a time. */
export const s3PartBytes = 8 * 1024 * 1024;
const sha256Metadata = 'sha256';
/** Error names (and statuses) S3 servers give when out of space or over quota. */
const fullNames = new Set(['XMinioStorageFull', 'QuotaExceeded', 'InsufficientStorage', 'StorageFull', 'EntityTooLarge']);
const missingNames = new Set(['NoSuchKey', 'NotFound', 'NoSuchUpload']);

interface S3ErrorShape {
  name?: string;
  Code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

/** The SDK's error as the storage's: ENOENT, ENOSPC, or EIO with the S3 error as the cause. */
export function storageErrorOf(error: unknown, what: string): Error {
  const e = (error ?? {}) as S3ErrorShape & { code?: unknown };
  const name = e.name ?? e.Code ?? '';
  const status = e.$metadata?.httpStatusCode;
  // A network error (ECONNREFUSED…) keeps its errno code: faults.ts answers 503 for those.
  if (typeof e.code === 'string') return error as Error;
  const code = missingNames.has(name) || status === 404 ? 'ENOENT' : fullNames.has(name) || status === 507 ? 'ENOSPC' : 'EIO';
  return Object.assign(new Error(`${what}: ${name || 'S3 error'}${status ? ` (HTTP ${status})` : ''}${e.message ? ` ${e.message}` : ''}`, { cause: error }), {
    code,
  });
}

const md5Of = (data: Uint8Array) => createHash('md5').update(data).digest('base64');
const sha256Of = (data: Uint8Array) => createHash('sha256').update(data).digest('base64');

/** The SDK client of a bucket (exported for the tests, which add a failing middleware to it). */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums are this module's (headers computed from the bytes): no SDK default (CRC32 in an aws-chunked
    // trailer), which servers other than AWS often do not understand.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3Storage(settings: S3Settings, opts: { client?: S3Client } = {}): Storage {
  const client = opts.client ?? createS3Client(settings);
  const Bucket = settings.bucket;
  const objectKey = (key: string) => {
    if (!validKey.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return settings.prefix + key;
  };

  /** sha256 when the server echoes the SHA-256 it checked (probed once, on the first write), else Content-MD5 only. */
  let sha256Supported: Promise<boolean> | undefined;
  const useSha256 = () => {
    if (settings.checksum !== 'auto') return Promise.resolve(settings.checksum === 'sha256');
    sha256Supported ??= (async () => {
      const probe = Buffer.from('checksum probe');
      const Key = `${settings.prefix}.probe/${process.pid}-${randomBytes(4).toString('hex')}`;
      try {
        const res = await client.send(new PutObjectCommand({ Bucket, Key, Body: probe, ContentMD5: md5Of(probe), ChecksumSHA256: sha256Of(probe) }));
        return res.ChecksumSHA256 === sha256Of(probe);
      } catch {
        return false;
      } finally {
        await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(() => undefined);
      }
    })();
    return sha256Supported;
  };

  async function putWhole(key: string, data: Uint8Array): Promise<void> {
    const sha256 = sha256Of(data);
    const withSha = await useSha256();
    await client
      .send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: data,
          ContentLength: data.length,
          ContentMD5: md5Of(data),
          ...(withSha ? { ChecksumSHA256: sha256 } : {}),
          Metadata: { [sha256Metadata]: sha256 },
        }),
      )
      .catch((error: unknown) => {
        throw storageErrorOf(error, `S3 put ${key}`);
      });
  }

  /**
   * A stream in parts, copied into one part buffer reused from part to part (memory: a part, whatever the size).
   * Under a part in all: one PUT, with its SHA-256 kept. A failure aborts the multipart upload: no object appears.
   */
  async function putStream(key: string, source: AsyncIterable<Uint8Array>): Promise<number> {
    const Key = objectKey(key);
    const part = Buffer.allocUnsafe(s3PartBytes);
    let filled = 0;
    let total = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const withSha = await useSha256();
    const sendPart = async () => {
      const body = part.subarray(0, filled);
      uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ...(withSha ? { ChecksumAlgorithm: 'SHA256' } : {}) }))).UploadId!;
      const PartNumber = parts.length + 1;
      const checksum = withSha ? sha256Of(body) : undefined;
      const res = await client.send(
        new UploadPartCommand({
          Bucket,
          Key,
          UploadId: uploadId,
          PartNumber,
          Body: body,
          ContentLength: body.length,
          ContentMD5: md5Of(body),
          ...(checksum ? { ChecksumSHA256: checksum } : {}),
        }),
      );
      parts.push({ PartNumber, ETag: res.ETag, ...(checksum ? { ChecksumSHA256: res.ChecksumSHA256 ?? checksum } : {}) });
      filled = 0;
    };
    try {
      for await (const chunk of source) {
        total += chunk.length;
        for (let offset = 0; offset < chunk.length;) {
          const copied = Math.min(chunk.length - offset, s3PartBytes - filled);
          part.set(chunk.subarray(offset, offset + copied), filled);
          filled += copied;
          offset += copied;
          if (filled === s3PartBytes) await sendPart();
        }
      }
      if (!uploadId) {
        await putWhole(key, part.subarray(0, filled));
        return total;
      }
      if (filled) await sendPart();
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      return total;
    } catch (error) {
      if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
      throw (error as { code?: unknown }).code ? error : storageErrorOf(error, `S3 put ${key}`);
    }
  }

  const getObject = (key: string) =>
    client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) })).catch((error: unknown) => {
      throw storageErrorOf(error, `S3 get ${key}`);
    });
  const corrupted = (key: string) => Object.assign(new Error(`S3 get ${key}: the bytes read do not match the SHA-256 written`), { code: 'EIO' });

  return {
    put: putWhole,
    putStream,
    async get(key) {
      const res = await getObject(key);
      const body = res.Body as Readable;
      // One buffer of the announced size, filled as the bytes come: the file is in memory once, not twice.
      const size = res.ContentLength;
      let data: Buffer;
      if (size !== undefined) {
        data = Buffer.allocUnsafe(size);
        let offset = 0;
        for await (const chunk of body as AsyncIterable<Buffer>) {
          if (offset + chunk.length > size) throw Object.assign(new Error(`S3 get ${key}: more bytes than announced`), { code: 'EIO' });
          chunk.copy(data, offset);
          offset += chunk.length;
        }
        if (offset !== size) throw Object.assign(new Error(`S3 get ${key}: ${offset} bytes of ${size}`), { code: 'EIO' });
      } else {
        const chunks: Buffer[] = [];
        for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
        data = Buffer.concat(chunks);
      }
      const expected = res.Metadata?.[sha256Metadata];
      if (expected && sha256Of(data) !== expected) throw corrupted(key);
      return data;
    },
    stream(key) {
      const out = new PassThrough();
      getObject(key).then(
        (res) => {
          const expected = res.Metadata?.[sha256Metadata];
          if (!expected) return void pipeline(res.Body as Readable, out, () => undefined);
          // Hashed as it passes: a mismatch ends the stream with an error instead of a clean end.
          const hash = createHash('sha256');
          const verify = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              hash.update(chunk);
              done(null, chunk);
            },
            flush(done) {
              done(hash.digest('base64') === expected ? null : corrupted(key));
            },
          });
          pipeline(res.Body as Readable, verify, out, () => undefined);
        },
        (error: Error) => out.destroy(error),
      );
      return out;
    },
    async delete(key) {
      // S3 answers 204 for a missing key too: idempotent as required.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) })).catch((error: unknown) => {
        throw storageErrorOf(error, `S3 delete ${key}`);
      });
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        const mapped = storageErrorOf(error, `S3 head ${key}`) as Error & { code?: string };
        if (mapped.code === 'ENOENT') return false;
        throw mapped;
      }
    },
    async health(): Promise<StorageHealth> {
      // A real write and delete: wrong credentials, a missing bucket or a read-only policy show here.
      const Key = `${settings.prefix}.health/${process.pid}-${randomBytes(4).toString('hex')}`;
      try {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: Buffer.from('ok'), ContentMD5: md5Of(Buffer.from('ok')) }));
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
        return { state: 'ok', freeBytes: null };
      } catch (error) {
        // A bucket has no free-space figure: the reserve (STORAGE_RESERVE_*) cannot be checked, only a refused write.
        const full = (storageErrorOf(error, 'S3 health') as Error & { code?: string }).code === 'ENOSPC';
        return full ? { state: 'full', freeBytes: null, reason: 'write_failed' } : { state: 'unwritable', freeBytes: null };
      }
    },
    async removeStaleTemp(before) {
      let files = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      try {
        for (;;) {
          const page = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: settings.prefix, KeyMarker, UploadIdMarker }));
          for (const upload of page.Uploads ?? []) {
            if (!upload.Initiated || upload.Initiated >= before) continue;
            await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key!, UploadId: upload.UploadId! })).catch(() => undefined);
            files++;
          }
          if (!page.IsTruncated) break;
          KeyMarker = page.NextKeyMarker;
          UploadIdMarker = page.NextUploadIdMarker;
        }
      } catch (error) {
        // A server without the listing (some self-hosted ones): the bucket's lifecycle rule is then the cleaner.
        if ((error as S3ErrorShape).name !== 'NotImplemented') throw storageErrorOf(error, 'S3 list multipart uploads');
      }
      // The size of an unfinished upload is not listed with it: bytes stay 0.
      return { files, bytes: 0 };
    },
    async *keysStoredBefore(before) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix, ContinuationToken })).catch((error: unknown) => {
          throw storageErrorOf(error, 'S3 list');
        });
        for (const object of page.Contents ?? []) {
          const key = object.Key!.slice(settings.prefix.length);
          if (validKey.test(key) && object.LastModified && object.LastModified < before) yield key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
