import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { outboxMessages } from '../../src/platform/db/schema/index.ts';
import { createLocalStorage, type FileWriter, type Storage } from '../../src/platform/storage.ts';
import { createS3Client, createS3Storage } from '../../src/platform/storage-s3.ts';
import { runStorageSweep, storageReferencesOf } from '../../src/platform/storage-sweep.ts';
import { modules } from '../../src/modules.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { startS3 } from '../support/s3.ts';
import { createRequest, makePdf, tenantWithGerant } from '../support/signatures.ts';

/**
 * Fault: the disk of the files fills up. Before, a create answered a generic 500, left its partial `*.tmp` file
 * (20 MB in one test) and /healthz said ok; files written by creates in flight at a crash stayed forever.
 */

/** A disk that fills up on demand: the write stops half-way with ENOSPC, as a real full disk does. */
function fillableDisk() {
  const state = { full: false };
  const writeFile: FileWriter = async (file, data) => {
    if (!state.full) return void (await fsp.writeFile(file, data));
    await fsp.writeFile(file, data.subarray(0, Math.floor(data.length / 2)));
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  };
  return { state, writeFile };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** One storage implementation under test: the storage (which can be made full), and what the checks need of it. */
interface Backend {
  storage: Storage;
  /** Set: every write fails for lack of space. */
  disk: { full: boolean };
  /** Everything stored, unfinished writes included. */
  allFiles(): Promise<string[]>;
  /** Two unfinished writes (a crash mid-write), one over an hour old; answers whether each is still there. Undefined: the server cannot list them. */
  leaveUnfinishedWrites?(appId: string): Promise<{ stale(): boolean; fresh(): boolean }>;
  /** Storages whose health reads low / unwritable. */
  lowStorage?(): Storage;
  unwritableStorage(): Promise<Storage>;
  close(): Promise<void>;
}

function localBackend(): Backend {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-fault-storage-'));
  const disk = fillableDisk();
  return {
    storage: createLocalStorage(root, { writeFile: disk.writeFile, minFreeBytes: 0 }),
    disk: disk.state,
    allFiles: () => filesUnder(root),
    async leaveUnfinishedWrites(appId) {
      const stale = path.join(root, appId, `${randomUUID()}.pdf.4242-deadbeef.tmp`);
      const fresh = path.join(root, appId, `${randomUUID()}.pdf.4242-cafebabe.tmp`);
      await fsp.writeFile(stale, Buffer.alloc(1024));
      await fsp.writeFile(fresh, Buffer.alloc(1024));
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      await fsp.utimes(stale, twoHoursAgo, twoHoursAgo);
      return { stale: () => fs.existsSync(stale), fresh: () => fs.existsSync(fresh) };
    },
    lowStorage: () => createLocalStorage(root, { minFreeBytes: Number.MAX_SAFE_INTEGER }),
    async unwritableStorage() {
      // A file where the folder should be (named so that it is no storage key the sweep would see).
      await fsp.writeFile(path.join(root, 'not_a_folder'), 'x');
      return createLocalStorage(path.join(root, 'not_a_folder', 'x'));
    },
    async close() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A bucket on a local S3 server; "full" makes every write answer what MinIO answers then (507 XMinioStorageFull). */
async function s3Backend(): Promise<Backend> {
  const s3 = await startS3();
  const settings = s3.settings('fault/');
  const client = createS3Client(settings);
  const disk = { full: false };
  const writes = new Set(['PutObjectCommand', 'UploadPartCommand', 'CreateMultipartUploadCommand']);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (disk.full && writes.has(context.commandName ?? '')) {
        throw Object.assign(new Error('Storage backend has reached its minimum free drive threshold.'), {
          name: 'XMinioStorageFull',
          $metadata: { httpStatusCode: 507 },
        });
      }
      return next(args);
    },
    { step: 'initialize', name: 'fillableBucket' },
  );
  const storage = createS3Storage(settings, { client });
  return {
    storage,
    disk,
    async allFiles() {
      const keys: string[] = [];
      for await (const key of storage.keysStoredBefore!(new Date(Date.now() + 3_600_000))) keys.push(key);
      return keys.sort();
    },
    // s3rver does not list multipart uploads (NotImplemented): the sweep then removes none, without failing.
    async unwritableStorage() {
      return createS3Storage({ ...settings, bucket: 'no-such-bucket' });
    },
    close: () => s3.stop(),
  };
}

const backends = { local: async () => localBackend(), s3: s3Backend };

describe.each(Object.keys(backends) as (keyof typeof backends)[])(`fault: storage full, leftover and orphan files (%s storage, ${engine})`, (kind) => {
  let t: TestContext;
  let gerant: TestClient;
  let appId: string;
  let backend: Backend;

  beforeAll(async () => {
    backend = await backends[kind]();
    t = await createTestContext({ storage: backend.storage });
    ({ client: gerant, appId } = await tenantWithGerant(t));
  });
  afterAll(async () => {
    await t?.close();
    await backend?.close();
  });

  const requestCount = async () =>
    ((await t.database.db.execute(sql`select count(*)::int as n from signature_requests`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

  it('answers 507 STORAGE_FULL when the disk is full, saves nothing, leaves no temp file, and /healthz says so', async () => {
    const before = { requests: await requestCount(), files: await backend.allFiles() };
    backend.disk.full = true;
    try {
      const pdf = await makePdf(3);
      const res = await createRequest(t, gerant, { files: [{ fileName: 'contract.pdf', data: pdf }] });
      expect(res.statusCode, res.body).toBe(507);
      expect(res.json().error).toMatchObject({
        code: 'STORAGE_FULL',
        message: "The server's storage is full: nothing was saved. Try again later or contact support.",
      });
      expect(await requestCount()).toBe(before.requests);
      expect(await backend.allFiles()).toEqual(before.files);

      const health = await t.request({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'degraded', database: 'ok', storage: 'full' });
    } finally {
      backend.disk.full = false;
    }
    const health = await t.request({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'ok', storage: 'ok', office: 'available' });
    expect((await createRequest(t, gerant)).statusCode).toBe(201);
  });

  it('reports low free space on /healthz without failing it, and a storage it cannot write', async () => {
    if (backend.lowStorage) expect(await backend.lowStorage().health!()).toMatchObject({ state: 'low', freeBytes: expect.any(Number) });
    expect((await (await backend.unwritableStorage()).health!()).state).toBe('unwritable');
  });

  it('sweeps temp files older than an hour, and files no row references after the grace period', async () => {
    const storage = t.server.platform.storage;
    // A referenced document (and its versions), a mail attachment, an orphan, two temp files.
    const created = await createRequest(t, gerant);
    expect(created.statusCode).toBe(201);
    const documentKeys = (
      (await t.database.db.execute(sql`select storage_key from signature_documents where request_id = ${created.json().data.id}`)) as unknown as {
        rows: { storage_key: string }[];
      }
    ).rows.map((r) => r.storage_key);
    const attached = `${appId}/${randomUUID()}.pdf`;
    const orphan = `${appId}/${randomUUID()}.pdf`;
    for (const key of [attached, orphan]) await storage.put(key, Buffer.from('%PDF-1.7 test'));
    await t.database.db.insert(outboxMessages).values({
      appId,
      channel: 'email',
      to: 'someone@example.com',
      text: 'x',
      template: 'signed-documents',
      language: 'en',
      status: 'sent',
      attachments: [{ fileName: 'a.pdf', contentType: 'application/pdf', storageKey: attached, sizeBytes: 13 }],
    });
    const unfinished = await backend.leaveUnfinishedWrites?.(appId);

    const references = storageReferencesOf(modules);
    expect(references.length).toBeGreaterThanOrEqual(2); // messaging (attachments) and signatures

    // Now: only the stale temp file goes; every stored file is within its grace period.
    const now = await runStorageSweep(t.server.platform, references);
    expect(now).toMatchObject({ tempFiles: unfinished ? 1 : 0, tempBytes: unfinished ? 1024 : 0, orphans: 0 });
    if (unfinished) expect([unfinished.stale(), unfinished.fresh()]).toEqual([false, true]);
    expect(await storage.exists(orphan)).toBe(true);

    // 25 hours later: the orphan goes; referenced files stay.
    const later = await runStorageSweep(t.server.platform, references, { now: new Date(Date.now() + 25 * 3_600_000) });
    expect(later.orphans).toBe(1);
    expect(later.refused).toBeUndefined();
    expect(await storage.exists(orphan)).toBe(false);
    for (const key of [...documentKeys, attached]) expect(await storage.exists(key), key).toBe(true);
    if (unfinished) expect(unfinished.fresh()).toBe(false);
    // The request still reads its document.
    const doc = await gerant.call('GET', `/api/transactions/${created.json().data.id}/documents/${created.json().data.documents[0].id}`, 'history');
    expect(doc.statusCode).toBe(200);
  });
});
