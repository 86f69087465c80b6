import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Campaign } from '@paraphe/contracts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { makePdf } from '../support/signatures.ts';
import { templateDefinition, templateForm } from '../support/template-factory.ts';
import { campaignTenant, getCampaign, putCampaign, signatory, waitForStatus } from './support.ts';

/** A classic campaign's draft made from a request template with one signer role (docs/templates.md). */
describe(`campaigns from a request template (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let comptable: TestClient;
  let stranger: TestClient;
  let appId: string;
  let single: { id: string; currentVersion: number };
  let threeRoles: { id: string };

  const oneSigner = templateDefinition({
    name: 'Annual renewal',
    requestLabel: 'Renewal 2027',
    roles: [{ name: 'Customer', role: 'signer' }],
    optionsRequest: { language: 'en' },
    documents: [{ fileName: 'renewal.pdf', title: 'Renewal', signatureFields: [{ signerIndex: 0, page: 2, x: 120, y: 80 }] }],
  });
  const fromTemplate = (client: TestClient, body: unknown) => client.call('POST', '/api/campains/from-template', 'campaign', body);
  const campaignCount = async () =>
    Number(((await t.database.db.execute(sql`select count(*)::int as n from campaigns`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

  beforeAll(async () => {
    t = await createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'off' } });
    const { tenant, client } = await campaignTenant(t);
    gerant = client;
    appId = tenant.appId;
    comptable = await t.login((await t.factory.user(appId, { profile: 'COMPTABLE' })).email);
    stranger = (await campaignTenant(t)).client;
    const pdf = await makePdf(2, 'Renewal');
    const made = await templateForm(t, gerant, oneSigner, [{ fileName: 'renewal.pdf', data: pdf }]);
    expect(made.statusCode, made.body).toBe(201);
    single = { id: made.json().data.id, currentVersion: made.json().data.version };
    const three = await templateForm(t, gerant, templateDefinition(), [{ fileName: 'contract.pdf', data: pdf }]);
    expect(three.statusCode, three.body).toBe(201);
    threeRoles = { id: three.json().data.id };
  });
  afterAll(async () => t?.close());

  it("makes a draft with the template's documents, fields, level and label; the signatories are added, then it is sent", async () => {
    const res = await fromTemplate(gerant, { templateId: single.id });
    expect(res.statusCode, res.body).toBe(201);
    const campaign: Campaign = res.json().data;
    expect(campaign).toMatchObject({ status: 'draft', type: 'campain', label: 'Renewal 2027', level: 1, signatoryCount: 0 });
    expect(campaign.documents).toHaveLength(1);
    expect(campaign.documents?.[0]).toMatchObject({ title: 'Renewal', pageCount: 2 });
    expect(campaign.documents?.[0]?.signatureFields).toEqual([expect.objectContaining({ signerIndex: 0, page: 2, x: 120, y: 80 })]);
    const audits = (await t.database.db.execute(
      sql`select data from audit_events where action = 'campaign.created_from_template' and target_id = ${campaign.id}`,
    )) as unknown as { rows: { data: Record<string, unknown> }[] };
    expect(audits.rows).toEqual([{ data: { templateId: single.id, templateName: 'Annual renewal', version: 1 } }]);

    const named = await fromTemplate(gerant, { templateId: single.id, version: 1, label: 'Renewal — North region' });
    expect(named.json().data).toMatchObject({ label: 'Renewal — North region' });

    const signers = await putCampaign(t, gerant, campaign.id, [
      { name: 'transactionSigners', value: JSON.stringify([signatory(1), signatory(2)]) },
      { name: 'transactionRequest', value: JSON.stringify({ send: true }) },
    ]);
    expect(signers.statusCode, signers.body).toBe(200);
    const sent = await waitForStatus(t, gerant, campaign.id, ['ready', 'completed']);
    expect(sent.signatoryCount).toBe(2);
    expect((await getCampaign(gerant, campaign.id)).documents?.[0]?.title).toBe('Renewal');
  });

  it('refuses a template with more than one role, an unknown version, and makes nothing', async () => {
    const before = await campaignCount();
    const many = await fromTemplate(gerant, { templateId: threeRoles.id });
    expect(many.statusCode).toBe(400);
    expect(many.json().error.fields[0]).toMatchObject({ field: 'templateId', rule: 'invalid_value' });
    expect(many.json().error.message).toMatch(/must have one role, a signer — it has Employee \(signer\), HR director \(signer\), Accountant \(observer\)/);
    const version = await fromTemplate(gerant, { templateId: single.id, version: 7 });
    expect(version.statusCode).toBe(400);
    expect(version.json().error.fields[0]).toMatchObject({ field: 'version' });
    const invalid = await fromTemplate(gerant, { templateId: 'not-a-uuid' });
    expect(invalid.statusCode).toBe(400);
    expect(await campaignCount()).toBe(before);
  });

  it('ladder: 401 without a session, 403 without campaigns.manage, 404 for another tenant — nothing made', async () => {
    const before = await t.snapshot();
    expect((await t.request({ method: 'POST', url: '/api/campains/from-template', body: { templateId: single.id } })).statusCode).toBe(401);
    expect((await fromTemplate(comptable, { templateId: single.id })).statusCode).toBe(403);
    const other = await fromTemplate(stranger, { templateId: single.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('NOT_FOUND');
    expect(await t.snapshot()).toBe(before);
  });
});
