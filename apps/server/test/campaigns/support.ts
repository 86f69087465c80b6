import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Campaign, SignatoryInput } from '@paraphe/contracts';
import type { TestClient, TestContext } from '../support/harness.ts';
import { multipartBody, samplePdf, type Part } from '../support/signatures.ts';

/** Shared helpers of the campaigns tests. */

export const signatory = (i: number, extra: Partial<SignatoryInput> = {}): SignatoryInput => ({
  firstname: `First${i}`,
  lastname: `Last${i}`,
  emailAddress: `sig${i}-${randomBytes(3).toString('hex')}@example.com`,
  ...extra,
});

export interface CampaignForm {
  label?: string;
  signatories?: unknown[];
  documents?: unknown[];
  options?: Record<string, unknown>;
  send?: boolean;
  files?: { fileName: string; data: Uint8Array }[];
  type?: string;
  omit?: string[];
}

export async function campaignParts(opts: CampaignForm): Promise<Part[]> {
  const files = opts.files ?? [{ fileName: 'contract.pdf', data: await samplePdf() }];
  const parts: Part[] = [
    { name: 'label', value: opts.label ?? 'Spring campaign' },
    { name: 'description', value: 'Our yearly contract renewal' },
    { name: 'transactionSigners', value: JSON.stringify(opts.signatories ?? [signatory(0), signatory(1)]) },
    {
      name: 'transactionDocuments',
      value: JSON.stringify(
        opts.documents ?? [{ fileName: files[0]?.fileName ?? 'contract.pdf', signatureFields: [{ signerIndex: 0, page: 1, x: 100, y: 100 }] }],
      ),
    },
    { name: 'transactionRequest', value: JSON.stringify({ send: opts.send ?? false }) },
    { name: 'optionsRequest', value: JSON.stringify(opts.options ?? {}) },
    ...files.map((f) => ({ name: 'files', fileName: f.fileName, contentType: 'application/pdf', data: f.data })),
  ];
  return parts.filter((p) => !opts.omit?.includes(p.name));
}

export async function postCampaign(t: TestContext, client: TestClient, opts: CampaignForm = {}) {
  const { payload, headers } = multipartBody(await campaignParts(opts));
  return t.request({ method: 'POST', url: `/api/campains/${opts.type ?? 'campain'}`, token: await client.token('campaign'), body: payload, headers });
}

export async function putCampaign(t: TestContext, client: TestClient, id: string, parts: Part[]) {
  const { payload, headers } = multipartBody(parts);
  return t.request({ method: 'PUT', url: `/api/campains/${id}`, token: await client.token('campaign'), body: payload, headers });
}

export async function createCampaign(t: TestContext, client: TestClient, opts: CampaignForm = {}): Promise<Campaign> {
  const res = await postCampaign(t, client, opts);
  if (res.statusCode !== 201) throw new Error(`create campaign: ${res.statusCode} ${res.body}`);
  return res.json().data as Campaign;
}

export async function getCampaign(client: TestClient, id: string): Promise<Campaign> {
  const res = await client.call('GET', `/api/campains/${id}`, 'campaign');
  if (res.statusCode !== 200) throw new Error(`get campaign: ${res.statusCode} ${res.body}`);
  return res.json().data as Campaign;
}

export async function waitForStatus(t: TestContext, client: TestClient, id: string, statuses: string[], timeoutMs = 30_000): Promise<Campaign> {
  return t.waitFor(async () => {
    const c = await getCampaign(client, id);
    return statuses.includes(c.status) ? c : null;
  }, timeoutMs);
}

export async function rows<T>(t: TestContext, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A GERANT of a fresh tenant with campaigns enabled (test mode, no second factor). */
export async function campaignTenant(t: TestContext, features: Record<string, boolean> = { campaign: true }) {
  const tenant = await t.factory.tenant({ doubleAuth: false, features });
  return { tenant, client: await t.login(tenant.gerant.email) };
}
