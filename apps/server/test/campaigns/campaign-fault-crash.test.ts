import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { listenSmtp } from '../support/smtp.ts';
import { engine } from '../support/harness.ts';
import { makePdf } from '../support/signatures.ts';
import { ApiClient, createFaultSite, startServerProcess, waitUntil, whileRestarting, type FaultSite, type ServerProcess } from '../support/server-process.ts';

/**
 * kill -9 of the server process while a campaign of 1,000 signatories is being dispatched, three times, restarting
 * on the same data each time: every signatory ends with exactly one copy and one invitation in the outbox, and every
 * invitation reaches the SMTP sink.
 */
const signatories = 1000;

function startSink(): Promise<{ server: SMTPServer; port: number; accepted: string[] }> {
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        accepted.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  return listenSmtp(server).then((port) => ({ server, port, accepted }));
}

interface CampaignView {
  id: string;
  status: string;
  counts: Record<string, number>;
  progress: { dispatched: number };
}

describe(`fault: kill -9 during a campaign dispatch (${engine})`, () => {
  let site: FaultSite;
  let server: ServerProcess;
  let gerant: ApiClient;
  let sink: Awaited<ReturnType<typeof startSink>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    [site, sink] = await Promise.all([createFaultSite(), startSink()]);
    const database = await site.open();
    await database.db.execute(sql`update applications set features = features || '{"campaign": true}'::jsonb where id = ${site.tenant.appId}`);
    await database.close();
    // Small chunks and 300 copies per 10 s: the dispatch takes ~35 s (plus the restarts); the three kills land in its first quarter.
    env = { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, CAMPAIGN_DISPATCH_CHUNK: '50', CAMPAIGN_DISPATCH_PER_MINUTE: '1800' };
    server = await startServerProcess(site, { env });
    gerant = new ApiClient(server.url, site.tenant.gerantEmail);
    await gerant.login();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => (sink ? sink.server.close(() => resolve()) : resolve()));
    await site?.remove();
  }, 60_000);

  const view = async (id: string) => (await gerant.json<{ data: CampaignView }>('GET', `/api/campains/${id}`, 'campaign')).data;

  it('sends every invitation exactly once across three kills', async () => {
    const form = new FormData();
    form.set('label', 'Crash campaign');
    const people = Array.from({ length: signatories }, (_, i) => ({ firstname: `F${i}`, lastname: `L${i}`, emailAddress: `crash${i}@example.com` }));
    form.set('transactionSigners', JSON.stringify(people));
    form.set('transactionDocuments', JSON.stringify([{ fileName: 'contract.pdf', signatureFields: [{ signerIndex: 0, page: 1, x: 100, y: 100 }] }]));
    form.set('transactionRequest', JSON.stringify({ send: true }));
    form.set('files', new Blob([Buffer.from(await makePdf(1))], { type: 'application/pdf' }), 'contract.pdf');
    const res = await gerant.call('POST', '/api/campains/campain', 'campaign', form);
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = ((await res.json()) as { data: CampaignView }).data;

    // Kill whenever the dispatch has moved on since the last restart but is not over.
    let kills = 0;
    let last = -1;
    const deadline = Date.now() + 120_000;
    while (kills < 3 && Date.now() < deadline) {
      const current = await whileRestarting(() => view(id)).catch(() => null);
      if (current && (current.counts.queued ?? 0) > 0 && current.progress.dispatched > last) {
        last = current.progress.dispatched;
        await server.crash();
        kills++;
        server = await startServerProcess(site, { port: server.port, env });
        continue;
      }
      if (current && current.counts.queued === 0) break;
      await new Promise((r) => setTimeout(r, 30));
    }
    const ready = await waitUntil(
      async () => {
        const v = await whileRestarting(() => view(id));
        return v.status === 'ready' ? v : null;
      },
      180_000,
      'campaign dispatched',
    );
    expect(ready.counts).toMatchObject({ sent: signatories, queued: 0, failed: 0 });
    expect(ready.progress.dispatched).toBe(signatories);
    expect(kills).toBeGreaterThanOrEqual(2);
    await waitUntil(async () => new Set(sink.accepted).size >= signatories, 240_000, 'every invitation delivered');
    const duplicates = sink.accepted.length - new Set(sink.accepted).size;
    console.info(`campaign fault test (${engine}): ${kills} kills at dispatched ${last}; sink ${sink.accepted.length} deliveries, ${duplicates} duplicate(s)`);

    await server.stop();
    const database = await site.open();
    try {
      const q = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
      const [copies] = await q<{ n: number; distinct: number }>(
        sql`select count(*)::int as n, count(distinct request_id)::int as distinct from campaign_signatories where campaign_id = ${id} and request_id is not null`,
      );
      expect(copies).toEqual({ n: signatories, distinct: signatories });
      const [requests] = await q<{ n: number }>(sql`select count(*)::int as n from signature_requests where source_id = ${id}`);
      expect(requests!.n).toBe(signatories);
      const perSigner = await q<{ to: string; n: number }>(
        sql`select recipient as "to", count(*)::int as n from outbox_messages where template = 'signature-invitation' and recipient like 'crash%' group by recipient having count(*) <> 1`,
      );
      expect(perSigner).toEqual([]);
      const [invitations] = await q<{ n: number }>(
        sql`select count(*)::int as n from outbox_messages where template = 'signature-invitation' and recipient like 'crash%'`,
      );
      expect(invitations!.n).toBe(signatories);
      // No invitation lost on the SMTP side either (a duplicate there would be messaging's send-then-record window).
      expect(new Set(sink.accepted.filter((a) => a.startsWith('crash'))).size).toBe(signatories);
    } finally {
      await database.close();
    }
    server = await startServerProcess(site, { port: server.port, env });
  }, 600_000);
});
