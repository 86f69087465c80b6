import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxPkcs12Iterations } from '@paraphe/signing';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { stampClient, upload, withIterations } from './support.ts';

/**
 * A hostile PKCS#12 (issue 24, item 3; docs/security.md "No request stalls the event loop"): a file asking for
 * millions of key-derivation iterations, sent with a wrong password, used to freeze the whole server while it was
 * derived (44-70 s at 9,999,999). Now counts over maxPkcs12Iterations are refused unread, and a file under the cap is
 * opened on a worker thread: /healthz keeps answering meanwhile.
 */
describe(`stamps: hostile PKCS#12 (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let dir: string;

  beforeAll(async () => {
    // A generous task limit: on a loaded machine the derivation at the cap may outlast the 30 s default.
    t = await createTestContext({ env: { WORKER_TASK_TIMEOUT_SECONDS: '600' } });
    gerant = await stampClient(t);
    dir = mkdtempSync(join(tmpdir(), 'paraphe-hostile-p12-'));
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  const importP12 = (data: Buffer) =>
    upload(t, gerant, '/api/stamp-accounts/import', { name: 'hostile.p12', data }, { password: 'not the password', label: 'Hostile' });

  it('refuses a file asking for more iterations than the cap, unread, with its own reason', async () => {
    const res = await importP12(withIterations(dir, 8_000_000));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[0]).toMatchObject({ field: 'file', rule: 'pkcs12_too_many_iterations' });
    expect(res.json().error.message).toContain(maxPkcs12Iterations.toLocaleString('en'));
  });

  it('opens a file at the cap off the event loop: /healthz answers while the derivation runs, the upload gets its clear error', async () => {
    const hostile = withIterations(dir, maxPkcs12Iterations);
    let uploadDone = false;
    const uploading = importP12(hostile).finally(() => (uploadDone = true));
    // Probes one after the other, a short pause between them, until the upload answers (bounded). On the main thread
    // the derivation (seconds) blocked every probe until it ended: at most the first could slip in before it.
    const answeredDuringUpload: number[] = [];
    for (let probe = 0; probe < 2000 && !uploadDone; probe++) {
      const health = await t.request({ method: 'GET', url: '/healthz' });
      if (!uploadDone) answeredDuringUpload.push(health.statusCode);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const res = await uploading;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[0]).toMatchObject({ field: 'password', rule: 'pkcs12_wrong_password' });
    expect(answeredDuringUpload.length).toBeGreaterThanOrEqual(3);
    expect(new Set(answeredDuringUpload)).toEqual(new Set([200]));
    // The derivation is ~5 s of CPU alone; on a loaded machine (shared cores) it may take several times that.
  }, 180_000);
});
