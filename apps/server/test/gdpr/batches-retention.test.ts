import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { signatureOptionsInputSchema, type SignatureOptions } from '@paraphe/contracts';
import { runPurge } from '../../src/domains/gdpr/index.ts';
import { auditEvents } from '../../src/platform/db/schema/messaging.ts';
import { campaignDocuments, campaignSignatories, campaigns } from '../../src/domains/campaigns/schema.ts';
import { operationDocuments, operationOrders, operations } from '../../src/domains/operations/schema.ts';
import { unzipSync } from 'fflate';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { messagesTo } from '../support/signatures.ts';

const monthsAgo = (months: number) => new Date(Date.now() - months * 31 * 86_400_000);
const options = signatureOptionsInputSchema.parse({}) as SignatureOptions;

/**
 * What only a campaign or an operation holds — the shared originals, the mail-merge PDFs filled with each signatory's
 * data, the archive, the signatories and order signers — goes at the end of the tenant's retention periods, like a
 * single request's files and signers (docs/gdpr.md). Rows are written directly: the purge reads only dates and statuses.
 */
describe(`GDPR: campaigns' and operations' own files and people past retention (${engine})`, () => {
  let t: TestContext;
  let appId: string;
  let gerant: TestClient;
  let gerantEmail: string;

  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await t.factory.tenant({ doubleAuth: false, features: { campaign: true, mailing: true, operation: true } });
    appId = tenant.appId;
    gerant = await t.login(tenant.gerant.email);
    gerantEmail = tenant.gerant.email;
  });
  afterAll(async () => t?.close());

  const stored = async (name: string) => {
    const key = `${appId}/${name}-${Math.random().toString(36).slice(2)}.pdf`;
    await t.server.platform.storage.put(key, Buffer.from(`%PDF-1.7 ${name}`));
    return key;
  };

  async function campaignEnded(months: number, copyStatus: 'signed' | 'sent' = 'signed') {
    const at = monthsAgo(months);
    const [original, merged, archive] = [await stored('original'), await stored('merged'), await stored('archive')];
    const id = await t.database.inSystem(async (tx) => {
      const [row] = await tx
        .insert(campaigns)
        .values({ appId, label: 'Renewals', status: 'completed', options, completedAt: at, updatedAt: at, archiveKey: archive, archiveGeneratedAt: at })
        .returning({ id: campaigns.id });
      await tx.insert(campaignDocuments).values({
        appId,
        campaignId: row!.id,
        position: 0,
        title: 'Contract',
        fileName: 'contract.pdf',
        storageKey: original,
        sha256: 'a'.repeat(64),
        pageCount: 1,
        sizeBytes: 20,
      });
      await tx.insert(campaignSignatories).values({
        appId,
        campaignId: row!.id,
        rowIndex: 0,
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: `ada-${Math.random().toString(36).slice(2)}@example.com`,
        phone: '+33612345678',
        language: 'fr',
        data: { iban: 'FR7630006000011234567890189' },
        connectorIdc: '501',
        status: copyStatus,
        mergeStorageKey: merged,
      });
      return row!.id;
    });
    return { id, keys: [original, merged, archive] };
  }

  async function operationEnded(months: number) {
    const at = monthsAgo(months);
    const [pool, archive] = [await stored('pool'), await stored('op-archive')];
    const id = await t.database.inSystem(async (tx) => {
      const [row] = await tx
        .insert(operations)
        .values({ appId, label: 'Orders', status: 'completed', options, completedAt: at, updatedAt: at, archiveKey: archive })
        .returning({ id: operations.id });
      await tx
        .insert(operationDocuments)
        .values({ appId, operationId: row!.id, fileName: 'order.pdf', title: 'Order', storageKey: pool, sha256: 'b'.repeat(64), pageCount: 1, sizeBytes: 20 });
      await tx.insert(operationOrders).values({
        appId,
        operationId: row!.id,
        rowIndex: 0,
        documentName: 'order.pdf',
        status: 'completed',
        searchText: 'grace hopper grace@example.com order.pdf',
        signers: [{ firstname: 'Grace', lastname: 'Hopper', email: 'grace@example.com', phone: null, language: 'en', role: 'signer' }],
      });
      return row!.id;
    });
    return { id, keys: [pool, archive] };
  }

  const exists = (key: string) => t.server.platform.storage.exists(key);

  it('deletes the files past the documents retention and pseudonymises the people past the signer-data one, once; 410 after', async () => {
    const old = await campaignEnded(70);
    const recent = await campaignEnded(2);
    const waiting = await campaignEnded(70, 'sent');
    const order = await operationEnded(70);

    const report = await runPurge(t.server.platform);
    expect(report.batches).toBeGreaterThanOrEqual(4); // old campaign ×2 steps, operation ×2 steps
    for (const key of [...old.keys, ...order.keys]) expect(await exists(key), key).toBe(false);
    for (const key of [...recent.keys, ...waiting.keys]) expect(await exists(key), key).toBe(true);

    const [signatory] = await t.database.inSystem((tx) => tx.select().from(campaignSignatories).where(eq(campaignSignatories.campaignId, old.id)));
    expect(signatory).toMatchObject({ lastname: '', phone: null, data: {}, connectorIdc: null });
    expect(signatory!.firstname).toMatch(/^erased-/);
    expect(signatory!.email).toMatch(/^erased-.*@erased\.invalid$/);
    const [orderRow] = await t.database.inSystem((tx) => tx.select().from(operationOrders).where(eq(operationOrders.operationId, order.id)));
    expect(orderRow!.searchText).toBe('');
    expect(orderRow!.signers[0]).toMatchObject({ lastname: '', phone: null, language: 'en', role: 'signer' });
    expect(orderRow!.signers[0]!.email).toMatch(/@erased\.invalid$/);
    const [campaign] = await t.database.inSystem((tx) => tx.select().from(campaigns).where(eq(campaigns.id, old.id)));
    expect(campaign!.documentsPurgedAt).not.toBeNull();
    expect(campaign!.signerDataPurgedAt).not.toBeNull();
    expect(campaign!.archiveKey).toBeNull();
    const [untouched] = await t.database.inSystem((tx) => tx.select().from(campaignSignatories).where(eq(campaignSignatories.campaignId, recent.id)));
    expect(untouched).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace' });

    // The audit trail says what went, never who.
    const rows = await t.database.inSystem((tx) =>
      tx
        .select({ data: auditEvents.data })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'gdpr.batch_purged'), eq(auditEvents.appId, appId))),
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(rows)).not.toMatch(/Lovelace|Hopper|example\.com/);

    // What needs the files answers 410 with the date.
    for (const [method, url] of [
      ['GET', `/api/campains/${old.id}/archive`],
      ['POST', `/api/campains/${old.id}/duplicate`],
      ['GET', `/api/batches/${order.id}/archive`],
    ] as const) {
      const res = await gerant.call(method, url, url.includes('batches') ? 'operation' : 'campaign');
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(410);
      expect(res.json().error.code).toBe('DOCUMENT_PURGED');
    }

    const again = await runPurge(t.server.platform);
    expect(again.batches).toBe(0);
  });

  it('an erasure waits for a campaign signatory or an order not sent yet, then pseudonymises the person in both', async () => {
    const email = `Erase.Me-${Math.random().toString(36).slice(2)}@Example.com`;
    const { id: campaignId } = await campaignEnded(1);
    const orderId = (await operationEnded(1)).id;
    const [draft] = await t.database.inSystem(async (tx) => {
      await tx.insert(campaignSignatories).values({
        appId,
        campaignId,
        rowIndex: 1,
        firstname: 'Erase',
        lastname: 'Me',
        email,
        language: 'fr',
        data: { city: 'Lyon' },
        connectorIdc: '502',
        status: 'signed',
      });
      await tx.insert(operationOrders).values({
        appId,
        operationId: orderId,
        rowIndex: 1,
        documentName: 'order.pdf',
        status: 'completed',
        signers: [
          { firstname: 'Erase', lastname: 'Me', email: email.toLowerCase(), phone: '+33611111111', language: 'fr', role: 'signer' },
          { firstname: 'Keep', lastname: 'Me', email: 'keep@example.com', phone: null, language: 'fr', role: 'signer' },
        ],
      });
      return tx.insert(campaigns).values({ appId, label: 'Next wave', status: 'draft', options }).returning({ id: campaigns.id });
    });
    const [queued] = await t.database.inSystem((tx) =>
      tx
        .insert(campaignSignatories)
        .values({ appId, campaignId: draft!.id, rowIndex: 0, firstname: 'Erase', lastname: 'Me', email, language: 'fr', status: 'draft' })
        .returning({ id: campaignSignatories.id }),
    );

    const before = await t.snapshot();
    const refused = await gerant.call('POST', '/api/gdpr/erasures', 'application', { email });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toContain('Next wave');
    expect(refused.json().error.details.batches).toEqual([expect.objectContaining({ id: draft!.id, kind: 'campaign', status: 'draft' })]);
    expect(await t.snapshot()).toEqual(before);

    await t.database.inSystem((tx) => tx.delete(campaignSignatories).where(eq(campaignSignatories.id, queued!.id)));
    const done = await gerant.call('POST', '/api/gdpr/erasures', 'application', { email });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.counts.signers).toBe(2);
    const [signatory] = await t.database.inSystem((tx) =>
      tx
        .select()
        .from(campaignSignatories)
        .where(and(eq(campaignSignatories.campaignId, campaignId), eq(campaignSignatories.rowIndex, 1))),
    );
    expect(signatory).toMatchObject({ lastname: '', data: {}, connectorIdc: null });
    expect(signatory!.email).toMatch(/@erased\.invalid$/);
    const [order] = await t.database.inSystem((tx) =>
      tx
        .select()
        .from(operationOrders)
        .where(and(eq(operationOrders.operationId, orderId), eq(operationOrders.rowIndex, 1))),
    );
    expect(order!.signers[0]).toMatchObject({ lastname: '', phone: null });
    expect(order!.signers[1]).toMatchObject({ firstname: 'Keep', email: 'keep@example.com' });
    expect(order!.searchText).not.toContain('erase.me');
    expect(order!.searchText).toContain('keep@example.com');
  });

  it("a person's access export includes their campaign signatory rows (with merge variables) and their entries in orders", async () => {
    const email = `export-${Math.random().toString(36).slice(2)}@example.com`;
    const { id: campaignId } = await campaignEnded(1);
    const { id: operationId } = await operationEnded(1);
    await t.database.inSystem(async (tx) => {
      await tx
        .insert(campaignSignatories)
        .values({ appId, campaignId, rowIndex: 2, firstname: 'Xena', lastname: 'Port', email, language: 'fr', data: { contract: 'C-42' }, status: 'signed' });
      await tx.insert(operationOrders).values({
        appId,
        operationId,
        rowIndex: 2,
        documentName: 'order.pdf',
        status: 'completed',
        signers: [
          { firstname: 'Xena', lastname: 'Port', email, phone: null, language: 'fr', role: 'signer' },
          { firstname: 'Other', lastname: 'Person', email: 'other@example.com', phone: null, language: 'fr', role: 'signer' },
        ],
      });
    });
    const asked = await gerant.call('POST', '/api/gdpr/exports', 'application', { email });
    expect(asked.statusCode, asked.body).toBe(202);
    const mail = await t.waitFor(async () => (await messagesTo(t, gerantEmail, 'gdpr-export-ready')).find((m) => m.text.includes('e•••@example.com')), 20_000);
    const link = /\/api\/public\/gdpr-exports\/([A-Za-z0-9_-]+)/.exec(mail.text)!;
    const files = unzipSync(new Uint8Array((await t.request({ method: 'GET', url: `/api/public/gdpr-exports/${link[1]}` })).rawPayload));
    const person = JSON.parse(Buffer.from(files['person.json']!).toString());
    expect(person.campaigns).toEqual([
      expect.objectContaining({ campaignId, campaignLabel: 'Renewals', firstname: 'Xena', data: { contract: 'C-42' }, status: 'signed' }),
    ]);
    expect(person.operations).toEqual([expect.objectContaining({ operationId, operationLabel: 'Orders', firstname: 'Xena', email, role: 'signer' })]);
    expect(Buffer.from(files['campaigns.csv']!).toString()).toContain('C-42');
    expect(Buffer.from(files['operations.csv']!).toString()).not.toContain('other@example.com');
  });
});
