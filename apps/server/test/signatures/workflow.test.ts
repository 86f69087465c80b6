import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { onSignerFinished, runCancelJob, runSendJob } from '../../src/domains/signatures/workflow.ts';
import { verifySigningLink } from '../../src/domains/signatures/links.ts';
import { createRequest, draft, forceStatus, messagesTo, outboxCount, placed, requestRow, signer, signerRows, tenantWithGerant } from '../support/signatures.ts';

const tokenOf = (text: string) => /#\/sign\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(text)![1]!;

describe(`signature requests: sending, chaining, cancelling (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t)).client;
  });
  afterAll(async () => t?.close());

  const act = (id: string, body: Record<string, unknown>) => gerant.call('PUT', `/api/transactions/${id}`, 'history', body);
  const statusOf = async (id: string) => (await requestRow(t, id)).status;
  const waitStatus = (id: string, status: string) => t.waitFor(async () => (await statusOf(id)) === status);
  const finish = (requestId: string, signerId: string, outcome: 'signed' | 'refused' = 'signed', comment?: string) =>
    onSignerFinished({ platform: t.server.platform, requestId, signerId, outcome, comment });
  const invitations = async (email: string) => messagesTo(t, email, 'signature-invitation');

  it('e-mail chaining: invites one participant at a time, validators in their place, observers outside the chain', async () => {
    const participants = [signer(0), signer(1, { role: 'validator' }), signer(2), signer(3, { role: 'observer' })];
    const request = await draft(t, gerant, {
      signers: participants,
      documents: [placed('contract.pdf', [0, 2])],
      options: { invitationMessage: 'Please sign before Friday.' },
    });
    const sent = await act(request.id, { action: 'send' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'pending', links: [], allowedActions: ['cancel', 'duplicate', 'export'] });
    expect(sent.json().data.expiresAt).toBeTruthy();
    await waitStatus(request.id, 'ready');

    const [s0, s1, s2, s3] = await signerRows(t, request.id);
    expect([s0, s1, s2, s3].map((s) => s!.status)).toEqual(['ready', 'waiting', 'waiting', 'waiting']);
    const [mail] = await invitations(s0!.email);
    expect(mail!.text).toContain('Please sign before Friday.');
    expect(mail!.subject).toContain('Sales contract');
    const ids = verifySigningLink(t.server.platform, tokenOf(mail!.text));
    expect(ids).toMatchObject({ requestId: request.id, signerId: s0!.id });
    for (const other of [s1, s2, s3]) expect(await invitations(other!.email)).toHaveLength(0);

    // Not their turn yet.
    await expect(finish(request.id, s2!.id)).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
    await finish(request.id, s0!.id);
    expect((await signerRows(t, request.id)).map((s) => s.status)).toEqual(['signed', 'ready', 'waiting', 'waiting']);
    expect(await invitations(s1!.email)).toHaveLength(1);
    await finish(request.id, s1!.id);
    expect(await invitations(s2!.email)).toHaveLength(1);
    await finish(request.id, s2!.id);

    const final = (await gerant.call('GET', `/api/transactions/${request.id}`, 'history')).json().data;
    expect(final).toMatchObject({
      status: 'signed',
      percentSigned: 100,
      percentResponses: 100,
      allowedActions: ['download', 'regenerateArchive', 'duplicate', 'export'],
    });
    const notifications = await t.notificationsAbout(gerant, 'signature.signed', request.id);
    expect(notifications.map((n) => n.data.requestId)).toContain(request.id);
    await expect(finish(request.id, s0!.id)).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
  });

  it('direct mode: the requester gets the first link, the next participants are mailed', async () => {
    const res = await createRequest(t, gerant, {
      send: true,
      signers: [signer(0), signer(1)],
      documents: [placed('contract.pdf', [0, 1])],
      options: { chainingMode: 'direct' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json().data;
    expect(body.status).toBe('pending');
    expect(body.links).toHaveLength(1);
    expect(body.links[0]).toMatchObject({ signerId: body.signers[0].id, signerIndex: 0, name: 'LAST0 First0' });
    expect(body.links[0].url).toMatch(/^http:\/\/localhost:3999\/#\/sign\//);
    expect(verifySigningLink(t.server.platform, tokenOf(body.links[0].url)).signerId).toBe(body.signers[0].id);
    await waitStatus(body.id, 'ready');
    expect(await invitations(body.signers[0].emailAddress)).toHaveLength(0);
    await finish(body.id, body.signers[0].id);
    expect(await invitations(body.signers[1].emailAddress)).toHaveLength(1);
    // The link is only in the send answer, never in what others read.
    expect((await gerant.call('GET', `/api/transactions/${body.id}`, 'history')).json().data.links).toBeUndefined();
  });

  it('face to face: links of every participant in order, nobody mailed', async () => {
    const request = await draft(t, gerant, {
      signers: [signer(1), signer(0)],
      documents: [placed('contract.pdf', [0, 1])],
      options: { chainingMode: 'faceToFace' },
    });
    const before = await outboxCount(t);
    const sent = (await act(request.id, { action: 'send' })).json().data;
    expect(sent.links.map((l: { signerIndex: number }) => l.signerIndex)).toEqual([0, 1]);
    await waitStatus(request.id, 'ready');
    const rows = await signerRows(t, request.id);
    await finish(request.id, rows[0]!.id);
    expect((await signerRows(t, request.id)).map((s) => s.status)).toEqual(['signed', 'ready']);
    expect(await outboxCount(t)).toBe(before);
  });

  it('co-signers sign first (wait_cosigner) or last, per option', async () => {
    const first = await draft(t, gerant, {
      signers: [signer(0), signer(1, { coSigner: true })],
      documents: [placed('contract.pdf', [0, 1])],
      options: { coSignersSignFirst: true },
    });
    await act(first.id, { action: 'send' });
    await waitStatus(first.id, 'wait_cosigner');
    let rows = await signerRows(t, first.id);
    expect(rows.map((s) => s.status)).toEqual(['waitcosigner', 'ready']);
    await finish(first.id, rows[1]!.id);
    expect(await statusOf(first.id)).toBe('ready');
    expect((await signerRows(t, first.id)).map((s) => s.status)).toEqual(['ready', 'signed']);

    const last = await draft(t, gerant, { signers: [signer(0), signer(1, { coSigner: true })], documents: [placed('contract.pdf', [0, 1])] });
    await act(last.id, { action: 'send' });
    await waitStatus(last.id, 'ready');
    rows = await signerRows(t, last.id);
    expect(rows.map((s) => s.status)).toEqual(['ready', 'waiting']);
    await finish(last.id, rows[0]!.id);
    expect(await statusOf(last.id)).toBe('wait_cosigner');
    expect(await invitations(rows[1]!.email)).toHaveLength(1);
  });

  it('a refusal ends the request: refused, the others aborted, the requester notified', async () => {
    const request = await draft(t, gerant, { signers: [signer(0), signer(1)], documents: [placed('contract.pdf', [0, 1])] });
    await act(request.id, { action: 'send' });
    await waitStatus(request.id, 'ready');
    const rows = await signerRows(t, request.id);
    await finish(request.id, rows[0]!.id, 'refused', 'Wrong amount');
    const view = (await gerant.call('GET', `/api/transactions/${request.id}`, 'history')).json().data;
    expect(view.status).toBe('refused');
    expect(view.signers.map((s: { status: string }) => s.status)).toEqual(['cancel', 'aborted']);
    expect(view.signers[0].refusalComment).toBe('Wrong amount');
    expect(view.percentResponses).toBe(50);
    const notes = await t.notificationsAbout(gerant, 'signature.refused', request.id);
    expect(notes[0]).toMatchObject({ message: 'LAST0 First0 refused to sign "Sales contract".', data: { requestId: request.id } });
  });

  it('contacts the first signer by SMS when asked', async () => {
    const sms = await tenantWithGerant(t, { features: { sms: true } });
    const request = await draft(t, sms.client, { signers: [signer(0, { phoneNum: '+33612345678' })], options: { contactFirstSignerBy: 'sms' } });
    await sms.client.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' });
    await waitStatus(request.id, 'ready');
    const [message] = await messagesTo(t, '+33612345678', 'signature-invitation');
    expect(message).toMatchObject({ channel: 'sms' });
    expect(message!.text).toContain('#/sign/');
  });

  it('cancels asynchronously and idempotently: one cancel mail per invited signer', async () => {
    const request = await draft(t, gerant, { signers: [signer(0), signer(1)], documents: [placed('contract.pdf', [0, 1])] });
    await act(request.id, { action: 'send' });
    await waitStatus(request.id, 'ready');
    const [s0, s1] = await signerRows(t, request.id);
    const cancel = await act(request.id, { action: 'cancel' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'canceled', allowedActions: ['delete', 'duplicate', 'export'] });
    await t.waitFor(async () => (await signerRows(t, request.id)).every((s) => s.status === 'aborted'));
    expect(await messagesTo(t, s0!.email, 'signature-canceled')).toHaveLength(1);
    expect(await messagesTo(t, s1!.email, 'signature-canceled')).toHaveLength(0); // never invited
    await t.notificationsAbout(gerant, 'signature.canceled', request.id); // derived from the event, just after

    const snapshot = await t.snapshot();
    await runCancelJob(t.server.platform, { appId: gerant.appId, requestId: request.id });
    expect(await t.snapshot()).toBe(snapshot);
    const again = await act(request.id, { action: 'cancel' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Cannot cancel a request that is canceled');
    expect(await t.snapshot()).toBe(snapshot);
  });

  it('cancels one signer: the next one is invited; nobody left who signed → cancelled', async () => {
    const request = await draft(t, gerant, { signers: [signer(0), signer(1)], documents: [placed('contract.pdf', [0, 1])] });
    await act(request.id, { action: 'send' });
    await waitStatus(request.id, 'ready');
    const [s0, s1] = await signerRows(t, request.id);
    const res = await act(request.id, { action: 'cancel', signerId: s0!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.signers.map((s: { status: string }) => s.status)).toEqual(['aborted', 'ready']);
    expect(await messagesTo(t, s0!.email, 'signature-canceled')).toHaveLength(1);
    expect(await invitations(s1!.email)).toHaveLength(1);
    const twice = await act(request.id, { action: 'cancel', signerId: s0!.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Cannot cancel a signer who is aborted');
    expect((await act(request.id, { action: 'cancel', signerId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    await act(request.id, { action: 'cancel', signerId: s1!.id });
    expect(await statusOf(request.id)).toBe('canceled');
  });

  it('relaunches: an immediate reminder to whoever is invited and has not acted', async () => {
    const request = await draft(t, gerant, { signers: [signer(0), signer(1)], documents: [placed('contract.pdf', [0, 1])] });
    await act(request.id, { action: 'send' });
    await waitStatus(request.id, 'ready');
    const [s0, s1] = await signerRows(t, request.id);
    const res = await act(request.id, { action: 'relaunch' });
    expect(res.statusCode).toBe(200);
    expect(await messagesTo(t, s0!.email, 'signature-reminder')).toHaveLength(1);
    expect(await messagesTo(t, s1!.email, 'signature-reminder')).toHaveLength(0);
    expect(res.json().data.signers[0].lastReminderAt).toBeTruthy();
  });

  it('marks a request failed when sending fails for good, and tells the requester', async () => {
    const request = await draft(t, gerant);
    await forceStatus(t, request.id, 'pending', 'waiting');
    const down = async () => {
      throw new Error('mail service down');
    };
    const broken = { ...t.server.platform, messaging: { ...t.server.platform.messaging, queueEmail: down, queueSms: down } };
    const job = { appId: gerant.appId, requestId: request.id };
    await expect(runSendJob(broken, job)).rejects.toThrow('mail service down');
    expect(await statusOf(request.id)).toBe('pending'); // retried by the queue
    await runSendJob(broken, job, { last: true });
    expect(await statusOf(request.id)).toBe('failed');
    expect((await signerRows(t, request.id)).map((s) => s.status)).toEqual(['failed']);
    const notes = await t.notificationsAbout(gerant, 'signature.failed', request.id);
    expect(notes[0]).toMatchObject({ message: '"Sales contract" could not be sent.', data: { requestId: request.id } });
  });
});
