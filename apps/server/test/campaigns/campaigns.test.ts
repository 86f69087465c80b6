import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Campaign, SignatoryImport } from '@paraphe/contracts';
import { readSpreadsheet } from '../../src/platform/spreadsheets/index.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { signAsInvited } from '../support/signing-flow.ts';
import { runSignatureSweep } from '../../src/domains/signatures/sweep.ts';
import { messagesTo, multipartBody } from '../support/signatures.ts';
import { xlsxOf } from '../contacts/support.ts';
import { campaignParts, campaignTenant, createCampaign, getCampaign, postCampaign, putCampaign, rows, signatory, waitForStatus } from './support.ts';

describe(`campaigns (${engine})`, () => {
  let t: TestContext;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'off' } });
    ({ client } = await campaignTenant(t));
  });
  afterAll(async () => t?.close());

  it('saves a draft, refuses to send it until the save rules are met, refuses mail-merge without its feature', async () => {
    const empty = await createCampaign(t, client, { signatories: [], documents: [], files: [] });
    expect(empty).toMatchObject({ status: 'draft', type: 'campain', signatoryCount: 0, allowedActions: expect.arrayContaining(['send', 'update', 'delete']) });
    const refused = await client.call('PUT', `/api/campains/${empty.id}/send`, 'campaign');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['transactionSigners', 'transactionDocuments']);

    // A presentation document only: nothing to sign.
    const presentation = await createCampaign(t, client, {
      documents: [{ fileName: 'contract.pdf', documentType: 'pdf-for-presentation', signatureFields: [] }],
    });
    const noSign = await client.call('PUT', `/api/campains/${presentation.id}/send`, 'campaign');
    expect(noSign.statusCode).toBe(400);
    expect(noSign.json().error.fields[0].message).toMatch(/document to sign/);

    // Bad inputs: clear 4xx errors.
    const badIndex = await postCampaign(t, client, { documents: [{ fileName: 'contract.pdf', signatureFields: [{ signerIndex: 1, page: 1, x: 1, y: 1 }] }] });
    expect(badIndex.statusCode).toBe(400);
    const twice = signatory(5);
    const dup = await postCampaign(t, client, { signatories: [twice, twice] });
    expect(dup.statusCode).toBe(400);
    const notJson = multipartBody([
      { name: 'label', value: 'x' },
      { name: 'transactionSigners', value: '{nope' },
    ]);
    const bad = await t.request({
      method: 'POST',
      url: '/api/campains/campain',
      token: await client.token('campaign'),
      body: notJson.payload,
      headers: notJson.headers,
    });
    expect(bad.statusCode).toBe(400);
    // Mail-merge needs the tenant's `mailing` feature (mail-merge.test.ts covers the rest).
    const mailMerge = await postCampaign(t, client, { type: 'publipostage' });
    expect(mailMerge.statusCode).toBe(403);
    expect(mailMerge.json().error.code).toBe('FEATURE_DISABLED');
    const unknownType = await postCampaign(t, client, { type: 'other' });
    expect(unknownType.statusCode).toBe(400);

    // PUT changes a draft: label only, then signatories.
    const changed = await putCampaign(t, client, empty.id, [{ name: 'label', value: 'Renamed' }]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ label: 'Renamed', signatoryCount: 0 });
    const withPeople = await putCampaign(t, client, empty.id, [
      { name: 'transactionSigners', value: JSON.stringify([signatory(1), signatory(2), signatory(3)]) },
    ]);
    expect(withPeople.json().data).toMatchObject({ signatoryCount: 3, counts: { draft: 3 } });
  });

  it('sends: one copy and one invitation per signatory; signing moves the statistics; cancel the rest; relaunch; export; archive', async () => {
    const people = [0, 1, 2, 3, 4].map((i) => signatory(i));
    const created = await createCampaign(t, client, { signatories: people, send: true });
    expect(created.status).toBe('pending');
    const ready = await waitForStatus(t, client, created.id, ['ready']);
    expect(ready.counts).toMatchObject({ sent: 5, queued: 0, draft: 0 });
    expect(ready.progress).toMatchObject({ total: 5, dispatched: 5, percent: 100 });

    // Each signatory: one request (source campaign) and one invitation.
    const copies = await rows<{ id: string; source: string; status: string }>(
      t,
      sql`select id, source, status from signature_requests where source_id = ${created.id}`,
    );
    expect(copies).toHaveLength(5);
    expect(copies.every((c) => c.source === 'campaign' && c.status === 'ready')).toBe(true);
    for (const p of people) expect(await messagesTo(t, p.emailAddress, 'signature-invitation')).toHaveLength(1);
    // The documents are stored once: every copy references the campaign's file.
    const keys = await rows<{ n: number }>(
      t,
      sql`select count(distinct storage_key)::int as n from signature_documents where request_id in (select id from signature_requests where source_id = ${created.id})`,
    );
    expect(keys[0]!.n).toBe(1);
    // The signatures list shows single requests only.
    const list = (await client.call('GET', '/api/transactions?limit=100', 'history')).json();
    expect(list.data.some((r: { id: string }) => copies.some((c) => c.id === r.id))).toBe(false);

    // Sign one copy on the public signing page.
    await signAsInvited(t, people[0]!.emailAddress);
    const afterSign = await t.waitFor(async () => {
      const stats = (await client.call('GET', `/api/campains/${created.id}/statistics`, 'campaign')).json().data;
      return stats.signed === 1 ? stats : null;
    }, 60_000);
    expect(afterSign).toMatchObject({ total: 5, sent: 5, signed: 1, opened: 1, pending: 4, percent: { signed: 20 } });

    // Cancel one signatory, then relaunch (reminders to the waiting ones), then cancel the campaign.
    const signers = (await client.call('GET', `/api/campains/${created.id}/signers?limit=10&order=ASC`, 'campaign')).json();
    expect(signers.countAll).toBe(5);
    expect(signers.data[0]).toMatchObject({ status: 'signed', emailAddress: people[0]!.emailAddress });
    const one = await client.call('DELETE', `/api/campains/${created.id}/signers/${signers.data[1].id}`, 'campaign');
    expect(one.statusCode, one.body).toBe(200);
    await t.waitFor(async () => (await getCampaign(client, created.id)).counts.canceled === 1);
    expect(await t.waitFor(async () => (await messagesTo(t, people[1]!.emailAddress, 'signature-canceled')).length === 1)).toBe(true);

    const relaunch = await client.call('PATCH', `/api/campains/${created.id}/relaunch`, 'campaign');
    expect(relaunch.statusCode, relaunch.body).toBe(202);
    expect(relaunch.json().data.queued).toBe(3);
    await t.waitFor(async () => (await messagesTo(t, people[4]!.emailAddress, 'signature-reminder')).length === 1);

    const canceled = await client.call('PATCH', `/api/campains/${created.id}/status`, 'campaign', { status: 'canceled' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data.status).toBe('canceled');
    const settled = await t.waitFor(async () => {
      const c = await getCampaign(client, created.id);
      return c.counts.canceled === 4 ? c : null;
    }, 30_000);
    expect(settled.counts).toMatchObject({ signed: 1, canceled: 4, sent: 0 });
    for (const p of people.slice(2)) await t.waitFor(async () => (await messagesTo(t, p.emailAddress, 'signature-canceled')).length === 1);
    const again = await client.call('PATCH', `/api/campains/${created.id}/status`, 'campaign', { status: 'canceled' });
    expect(again.statusCode).toBe(409);

    // Export: every signatory and their status.
    const exported = await client.call('GET', `/api/campains/${created.id}/export`, 'campaign');
    expect(exported.statusCode).toBe(200);
    const sheet = await readSpreadsheet(exported.rawPayload, { stripFormulaGuard: false });
    expect(sheet.rows[0]).toEqual(['#', 'Last name', 'First name', 'E-mail', 'Mobile', 'Language', 'Status', 'Sent', 'Error']);
    expect(sheet.rows.slice(1).map((r) => r[6])).toEqual(['signed', 'canceled', 'canceled', 'canceled', 'canceled']);

    // Archive: the completed copy's signed document.
    await t.waitFor(
      async () =>
        (await rows<{ status: string }>(t, sql`select status from signature_requests where id = ${signers.data[0].requestId}`))[0]!.status === 'completed',
      60_000,
    );
    expect((await client.call('GET', `/api/campains/${created.id}/archive`, 'campaign')).statusCode).toBe(204);
    const archive = await client.call('POST', `/api/campains/${created.id}/archive`, 'campaign');
    expect(archive.statusCode, archive.body).toBe(202);
    await t.waitFor(async () => (await getCampaign(client, created.id)).archiveAvailable);
    const zip = await client.call('GET', `/api/campains/${created.id}/archive`, 'campaign');
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.includes(Buffer.from('LAST0 First0/contract.pdf'))).toBe(true);
    const notes = await t.waitFor(async () => {
      const list = (await client.call('GET', '/api/notifications?type=campaign.archive&limit=10', 'notification')).json().data as {
        data: { campaignId: string };
      }[];
      return list.some((n) => n.data.campaignId === created.id) ? list : null;
    });
    expect(notes.length).toBeGreaterThan(0);
    // No notice per copy: the copies' cancellations are followed from the campaign.
    const perCopy = (await client.call('GET', '/api/notifications?type=signature.canceled&limit=100', 'notification')).json().data as {
      data: { requestId: string };
    }[];
    expect(perCopy.some((n) => copies.some((c) => c.id === n.data.requestId))).toBe(false);

    // Delete (final) then gone.
    expect((await client.call('DELETE', `/api/campains/${created.id}`, 'campaign')).statusCode).toBe(200);
    expect((await client.call('GET', `/api/campains/${created.id}`, 'campaign')).statusCode).toBe(404);
  }, 120_000);

  it('copies expiring together: no mail per copy to the requester, one "finished" notification with the counts', async () => {
    const { tenant, client: owner } = await campaignTenant(t);
    const created = await createCampaign(t, owner, { signatories: [0, 1, 2].map((i) => signatory(i)), send: true });
    await waitForStatus(t, owner, created.id, ['ready']);
    await t.database.db.execute(sql`update signature_requests set expires_at = now() - interval '1 minute' where source_id = ${created.id}`);
    await runSignatureSweep(t.server.platform);
    const done = await waitForStatus(t, owner, created.id, ['completed']);
    expect(done.counts).toMatchObject({ expired: 3, sent: 0 });
    expect(await messagesTo(t, tenant.gerant.email, 'signature-expired')).toHaveLength(0);
    const notices = await t.waitFor(async () => {
      const list = (await owner.call('GET', '/api/notifications', 'notification')).json().data as { type: string; message: string }[];
      return list.some((n) => n.type === 'campaign.completed') ? list : null;
    });
    expect(notices.filter((n) => n.type === 'campaign.completed').map((n) => n.message)).toEqual([`"Spring campaign" is finished: 0 signed, 3 expired.`]);
    expect(notices.some((n) => n.type === 'signature.expired')).toBe(false);
  });

  it('duplicates with the same documents and signatories; deletes a draft; lists and searches', async () => {
    const source = await createCampaign(t, client, { label: 'Duplicable autumn', signatories: [signatory(1), signatory(2)] });
    const dup = await client.call('POST', `/api/campains/${source.id}/duplicate`, 'campaign');
    expect(dup.statusCode, dup.body).toBe(201);
    const copy = dup.json().data as Campaign;
    expect(copy).toMatchObject({ status: 'draft', label: 'Duplicable autumn', signatoryCount: 2, counts: { draft: 2 } });
    expect(copy.documents![0]!.sha256).toBe(source.documents![0]!.sha256);
    const keys = await rows<{ n: number }>(
      t,
      sql`select count(distinct storage_key)::int as n from campaign_documents where campaign_id in (${source.id}, ${copy.id})`,
    );
    expect(keys[0]!.n).toBe(1);
    const list = (await client.call('GET', '/api/campains?light=1&status=draft&type=campain&limit=100', 'campaign')).json();
    expect(list.data.map((c: Campaign) => c.id)).toEqual(expect.arrayContaining([source.id, copy.id]));
    expect(list.data[0].documents).toBeUndefined();
    const found = (await client.call('GET', '/api/campains/search?q=duplicable', 'campaign')).json();
    expect(found.data).toHaveLength(2);
    expect((await client.call('DELETE', `/api/campains/${copy.id}`, 'campaign')).statusCode).toBe(200);
    const afterDelete = (await client.call('GET', '/api/campains/search?q=duplicable', 'campaign')).json();
    expect(afterDelete.data).toHaveLength(1);
    const docs = await client.call('GET', `/api/campains/${source.id}/documents`, 'campaign');
    expect(docs.json().data).toHaveLength(1);
  });

  it('a row that cannot be sent fails with its reason and can be retried', async () => {
    const created = await createCampaign(t, client, {
      signatories: [signatory(1, { phoneNum: '+33612345678' }), signatory(2)],
      options: { contactFirstSignerBy: 'sms' },
      send: true,
    });
    const done = await waitForStatus(t, client, created.id, ['ready']);
    expect(done.counts).toMatchObject({ sent: 1, failed: 1 });
    const failed = (await client.call('GET', `/api/campains/${created.id}/signers?status=failed`, 'campaign')).json();
    expect(failed.data[0]).toMatchObject({ status: 'failed', attempts: 1, requestId: null, error: expect.stringMatching(/No mobile number/) });
    const retry = await client.call('POST', `/api/campains/${created.id}/retry`, 'campaign');
    expect(retry.statusCode, retry.body).toBe(202);
    const again = await waitForStatus(t, client, created.id, ['ready']);
    expect(again.counts.failed).toBe(1);
    const row = (await client.call('GET', `/api/campains/${created.id}/signers?status=failed`, 'campaign')).json().data[0];
    expect(row.attempts).toBe(2);
  });

  it('imports signatories from a spreadsheet with the address book rules', async () => {
    const draft = await createCampaign(t, client, { signatories: [signatory(0, { emailAddress: 'already@example.com' })] });
    const file = await xlsxOf([
      ['E-mail', 'Prénom', 'Nom', 'Mobile', 'Langue', 'Contrat'],
      ['ann@example.com', 'Ann', 'Lee', '+33 6 12 34 56 78', 'EN', 'C-1'],
      ['bad-address', 'Bob', 'Ray', '', '', 'C-2'],
      ['ANN@example.com', 'Ann', 'Again', '', '', 'C-3'],
      ['already@example.com', 'Al', 'Ready', '', '', 'C-4'],
      ['dan@example.com', '', 'Dan', '0612', 'Klingon', 'C-5'],
    ]);
    const { payload, headers } = multipartBody([{ name: 'file', fileName: 'people.xlsx', contentType: 'application/octet-stream', data: file }]);
    const uploaded = await t.request({
      method: 'POST',
      url: `/api/campains/${draft.id}/import`,
      token: await client.token('campaign'),
      body: payload,
      headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const preview = uploaded.json().data as SignatoryImport;
    expect(preview.preview.columns.map((c) => c.guess)).toEqual(['mail', 'firstname', 'lastname', 'mobile', 'lang', null]);
    const badMapping = await client.call('PUT', `/api/campains/${draft.id}/import/${preview.id}`, 'campaign', { mapping: { mail: 9 }, ignoreFirstLine: true });
    expect(badMapping.statusCode).toBe(400);
    const started = await client.call('PUT', `/api/campains/${draft.id}/import/${preview.id}`, 'campaign', {
      mapping: { mail: 0, firstname: 1, lastname: 2, mobile: 3, lang: 4 },
      ignoreFirstLine: true,
      variables: { contract: 5 },
    });
    expect(started.statusCode, started.body).toBe(202);
    const done = await t.waitFor(async () => {
      const data = (await client.call('GET', `/api/campains/${draft.id}/import/${preview.id}`, 'campaign')).json().data as SignatoryImport;
      return data.status === 'done' || data.status === 'failed' ? data : null;
    });
    expect(done).toMatchObject({ status: 'done', imported: 2, skipped: 3, warnings: 1 });
    expect(done.rows.map((r) => [r.line, r.outcome, r.reasons])).toEqual([
      [3, 'skipped', ['invalid_email']],
      [4, 'skipped', ['duplicate_in_file']],
      [5, 'skipped', ['already_in_campaign']],
      [6, 'warning', ['name_missing', 'mobile_invalid', 'language_unknown']],
    ]);
    const people = (await client.call('GET', `/api/campains/${draft.id}/signers?order=ASC`, 'campaign')).json();
    expect(people.countAll).toBe(3);
    expect(people.data[1]).toMatchObject({ emailAddress: 'ann@example.com', phoneNum: '+33612345678', language: 'en', data: { contract: 'C-1' } });
    expect(people.data[2]).toMatchObject({ emailAddress: 'dan@example.com', firstname: '-', phoneNum: null, language: 'fr' });
    const searched = (await client.call('GET', `/api/campains/${draft.id}/signers?search=dan@`, 'campaign')).json();
    expect(searched.countAll).toBe(1);

    const notSheet = multipartBody([{ name: 'file', fileName: 'x.xlsx', contentType: 'application/octet-stream', data: Buffer.alloc(0) }]);
    const refused = await t.request({
      method: 'POST',
      url: `/api/campains/${draft.id}/import`,
      token: await client.token('campaign'),
      body: notSheet.payload,
      headers: notSheet.headers,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
  });

  it('authorization: 401 without token, 403 without the feature or the permission, 404 for another tenant; nothing changes', async () => {
    const own = await createCampaign(t, client);
    const unauth = await t.request({ method: 'GET', url: '/api/campains' });
    expect(unauth.statusCode).toBe(401);

    const { client: noFeature } = await campaignTenant(t, {});
    expect((await noFeature.call('GET', '/api/campains', 'campaign')).statusCode).toBe(403);
    expect((await noFeature.call('GET', '/api/campains', 'campaign')).json().error.code).toBe('FEATURE_DISABLED');

    const accountant = await t.factory.user(client.appId, { profile: 'COMPTABLE' });
    const comptable = await t.login(accountant.email);
    expect((await comptable.call('GET', `/api/campains/${own.id}`, 'campaign')).statusCode).toBe(200);
    const before = JSON.stringify(await getCampaign(client, own.id));
    expect((await comptable.call('DELETE', `/api/campains/${own.id}`, 'campaign')).statusCode).toBe(403);
    expect((await comptable.call('PUT', `/api/campains/${own.id}/send`, 'campaign')).statusCode).toBe(403);

    const { client: other } = await campaignTenant(t);
    expect((await other.call('GET', `/api/campains/${own.id}`, 'campaign')).statusCode).toBe(404);
    expect((await other.call('DELETE', `/api/campains/${own.id}`, 'campaign')).statusCode).toBe(404);
    expect((await other.call('PUT', `/api/campains/${own.id}/send`, 'campaign')).statusCode).toBe(404);
    expect((await other.call('GET', `/api/campains/${own.id}/signers`, 'campaign')).statusCode).toBe(404);
    expect((await other.call('GET', `/api/campains/${own.id}/export`, 'campaign')).statusCode).toBe(404);
    expect((await other.call('POST', `/api/campains/${own.id}/duplicate`, 'campaign')).statusCode).toBe(404);
    expect((await other.call('GET', '/api/campains', 'campaign')).json().countAll).toBe(0);
    // A history token is not a campaign token.
    expect((await t.request({ method: 'GET', url: '/api/campains', token: await client.token('history') })).statusCode).toBe(401);
    const after = JSON.stringify(await getCampaign(client, own.id));
    expect(JSON.parse(after).updatedAt).toBe(JSON.parse(before).updatedAt);
    expect(after).toBe(before);

    // A campaign's parts are validated on update too; a sent campaign cannot be changed.
    const parts = await campaignParts({ signatories: [signatory(9)], send: true });
    const sent = await putCampaign(t, client, own.id, parts);
    expect(sent.statusCode, sent.body).toBe(200);
    await waitForStatus(t, client, own.id, ['ready']);
    expect((await putCampaign(t, client, own.id, [{ name: 'label', value: 'late' }])).statusCode).toBe(409);
  });
});
