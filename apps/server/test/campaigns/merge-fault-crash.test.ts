import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { processAlive } from '../../src/platform/instance.ts';
import { resolveBinary } from '../../src/platform/office/detect.ts';
import { engine } from '../support/harness.ts';
import { ApiClient, createFaultSite, startServerProcess, waitUntil, whileRestarting, type FaultSite, type ServerProcess } from '../support/server-process.ts';
import { buildDocx, paragraph } from '../templates/docx.ts';

/**
 * kill -9 of the server while a mail-merge campaign's PDFs are being generated (docs/mail-merge.md, "A kill during
 * generation"). Before, the rows the dead process had leased waited for the lease's end (5 minutes) and its
 * LibreOffice processes and profile folder stayed behind; now the restarted server takes its leases back at start,
 * kills the orphaned converters and removes their folder, and the campaign finishes within the bound below, each
 * signatory with exactly one copy.
 */
const signatories = 6;
/** Well under the 5-minute lease: a campaign finishing within it did not wait for the lease's end. */
const finishWithinMs = 150_000;

describe(`fault: kill -9 during mail-merge generation (${engine})`, () => {
  let site: FaultSite;
  let server: ServerProcess;
  let gerant: ApiClient;
  const work = mkdtempSync(path.join(tmpdir(), 'merge-fault-'));
  const started = path.join(work, 'started');
  const slow = path.join(work, 'slow');
  let env: Record<string, string>;

  beforeAll(async () => {
    site = await createFaultSite();
    const database = await site.open();
    await database.db.execute(sql`update applications set features = features || '{"campaign": true, "mailing": true}'::jsonb where id = ${site.tenant.appId}`);
    await database.close();
    // soffice behind a script that says when a conversion starts (its pid) and, while `slow` exists, waits first:
    // the kill lands while the rows are leased and the converter runs.
    const soffice = (await resolveBinary(process.env.SOFFICE ?? 'soffice'))!;
    const wrapper = path.join(work, 'soffice.sh');
    writeFileSync(
      wrapper,
      `#!/bin/bash\nif [ "$1" = "--version" ]; then exec ${soffice} --version; fi\necho $$ >> ${started}\nif [ -f ${slow} ]; then sleep 120; fi\nexec ${soffice} "$@"\n`,
    );
    chmodSync(wrapper, 0o755);
    env = { OFFICE_BINARY: wrapper, OFFICE_CONVERTERS: '1', OFFICE_TIMEOUT_SECONDS: '300', LOG_LEVEL: 'warn' };
    server = await startServerProcess(site, { env });
    gerant = new ApiClient(server.url, site.tenant.gerantEmail);
    await gerant.login();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await site?.remove();
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('finishes the campaign without waiting for the dead leases, each copy made once, and cleans the dead converters', async () => {
    const upload = new FormData();
    upload.set('file', new Blob([new Uint8Array(buildDocx({ body: paragraph('Contrat de ${name}.') }))]), 'contrat.docx');
    const template = await gerant.json<{ data: { id: string } }>('POST', '/api/Template', 'template', upload);

    const form = new FormData();
    form.set('label', 'Merge crash');
    form.set(
      'transactionSigners',
      JSON.stringify(Array.from({ length: signatories }, (_, i) => ({ firstname: `F${i}`, lastname: `L${i}`, emailAddress: `merge-crash${i}@example.com` }))),
    );
    form.set('transactionDocuments', '[]');
    form.set('transactionRequest', JSON.stringify({ send: false }));
    const created = await gerant.json<{ data: { id: string } }>('POST', '/api/campains/publipostage', 'campaign', form);
    const id = created.data.id;
    const merge = new FormData();
    merge.set(
      'mergeDocument',
      JSON.stringify({
        templateId: template.data.id,
        mapping: { name: { column: 'firstname' } },
        signatureFields: [{ signerIndex: 0, page: 1, x: 100, y: 100 }],
      }),
    );
    await gerant.json('PUT', `/api/campains/${id}`, 'campaign', merge);

    writeFileSync(slow, '');
    const sent = await gerant.call('PUT', `/api/campains/${id}/send`, 'campaign');
    expect(sent.status, await sent.clone().text()).toBe(200);
    // The rows are leased and the converter started: kill the server.
    const converter = Number(
      (await waitUntil(async () => (existsSync(started) ? readFileSync(started, 'utf8').trim() : null), 60_000, 'generation started')).split('\n')[0],
    );
    const deadPid = server.child.pid!;
    expect(readdirSync(tmpdir()).some((f) => f.startsWith(`paraphe-office-${deadPid}-`))).toBe(true);
    await server.crash();
    expect(processAlive(converter)).toBe(true); // detached: it outlives the server
    rmSync(slow);

    const restartedAt = Date.now();
    server = await startServerProcess(site, { port: server.port, env });
    const ready = await waitUntil(
      async () => {
        const view = await whileRestarting(() =>
          gerant.json<{ data: { status: string; counts: Record<string, number> } }>('GET', `/api/campains/${id}`, 'campaign'),
        );
        return view.data.status === 'ready' ? view.data : null;
      },
      finishWithinMs,
      'campaign dispatched after the restart',
    );
    const tookMs = Date.now() - restartedAt;
    console.info(`merge fault test (${engine}): campaign ready ${Math.round(tookMs / 1000)} s after the restart (the lease is 5 min)`);
    expect(ready.counts).toMatchObject({ sent: signatories, queued: 0, failed: 0 });
    expect(server.logs().some((l) => l.includes('mail-merge rows leased by a stopped process are generated again now'))).toBe(true);
    // The dead server's converter was killed and its folder removed; the new server's are its own.
    await waitUntil(
      async () => !processAlive(converter) && !readdirSync(tmpdir()).some((f) => f.startsWith(`paraphe-office-${deadPid}-`)),
      30_000,
      'leftovers cleaned',
    );

    await server.stop();
    const database = await site.open();
    try {
      const q = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
      const [copies] = await q<{ n: number; distinct: number; generated: number }>(
        sql`select count(request_id)::int as n, count(distinct request_id)::int as distinct, count(merge_storage_key)::int as generated from campaign_signatories where campaign_id = ${id}`,
      );
      expect(copies).toEqual({ n: signatories, distinct: signatories, generated: signatories });
      const [requests] = await q<{ n: number }>(sql`select count(*)::int as n from signature_requests where source_id = ${id}`);
      expect(requests!.n).toBe(signatories);
      const perSigner = await q<{ to: string; n: number }>(
        sql`select recipient as "to", count(*)::int as n from outbox_messages where template = 'signature-invitation' and recipient like 'merge-crash%' group by recipient`,
      );
      expect(perSigner.map((r) => r.n)).toEqual(Array(signatories).fill(1));
    } finally {
      await database.close();
    }
    server = await startServerProcess(site, { port: server.port, env });
  }, 400_000);
});
