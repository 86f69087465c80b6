import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createS3Storage } from '../../src/platform/storage-s3.ts';
import { engine } from '../support/harness.ts';
import { startS3, type S3Site } from '../support/s3.ts';
import { makePdf } from '../support/signatures.ts';
import { startSmtp, stopSmtp, type SmtpSink } from '../support/smtp.ts';
import { ApiClient, createFaultSite, startServerProcess, waitUntil, type FaultSite, type ServerProcess } from '../support/server-process.ts';

/**
 * ROLE=api and ROLE=worker apart, as deployed (docs/deployment.md): 2 api processes and 2 worker processes on one
 * PostgreSQL database, one S3 bucket (s3rver) and one mail server (an SMTP sink). Requests are created and sent
 * through both api processes, signed through the public signing API of both, and one worker is killed (-9) while
 * the completions run. Then: every request completed exactly once, every mail delivered exactly once, every file
 * the database references is in the bucket.
 * ROLES_SPLIT_REQUESTS sets the count (default 60 — CI time; 100 took about 2 minutes on 2 cores, most of it the completions — B-LTA
 * archive and evidence file — run by the one worker left; 1,000 took 18.4 minutes: docs/deployment.md).
 */

const requestCount = Number(process.env.ROLES_SPLIT_REQUESTS ?? 60);
/** The surviving worker completes about a request a second on 2 shared cores: the wait scales with the count. */
const completionTimeoutMs = Math.max(600_000, requestCount * 3_000);
/** Calls in flight at once, per api process. */
const concurrency = 8;

/** Runs `task` over `items`, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index]!, index);
      }
    }),
  );
}

describe.skipIf(engine !== 'postgres')(`roles: 2 api and 2 worker processes share the work (${engine})`, () => {
  let site: FaultSite;
  let s3: S3Site;
  let smtp: SmtpSink;
  let db: pg.Pool;
  let apis: ServerProcess[] = [];
  let workers: ServerProcess[] = [];
  let gerants: ApiClient[];
  let pdf: Uint8Array;
  const timings: Record<string, number> = {};
  const since = (started: number) => Math.round((Date.now() - started) / 1000);

  /** Every process started, in order: the first api, then the others as they came up. */
  const running: ServerProcess[] = [];
  beforeAll(async () => {
    const started = Date.now();
    [site, s3, smtp, pdf] = await Promise.all([createFaultSite(), startS3(), startSmtp(), makePdf(1)]);
    db = new pg.Pool({ connectionString: site.adminUrl, max: 4 });
    // Behind the reverse proxy of a deployment (TRUST_PROXY): each signer comes from an address of its own, as the
    // public signing API's per-address rate limits expect of real signers.
    const env = { ...s3.env('site/'), SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_MAX_CONNECTIONS: '2', TRUST_PROXY: 'loopback' };
    // The first api process gives the links in mails their address (PUBLIC_URL): the nodes behind one proxy share it.
    const first = await startServerProcess(site, { env: { ...env, ROLE: 'api' } });
    running.push(first);
    const shared = { ...env, PUBLIC_URL: first.url };
    // Each process that started is stopped at the end even when another one did not start (they outlived the run).
    const settled = await Promise.allSettled([
      startServerProcess(site, { env: { ...shared, ROLE: 'api' } }),
      startServerProcess(site, { env: { ...shared, ROLE: 'worker' } }),
      startServerProcess(site, { env: { ...shared, ROLE: 'worker' } }),
    ]);
    for (const outcome of settled) if (outcome.status === 'fulfilled') running.push(outcome.value);
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const rest = running.slice(1);
    apis = [first, rest[0]!];
    workers = [rest[1]!, rest[2]!];
    gerants = apis.map((api) => new ApiClient(api.url, site.tenant.gerantEmail));
    await Promise.all(gerants.map((g) => g.login()));
    timings.startSeconds = since(started);
  }, 180_000);

  afterAll(async () => {
    console.log(`roles split, ${requestCount} requests: ${JSON.stringify(timings)}`);
    await Promise.all(running.map((p) => p.stop()));
    await db?.end();
    if (smtp) await stopSmtp(smtp.server);
    await s3?.stop();
    await site?.remove();
  }, 60_000);

  const rows = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
  const count = async (text: string, values: unknown[] = []) => (await rows<{ n: number }>(text, values))[0]!.n;

  async function createAndSend(gerant: ApiClient, index: number): Promise<{ id: string; email: string }> {
    const email = `signer${index}-${randomBytes(4).toString('hex')}@example.com`;
    const form = new FormData();
    form.set('label', `Split ${index}`);
    form.set('transactionSigners', JSON.stringify([{ firstname: 'Sam', lastname: `Signer ${index}`, emailAddress: email, signerIndex: 0 }]));
    form.set('transactionDocuments', JSON.stringify([{ fileName: 'contract.pdf', signatureFields: [{ signerIndex: 0, page: 1, x: 100, y: 100 }] }]));
    form.set('transactionRequest', JSON.stringify({ send: true }));
    form.set('optionsRequest', JSON.stringify({ signedDocuments: { toRequester: false, toSigners: true } }));
    form.set('files', new Blob([Buffer.from(pdf)], { type: 'application/pdf' }), 'contract.pdf');
    const res = await gerant.call('POST', '/api/transactions/1', 'history', form);
    if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
    return { id: ((await res.json()) as { data: { id: string } }).data.id, email };
  }

  /** The last mail of `template` to `email`, as the outbox keeps it (the SMTP copy is the same text, encoded). */
  const mailText = async (email: string, template: string, after = 0) =>
    (await rows<{ text: string }>(`select text from outbox_messages where recipient = $1 and template = $2 order by created_at`, [email, template]))[after]
      ?.text;

  /** The signer opens the invitation on one api process, asks the code, signs there. */
  async function sign(base: string, email: string, index: number) {
    const headers = { 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` };
    const invitation = await waitUntil(() => mailText(email, 'signature-invitation'), 300_000, `invitation to ${email}`);
    const token = /#\/sign\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(invitation)![1]!;
    const api = `${base}/api/public/sign/${token}`;
    const asked = await fetch(`${api}/code`, { method: 'POST', headers });
    if (asked.status !== 200) throw new Error(`code: ${asked.status} ${await asked.text()}`);
    const code = /\b(\d{6})\b/.exec(await waitUntil(() => mailText(email, 'signing-code'), 300_000, `code to ${email}`))![1];
    const signed = await fetch(`${api}/sign`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ code, consents: [] }),
    });
    if (signed.status !== 200) throw new Error(`sign: ${signed.status} ${await signed.text()}`);
  }

  it(
    `creates, signs and completes ${requestCount} requests through both api processes, one worker killed (-9) midway`,
    async () => {
      const indexes = Array.from({ length: requestCount }, (_, i) => i);
      let started = Date.now();
      const created: { id: string; email: string }[] = [];
      // Half through each api process (even indexes on the first, odd on the second).
      await inParallel(indexes, concurrency * 2, async (i) => void created.push({ ...(await createAndSend(gerants[i % 2]!, i)) }));
      timings.createSeconds = since(started);
      expect(created).toHaveLength(requestCount);

      started = Date.now();
      let signedCount = 0;
      let killedAt: number | undefined;
      await inParallel(created, concurrency * 2, async (request, i) => {
        await sign(apis[i % 2]!.url, request.email, i);
        // Midway: a worker dies at work (completions, mails, archives in flight), no shutdown.
        if (++signedCount === Math.floor(requestCount / 2)) {
          killedAt = Date.now();
          await workers[0]!.crash();
        }
      });
      timings.signSeconds = since(started);
      expect(killedAt).toBeDefined();
      expect(workers[0]!.alive()).toBe(false);

      const ids = created.map((r) => r.id);
      await waitUntil(
        async () => (await count(`select count(*)::int as n from signature_requests where id = any($1) and status = 'completed'`, [ids])) === requestCount,
        completionTimeoutMs,
        'every request completed',
      );
      timings.completedSecondsAfterLastSign = since(started) - timings.signSeconds!;
      timings.totalSeconds = since(started) + timings.createSeconds!;
      await waitUntil(async () => (await count(`select count(*)::int as n from outbox_messages where status <> 'sent'`)) === 0, 120_000, 'every mail sent');

      // Completed exactly once: one `completed` event and one completed version per document.
      const completions = await rows<{ request_id: string; n: number }>(
        `select request_id, count(*)::int as n from signature_events where type = 'completed' and request_id = any($1) group by request_id`,
        [ids],
      );
      expect(completions.filter((c) => c.n === 1)).toHaveLength(requestCount);
      expect(
        await count(
          `select count(*)::int as n from (select document_id from document_versions v join signature_documents d on d.id = v.document_id
          where d.request_id = any($1) and v.kind = 'completed' group by document_id having count(*) <> 1) x`,
          [ids],
        ),
      ).toBe(0);

      // Every mail exactly once: each signer got 3 (invitation, code, signed documents), and the mail server received
      // each outbox message once (no more, no fewer) — counted per recipient.
      const outbox = await rows<{ to: string; n: number }>(`select recipient as "to", count(*)::int as n from outbox_messages group by recipient`);
      const received = new Map<string, number>();
      for (const mail of smtp.received) for (const to of mail.to) received.set(to, (received.get(to) ?? 0) + 1);
      const mismatches = outbox.filter((o) => received.get(o.to) !== o.n).map((o) => `${o.to}: outbox ${o.n}, received ${received.get(o.to) ?? 0}`);
      expect(mismatches).toEqual([]);
      expect(smtp.received.length).toBe(outbox.reduce((sum, o) => sum + o.n, 0));
      for (const { email } of created) expect(outbox.find((o) => o.to === email)?.n, email).toBe(3);

      // No file lost: every key the rows reference is in the bucket.
      const keys = await rows<{ key: string }>(
        `select storage_key as key from signature_documents where request_id = any($1)
       union all select v.storage_key from document_versions v join signature_documents d on d.id = v.document_id where d.request_id = any($1)
       union all select attestation_key from signature_requests where id = any($1) and attestation_key is not null`,
        [ids],
      );
      expect(keys.length).toBeGreaterThanOrEqual(requestCount * 4); // original, signed, completed, evidence file
      const bucket = createS3Storage(s3.settings('site/'));
      const missing: string[] = [];
      await inParallel(keys, 16, async ({ key }) => void ((await bucket.exists(key)) || missing.push(key)));
      expect(missing).toEqual([]);
    },
    completionTimeoutMs + 300_000,
  );
});
