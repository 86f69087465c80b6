import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { validProfile } from '../support/billing.ts';
import { draft, requestRow, signer, signerRows } from '../support/signatures.ts';
import { signAsInvited } from '../support/signing-flow.ts';

const sepa = (rum: string) => ({
  rum,
  ics: 'FR72ZZZ123456',
  type: 'recurrent',
  debtor: { name: 'Ann Lee', address: '1 rue X, 75001 Paris', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'BNPAFRPP' },
});

function pdfText(pdf: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'paraphe-sepa-')), 'mandate.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe(`SEPA mandate pre-processing (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let appId: string;
  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await t.factory.tenant({ doubleAuth: false, features: { preprocessing: true } });
    appId = tenant.appId;
    gerant = await t.login(tenant.gerant.email);
    const profile = await gerant.call('PUT', '/api/billing/profile', 'billing', validProfile);
    expect(profile.statusCode, profile.body).toBe(200);
  });
  afterAll(async () => t?.close());

  const send = (id: string, client = gerant) => client.call('PUT', `/api/transactions/${id}`, 'history', { action: 'send' });

  it('sends through preprocess: the mandate (in the signer language) is the first document; once signed it is listed and exported', async () => {
    const debtor = signer(0, { language: 'fr' });
    const request = await draft(t, gerant, { signers: [debtor], options: { preprocessing: { sepa: sepa('RUM-2026-001') } } });
    const sent = await send(request.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('preprocess');
    await t.waitFor(async () => (await requestRow(t, request.id)).status === 'ready');

    const documents = (await gerant.call('GET', `/api/transactions/${request.id}/documents`, 'history')).json().data as {
      id: string;
      fileName: string;
      signatureFields: { signerIndex: number }[];
    }[];
    expect(documents).toHaveLength(2);
    expect(documents[0]!.fileName).toBe('sepa-mandate-RUM-2026-001.pdf');
    expect(documents[0]!.signatureFields.map((f) => f.signerIndex)).toEqual([0]);
    const file = await gerant.call('GET', `/api/transactions/${request.id}/documents/${documents[0]!.id}`, 'history');
    const text = pdfText(new Uint8Array(file.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      'Mandat de prélèvement SEPA Core',
      'RUM-2026-001',
      'FR72ZZZ123456',
      'ACME SAS',
      '1 rue de la Paix',
      'Ann Lee',
      'FR76 3000 6000 0112 3456 7890 189',
      'BNPAFRPP',
      'Paiement récurrent',
      'vous autorisez ACME SAS',
      '8 semaines',
    ]) {
      expect(text).toContain(expected);
    }

    const mandates = () => gerant.call('GET', '/api/transactions/sepa-mandates', 'history');
    expect((await mandates()).json()).toMatchObject({ data: [], countAll: 0 });
    await signAsInvited(t, debtor.emailAddress);
    const listed = (await mandates()).json();
    expect(listed.countAll).toBe(1);
    expect(listed.data[0]).toMatchObject({
      requestId: request.id,
      rum: 'RUM-2026-001',
      debtorName: 'Ann Lee',
      type: 'recurrent',
      iban: `${'•'.repeat(23)}0189`,
    });
    expect((await signerRows(t, request.id))[0]!.status).toBe('signed');

    const xlsx = await gerant.call('GET', '/api/transactions/sepa-mandates/export', 'history');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('the list: 401 without a session, 403 for a profile that does not see the whole tenant, another tenant sees none', async () => {
    expect((await t.request({ method: 'GET', url: '/api/transactions/sepa-mandates' })).statusCode).toBe(401);
    const manager = await t.login((await t.factory.user(appId, { profile: 'MANAGER' })).email);
    expect((await manager.call('GET', '/api/transactions/sepa-mandates', 'history')).statusCode).toBe(403);
    expect((await manager.call('GET', '/api/transactions/sepa-mandates/export', 'history')).statusCode).toBe(403);
    const other = await t.login((await t.factory.tenant({ doubleAuth: false, features: { preprocessing: true } })).gerant.email);
    expect((await other.call('GET', '/api/transactions/sepa-mandates', 'history')).json()).toMatchObject({ data: [], countAll: 0 });
  });

  it('refuses a RUM the creditor already used (409), nothing changes', async () => {
    await send((await draft(t, gerant, { options: { preprocessing: { sepa: sepa('RUM-REUSED') } } })).id);
    const second = await draft(t, gerant, { options: { preprocessing: { sepa: sepa('RUM-REUSED') } } });
    const refused = await send(second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SEPA_RUM_IN_USE');
    expect((await requestRow(t, second.id)).status).toBe('draft');
  });

  it('needs the feature (403) and the account information (409)', async () => {
    const off = await t.factory.tenant({ doubleAuth: false });
    const offClient = await t.login(off.gerant.email);
    await expect(draft(t, offClient, { options: { preprocessing: { sepa: sepa('RUM-X') } } })).rejects.toThrow(/403.*FEATURE_DISABLED/);

    const noProfile = await t.factory.tenant({ doubleAuth: false, features: { preprocessing: true } });
    const client = await t.login(noProfile.gerant.email);
    const request = await draft(t, client, { options: { preprocessing: { sepa: sepa('RUM-X') } } });
    const refused = await send(request.id, client);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ACCOUNT_INFO_REQUIRED');
    expect((await requestRow(t, request.id)).status).toBe('draft');
  });
});
