import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyPdf } from '@paraphe/signing';
import type { Stamp, StampAccount, StampFormat } from '@paraphe/contracts';
import { trustServices } from '../../src/domains/pki/index.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { rawPdf } from '../support/documents.ts';
import { multipartBody } from '../support/signatures.ts';
import { externalTools, type Tools } from '../support/signing-page.ts';
import { makePkcs12Files, qpdfCheck, stampClient, upload, type Pkcs12Files } from './support.ts';

/**
 * The company seal (docs/stamps.md): stamp accounts (built-in, imported PKCS#12 with its checks), sealing in the three
 * formats checked by pdfsig and qpdf, multi-stamp, history, download, metering, and who may do what.
 */
describe(`stamps (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let tools: Tools;
  let files: Pkcs12Files;
  const pdf = rawPdf({ pages: [{}] });

  beforeAll(async () => {
    t = await createTestContext();
    gerant = await stampClient(t, { multiStamp: true });
    tools = externalTools(await trustServices(t.server.platform).certificate('root'));
    files = makePkcs12Files();
  });
  afterAll(async () => {
    tools?.close();
    files?.close();
    await t?.close();
  });

  const seal = (client: TestClient, request?: object, name = 'contrat.pdf') =>
    upload(t, client, '/api/stamps', { name, data: pdf }, request ? { request: JSON.stringify(request) } : {});
  const importP12 = (client: TestClient, data: Buffer, fields: Record<string, string>) =>
    upload(t, client, '/api/stamp-accounts/import', { name: 'seal.p12', data }, fields);
  const download = async (client: TestClient, id: string) => {
    const res = await t.request({ method: 'GET', url: `/api/stamps/${id}/file`, token: await client.token('history') });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };
  /** pdfsig's verdict on the seals (document time-stamps left out) and the engine's report; qpdf --check must pass. */
  const checkSealed = async (sealed: Uint8Array) => {
    const path = tools.file(`sealed-${Date.now()}.pdf`, sealed);
    const qpdf = qpdfCheck(path);
    expect(qpdf.ok, qpdf.output).toBe(true);
    const trust = trustServices(t.server.platform);
    const report = await verifyPdf(sealed, { trustedRoots: await trust.trustedRoots(), revocation: trust.revocationSource() });
    const sealFields = new Set(report.signatures.filter((s) => s.type === 'signature').map((s) => s.fieldName));
    return { signatures: (await tools.pdfsig(sealed)).filter((s) => sealFields.has(s.field)), report };
  };

  it('seals with a built-in account in each format: pdfsig valid and trusted, qpdf clean, history, download, one option_stamp each', async () => {
    const created = await gerant.call('POST', '/api/stamp-accounts', 'history', { label: 'Cachet siège', reason: 'Copie certifiée conforme' });
    expect(created.statusCode, created.body).toBe(201);
    const account = created.json().data as StampAccount;
    expect(account).toMatchObject({ source: 'builtin', isDefault: true, warnings: [] }); // the first account is the default
    expect(account.subject).toContain('Société Générale des Cachets');

    // The engine names PAdES levels for ETSI.CAdES.detached only; the adbe formats are told by the document time-stamp.
    const expected: Record<StampFormat, { subFilter: string; level: string | null; archived: boolean; visible: boolean }> = {
      PADES: { subFilter: 'ETSI.CAdES.detached', level: 'B-LTA', archived: true, visible: true },
      'PADES-COMP': { subFilter: 'adbe.pkcs7.detached', level: null, archived: true, visible: false },
      'ISO-32000-1': { subFilter: 'adbe.pkcs7.detached', level: null, archived: false, visible: false },
    };
    for (const [format, want] of Object.entries(expected) as [StampFormat, (typeof expected)[StampFormat]][]) {
      const res = await seal(gerant, { format, seals: [{ visible: want.visible, page: 1, x: 300, y: 100, width: 180, height: 60 }] });
      expect(res.statusCode, res.body).toBe(201);
      const stamp = res.json().data as Stamp;
      expect(stamp.seals).toEqual([expect.objectContaining({ accountId: account.id, accountLabel: 'Cachet siège', visible: want.visible })]);
      const sealed = await download(gerant, stamp.id);
      expect(stamp.sha256).toBe((await import('node:crypto')).createHash('sha256').update(sealed).digest('hex'));
      expect(Buffer.from(sealed.subarray(0, pdf.length)).equals(pdf), 'incremental update of the upload').toBe(true);
      const { signatures, report } = await checkSealed(sealed);
      expect(signatures, format).toHaveLength(1);
      expect(signatures[0], signatures[0]!.text).toMatchObject({ valid: true, trusted: true });
      expect(signatures[0]!.text).toContain(want.subFilter);
      const [signature] = report.signatures.filter((s) => s.type === 'signature');
      expect(signature, format).toMatchObject({ level: want.level });
      expect(
        report.signatures.some((s) => s.type === 'document-timestamp'),
        format,
      ).toBe(want.archived);
    }

    // A retried upload with the same Idempotency-Key gets the first answer: nothing sealed, stored or billed twice.
    const body = multipartBody([{ name: 'file', fileName: 'retry.pdf', contentType: 'application/pdf', data: pdf }]);
    const retry = async () =>
      t.request({
        method: 'POST',
        url: '/api/stamps',
        token: await gerant.token('history'),
        body: body.payload,
        headers: { ...body.headers, 'idempotency-key': 'seal-retry-1' },
      });
    const retried = [await retry(), await retry()];
    expect(retried.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(retried[1]!.headers['idempotent-replayed']).toBe('true');
    expect(retried[1]!.json().data.id).toBe(retried[0]!.json().data.id);

    const history = await gerant.call('GET', '/api/stamps?limit=2', 'history');
    expect(history.json()).toMatchObject({ countAll: 4, limit: 2 });
    expect((history.json().data as Stamp[]).map((s) => s.fileName)).toEqual(['retry.pdf', 'contrat.pdf']);
    const metered = await t.database.inSystem((tx) =>
      tx.execute(sql`select count(*)::int as n from consumptions where app_id = ${gerant.appId} and kind = 'option_stamp'`),
    );
    expect((metered as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(4);
  });

  it('imports a PKCS#12, seals twice on one upload (multi-stamp), changes the default, deletes an account and keeps its history', async () => {
    const imported = await importP12(gerant, files.good, { password: files.password, label: 'Certificat Acme', reason: 'Conforme', isDefault: 'true' });
    expect(imported.statusCode, imported.body).toBe(201);
    const account = imported.json().data as StampAccount;
    expect(account).toMatchObject({ source: 'imported', isDefault: true, warnings: [] });
    const builtin = ((await gerant.call('GET', '/api/stamp-accounts', 'history')).json().data as StampAccount[]).find((a) => a.source === 'builtin')!;
    expect(builtin.isDefault).toBe(false);

    const res = await seal(gerant, { format: 'PADES', seals: [{}, { accountId: builtin.id, visible: true, page: -1, x: 70, y: 70 }] });
    expect(res.statusCode, res.body).toBe(201);
    const stamp = res.json().data as Stamp;
    expect(stamp.seals.map((s) => s.accountId)).toEqual([account.id, builtin.id]);
    const { signatures } = await checkSealed(await download(gerant, stamp.id));
    // 'cachet': the invisible seal of the import (self-signed: not in the readers' store); 'stamp-1': the visible built-in one.
    expect(signatures.map((s) => [s.field, s.valid, s.trusted]).sort()).toEqual([
      ['cachet', true, false],
      ['stamp-1', true, true],
    ]);

    const defaulted = await gerant.call('POST', `/api/stamp-accounts/${builtin.id}/default`, 'history');
    expect(defaulted.json().data).toMatchObject({ id: builtin.id, isDefault: true });
    expect((await gerant.call('DELETE', `/api/stamp-accounts/${account.id}`, 'history')).statusCode).toBe(200);
    const accounts = (await gerant.call('GET', '/api/stamp-accounts', 'history')).json().data as StampAccount[];
    expect(accounts.map((a) => [a.id, a.isDefault])).toEqual([[builtin.id, true]]);
    const history = (await gerant.call('GET', '/api/stamps?limit=1', 'history')).json().data as Stamp[];
    expect(history[0]).toMatchObject({ id: stamp.id, seals: [{ accountLabel: 'Certificat Acme', subject: account.subject }, { accountId: builtin.id }] });
    expect((await t.request({ method: 'GET', url: `/api/stamps/${stamp.id}/file`, token: await gerant.token('history') })).statusCode).toBe(200);
  });

  it('refuses a PKCS#12 it cannot seal with, saying why', async () => {
    const refusals: [string, Buffer, string, string][] = [
      ['wrong password', files.good, 'not the password', 'pkcs12_wrong_password'],
      ['no private key', files.noKey, files.password, 'pkcs12_no_private_key'],
      ['key not matching', files.keyMismatch, files.password, 'pkcs12_key_mismatch'],
      ['no signature key usage', files.encipherOnly, files.password, 'certificate_key_usage'],
      ['not a PKCS#12', Buffer.from('hello'), files.password, 'pkcs12_unreadable'],
    ];
    for (const [what, data, password, rule] of refusals) {
      const res = await importP12(gerant, data, { password, label: what });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().error.fields[0], what).toMatchObject({ rule });
      expect(res.json().error.message.length, what).toBeGreaterThan(20);
    }
    const expired = await importP12(gerant, files.expired, { password: files.password, label: 'Expiré' });
    expect(expired.json().error.fields[0], expired.body).toMatchObject({ rule: 'certificate_expired' });
    expect(expired.json().error.message).toMatch(/expired on \d{4}-\d\d-\d\d/);
    const missingLabel = await importP12(gerant, files.good, { password: files.password });
    expect(missingLabel.statusCode).toBe(400);
  });

  it('refuses sealing without the features, without an account, live without billing settings, or with a file that is not a PDF', async () => {
    const single = await stampClient(t);
    const none = await seal(single);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.details).toMatchObject({ reason: 'NO_STAMP_ACCOUNT' });
    await single.call('POST', '/api/stamp-accounts', 'history', { label: 'Cachet' });
    const multi = await seal(single, { seals: [{}, {}] });
    expect(multi.statusCode).toBe(403);
    expect(multi.json().error.code).toBe('FEATURE_DISABLED');
    expect(multi.json().error.message).toMatch(/contact sales/);
    const notPdf = await upload(t, single, '/api/stamps', { name: 'x.pdf', data: Buffer.from('not a pdf') });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error.code).toBe('PDF_INVALID');
    const badRequest = await seal(single, { format: 'PADES-X' });
    expect(badRequest.statusCode).toBe(400);

    const live = await stampClient(t, {}, { testMode: false });
    await live.call('POST', '/api/stamp-accounts', 'history', { label: 'Cachet' });
    expect((await seal(live)).json().error.code, 'a live seal needs the billing settings').toBe('BILLING_REQUIRED');

    const off = await stampClient(t, { stamp: false });
    for (const [method, url] of [
      ['GET', '/api/stamp-accounts'],
      ['GET', '/api/stamps'],
    ] as const) {
      const res = await off.call(method, url, 'history');
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('FEATURE_DISABLED');
    }
    expect((await seal(off)).json().error.code).toBe('FEATURE_DISABLED');
  });

  it('ladder: 401 without a session, 403 for a profile without stamp.create, 404 for another tenant, nothing changed', async () => {
    const accounts = (await gerant.call('GET', '/api/stamp-accounts', 'history')).json().data as StampAccount[];
    const stamps = (await gerant.call('GET', '/api/stamps', 'history')).json().data as Stamp[];
    const [account, stamp] = [accounts[0]!, stamps[0]!];
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/stamp-accounts'],
      ['POST', '/api/stamp-accounts', { label: 'X' }],
      ['POST', `/api/stamp-accounts/${account.id}/default`],
      ['DELETE', `/api/stamp-accounts/${account.id}`],
      ['GET', '/api/stamps'],
      ['GET', `/api/stamps/${stamp.id}/file`],
    ];
    for (const [method, url, body] of routes) expect((await t.request({ method, url, body })).statusCode, `${method} ${url}`).toBe(401);
    expect((await upload(t, undefined, '/api/stamps', { name: 'a.pdf', data: pdf })).statusCode).toBe(401);
    expect((await upload(t, undefined, '/api/stamp-accounts/import', { name: 'a.p12', data: files.good })).statusCode).toBe(401);

    const accountant = await t.login((await t.factory.user(gerant.appId, { profile: 'COMPTABLE' })).email);
    for (const [method, url, body] of routes) expect((await accountant.call(method, url, 'history', body)).statusCode, `${method} ${url}`).toBe(403);
    expect((await seal(accountant)).statusCode).toBe(403);

    const stranger = await stampClient(t);
    for (const [method, url] of routes.filter(([, url]) => url.includes(account.id) || url.includes(stamp.id))) {
      expect((await stranger.call(method, url, 'history')).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await stranger.call('GET', '/api/stamps', 'history')).json().countAll).toBe(0);
    expect((await seal(stranger, { seals: [{ accountId: account.id }] })).statusCode).toBe(404);
    expect((await gerant.call('GET', '/api/stamp-accounts', 'history')).json().data).toEqual(accounts);
    expect((await gerant.call('GET', '/api/stamps', 'history')).json().data).toEqual(stamps);
  });
});
