import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { createLocalStorage } from '../../src/platform/storage.ts';
import { createTestContext, engine, openTestDatabase, type TestContext } from '../support/harness.ts';

const MB = 1024 * 1024;

/**
 * /healthz tells the truth early (issue 24, item 13; docs/security.md): the local storage reads `full` (503, reason
 * `no_room_for_largest_upload`) as soon as the largest upload no longer fits — free space under
 * STORAGE_RESERVE_UPLOAD_MB × STORAGE_RESERVE_FACTOR — not only once a write fails at 0 bytes. The disk's free space
 * comes through the storage's statfs seam (`freeSpace`), set here as a nearly full disk would report it.
 * Also: /healthz shows the event-loop delay (item 3).
 */
describe(`/healthz: storage reserve and event-loop delay (${engine})`, () => {
  let t: TestContext;
  let root: string;
  const disk = { freeBytes: 10_000 * MB };
  const config = loadConfig({ STORAGE_RESERVE_UPLOAD_MB: '100', STORAGE_RESERVE_FACTOR: '2' });

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-storage-health-'));
    const storage = createLocalStorage(root, { minFreeBytes: 400 * MB, reserveBytes: config.storageReserveBytes, freeSpace: async () => disk.freeBytes });
    t = await createTestContext({ storage });
  });
  afterAll(async () => {
    await t?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const health = async () => {
    const res = await t.request({ method: 'GET', url: '/healthz' });
    return { status: res.statusCode, body: res.json() };
  };

  it('reserves room for the largest upload: STORAGE_RESERVE_UPLOAD_MB × STORAGE_RESERVE_FACTOR, 100 MB × 2 by default', () => {
    expect(config.storageReserveBytes).toBe(200 * MB);
    expect(loadConfig({}).storageReserveBytes).toBe(200 * MB);
    expect(loadConfig({ STORAGE_RESERVE_UPLOAD_MB: '500', STORAGE_RESERVE_FACTOR: '1.5' }).storageReserveBytes).toBe(750 * MB);
  });

  it('says ok with room, low under STORAGE_MIN_FREE_MB (still 200), full (503) once the largest upload would not fit', async () => {
    disk.freeBytes = 10_000 * MB;
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', storage: 'ok' } });
    expect((await health()).body.storageReason).toBeUndefined();

    disk.freeBytes = 300 * MB; // under the 400 MB warning, above the 200 MB reserve
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', storage: 'low' } });

    disk.freeBytes = 200 * MB - 1; // far from 0 bytes, but a 100 MB archive inflating to 200 MB no longer fits
    expect(await health()).toMatchObject({
      status: 503,
      body: { status: 'degraded', database: 'ok', storage: 'full', storageReason: 'no_room_for_largest_upload' },
    });

    disk.freeBytes = 10_000 * MB; // space freed: healthy again at the next probe
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', storage: 'ok' } });
  });

  it('shows the event-loop delay (p50, p99, max in ms over a window of seconds) without it changing the status', async () => {
    const { body } = await health();
    expect(body.eventLoopDelayMs).toEqual({ p50: expect.any(Number), p99: expect.any(Number), max: expect.any(Number), windowSeconds: expect.any(Number) });
    expect(body.eventLoopDelayMs.p99).toBeGreaterThanOrEqual(body.eventLoopDelayMs.p50);
    expect(body.eventLoopDelayMs.max).toBeGreaterThanOrEqual(body.eventLoopDelayMs.p99);
  });
});

/**
 * Issue 24, item 3: under heavy disk writes the storage probe's steps wait for the kernel's journal, and /healthz
 * must still answer at once. With a previous healthy state it waits HEALTH_STORAGE_WAIT_MS for a new probe and
 * otherwise answers with that state; a bad state is always probed again before it is reported; concurrent calls
 * share one probe. The probe is held here by a gate (the statfs seam does not answer until released), so what is
 * asserted is what /healthz answered while the disk did not, never a duration.
 */
describe(`/healthz: a slow storage probe is not waited for (${engine})`, () => {
  let t: TestContext;
  let root: string;
  const disk = { freeBytes: 10_000 * MB, probes: 0, gate: undefined as Promise<void> | undefined };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-storage-slow-'));
    const freeSpace = async () => {
      await disk.gate;
      return disk.freeBytes;
    };
    const local = createLocalStorage(root, { minFreeBytes: 400 * MB, reserveBytes: 200 * MB, freeSpace });
    // Probes are counted as they start (not when they reach statfs: a loaded machine may not get there in 20 ms).
    const storage = {
      ...local,
      health: () => {
        disk.probes++;
        return local.health!();
      },
    };
    t = await createTestContext({ storage, env: { HEALTH_STORAGE_WAIT_MS: '20' } });
  });
  afterAll(async () => {
    await t?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const health = async () => {
    const res = await t.request({ method: 'GET', url: '/healthz' });
    return { status: res.statusCode, storage: res.json().storage as string };
  };

  it('answers with the previous healthy state while a probe hangs, shares that probe, and re-checks a bad state', async () => {
    expect(await health()).toEqual({ status: 200, storage: 'ok' });

    // The disk stops answering, and meanwhile fills up: two calls at once answer the previous state, one probe runs.
    let release!: () => void;
    disk.gate = new Promise((resolve) => (release = resolve));
    disk.freeBytes = 100 * MB;
    const probesBefore = disk.probes;
    expect(await Promise.all([health(), health()])).toEqual([
      { status: 200, storage: 'ok' },
      { status: 200, storage: 'ok' },
    ]);
    expect(disk.probes - probesBefore).toBe(1);

    // The probe finishes: `full` is kept, and a bad state is probed again (and waited for) before being reported.
    release();
    disk.gate = undefined;
    await t.waitFor(async () => (await health()).storage === 'full');
    const probes = disk.probes;
    expect(await health()).toEqual({ status: 503, storage: 'full' });
    expect(disk.probes).toBe(probes + 1);

    // Space freed: the next call waits for its probe (the last state was bad) and says ok at once.
    disk.freeBytes = 10_000 * MB;
    expect(await health()).toEqual({ status: 200, storage: 'ok' });
  });
});

/**
 * The same for the database ping (issue 24, item 3 on the embedded database: its one connection runs statements one
 * after the other, so a ping queued behind a burst of work waited for all of it). Held here by a gate: what is
 * asserted is what /healthz answered while the ping did not, never a duration.
 */
describe(`/healthz: a database ping held behind other work is not waited for (${engine})`, () => {
  let t: TestContext;
  let drop: () => Promise<void>;
  const ping = { count: 0, gate: undefined as Promise<void> | undefined, fail: false };

  beforeAll(async () => {
    const opened = await openTestDatabase();
    const database = opened.database;
    drop = opened.drop;
    const realPing = database.ping.bind(database);
    database.ping = async () => {
      ping.count++;
      await ping.gate;
      if (ping.fail) throw new Error('connection refused');
      return realPing();
    };
    t = await createTestContext({ database, env: { HEALTH_DATABASE_WAIT_MS: '20' } });
  });
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  const health = async () => {
    const res = await t.request({ method: 'GET', url: '/healthz' });
    return { status: res.statusCode, database: res.json().database as string };
  };

  it('answers the last successful ping while one is held, shares it, and checks again before reporting an outage', async () => {
    expect(await health()).toEqual({ status: 200, database: 'ok' });
    let release!: () => void;
    ping.gate = new Promise((resolve) => (release = resolve));
    ping.fail = true;
    const before = ping.count;
    expect(await Promise.all([health(), health()])).toEqual([
      { status: 200, database: 'ok' },
      { status: 200, database: 'ok' },
    ]);
    expect(ping.count - before).toBe(1);

    // The held ping fails: the outage is reported, each time after a new ping.
    release();
    ping.gate = undefined;
    await t.waitFor(async () => (await health()).database === 'unreachable');
    const count = ping.count;
    expect(await health()).toEqual({ status: 503, database: 'unreachable' });
    expect(ping.count).toBe(count + 1);

    // Back: the next call waits for its ping (the last one failed) and says ok at once.
    ping.fail = false;
    expect(await health()).toEqual({ status: 200, database: 'ok' });
  });
});
