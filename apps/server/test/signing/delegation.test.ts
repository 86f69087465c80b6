import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestContext, engine, type TestClient, type TestContext, tenantWithoutDomain } from '../support/harness.ts';
import { messagesTo, placed, requestRow, signer, signerRows, tenantWithGerant } from '../support/signatures.ts';
import { lastCode, signingApi, tokenOf } from '../support/signing-page.ts';
import { completedDocuments, invitedApi, sentRequest, signAsInvited } from '../support/signing-flow.ts';
import { signatureEvents } from '../../src/domains/signatures/schema.ts';
import { verifyEventChain } from '../../src/domains/signatures/index.ts';
import { signingLink } from '../../src/domains/signatures/links.ts';

/** Delegation (issue 27, docs/signing-page.md "Delegation"): a participant hands the request over from the signing page. */

let t: TestContext;
let gerant: TestClient;
let gerantEmail: string;
let appId: string;
beforeAll(async () => {
  t = await createTestContext();
  const tenant = await tenantWithGerant(t, { features: { sms: true } });
  gerant = tenant.client;
  gerantEmail = tenant.gerant.email;
  appId = tenant.appId;
});
afterAll(async () => t?.close());

let sequence = 0;
const person = (extra: Record<string, unknown> = {}) => {
  sequence++;
  return {
    firstName: `Dana${sequence}`,
    lastName: `Deleg${sequence}`,
    email: `delegate${sequence}-${engine}@example.com`,
    reason: 'On leave this month.',
    ...extra,
  };
};
const delegateBy = (token: string, body: Record<string, unknown>, headers: Record<string, string> = { 'user-agent': 'Vitest delegation' }) =>
  t.request({ method: 'POST', url: `/api/public/sign/${token}/delegate`, body, headers });
const invitationToken = async (email: string) => tokenOf((await messagesTo(t, email, 'signature-invitation')).at(-1)!.text);
const linkOf = async (requestId: string, signerId: string) =>
  signingLink(t.server.platform, { appId: tenantWithoutDomain, requestId, signerId, expiresAt: (await requestRow(t, requestId)).expiresAt! }).split(
    '#/sign/',
  )[1]!;

/** Everything a refused hand-over must leave as it was: the rows, the evidence, the outbox, the events. */
async function snapshot(requestId: string) {
  const rows = await signerRows(t, requestId);
  const events = await t.database.db.select().from(signatureEvents).where(eq(signatureEvents.requestId, requestId));
  const domain = (await t.database.db.execute(
    sql`select count(*)::int as n from domain_events where type = 'signature.signer_delegated' and data->>'requestId' = ${requestId}`,
  )) as unknown as { rows: { n: number }[] };
  const subjects = [`request:${requestId}`, ...rows.map((r) => `signer:${r.id}`)];
  const outbox = (await t.database.db.execute(
    sql`select count(*)::int as n from outbox_messages where about in (${sql.join(
      subjects.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  )) as unknown as { rows: { n: number }[] };
  return { rows, events: events.length, outbox: outbox.rows[0]!.n, domainEvents: domain.rows[0]!.n };
}

function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'paraphe-delegation-'));
  try {
    const path = join(dir, 'evidence.pdf');
    writeFileSync(path, pdf);
    return spawnSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe(`delegation: a participant hands the request over (${engine})`, () => {
  it('the delegate is invited, the original link shows the hand-over and cannot act, the delegate signs, the evidence records it', async () => {
    const [s0, s1] = [signer(0), signer(1)];
    const request = await sentRequest(t, gerant, {
      signers: [s0, s1],
      documents: [placed('contract.pdf', [0, 1])],
      options: { allowDelegation: true, language: 'en' },
    });
    const original = await invitedApi(t, s0.emailAddress);
    const before = (await original.view()).json().data;
    expect(before).toMatchObject({ turn: 'yourTurn', canDelegate: true, handedOver: null });

    const delegate = person({ email: 'Dana.Delegate@Example.com', reason: 'I am on leave: my deputy signs.' });
    const handed = await delegateBy(await invitationToken(s0.emailAddress), delegate);
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().data).toMatchObject({ toName: `${delegate.lastName.toUpperCase()} ${delegate.firstName}` });

    // The delegate has their own invitation, to the address given (lower-cased).
    const invitations = await messagesTo(t, 'dana.delegate@example.com', 'signature-invitation');
    expect(invitations).toHaveLength(1);
    // The original link now says to whom it went, and acts on nothing.
    const after = (await original.view()).json().data;
    expect(after).toMatchObject({ turn: 'handedOver', canAct: false, canDelegate: false, handedOver: { toName: handed.json().data.toName } });
    expect((await original.code()).json().error.code).toBe('ACTION_NOT_ALLOWED');
    const signAttempt = await original.sign({ code: '123456', consents: [[]] });
    expect(signAttempt.statusCode).toBe(403);
    expect((await delegateBy(await invitationToken(s0.emailAddress), person())).json().error).toMatchObject({
      code: 'DELEGATION_NOT_POSSIBLE',
      details: { reason: 'answered' },
    });

    // The rows: the original delegated (who, why, when, from where), the delegate in the same place.
    const rows = await signerRows(t, request.id);
    const from = rows.find((r) => r.id === request.signers[0]!.id)!;
    const to = rows.find((r) => r.delegatedFromSignerId === from.id)!;
    expect(from).toMatchObject({ status: 'delegated', delegatedToSignerId: to.id, delegationReason: delegate.reason, nextMailReminderAt: null });
    expect(from.delegatedAt).toBeInstanceOf(Date);
    expect(from.delegationIp).toBeTruthy();
    expect(to).toMatchObject({ status: 'ready', signerIndex: 0, role: 'signer', email: 'dana.delegate@example.com', language: from.language });

    // The sender is told: a mail, an in-app notice, the request's detail.
    const [notice] = await messagesTo(t, gerantEmail, 'signer-delegated');
    expect(notice!.text).toContain(delegate.reason);
    expect(notice!.text).toContain('dana.delegate@example.com');
    await t.waitFor(async () => {
      const res = (await t.database.db.execute(
        sql`select count(*)::int as n from notifications where app_id = ${appId} and message like ${'%handed%over to%'}`,
      )) as unknown as { rows: { n: number }[] };
      return res.rows[0]!.n > 0;
    });
    const detail = (await gerant.call('GET', `/api/transactions/${request.id}`, 'history')).json().data;
    const shown = detail.signers.find((s: { id: string }) => s.id === from.id);
    expect(shown).toMatchObject({ status: 'delegated', handedOver: { toSignerId: to.id, reason: delegate.reason } });
    expect(detail.signers.find((s: { id: string }) => s.id === to.id)).toMatchObject({ delegatedBy: { signerId: from.id } });
    expect(detail.percentSigned).toBe(0);

    // The delegate verifies by their own code and signs; the next signer follows; the request completes.
    await signAsInvited(t, 'dana.delegate@example.com');
    await signAsInvited(t, s1.emailAddress);
    await completedDocuments(t, gerant, request.id, []);

    // Evidence: the chained event (who, to whom, why, IP) and the evidence file's sentence.
    const events = await t.database.db
      .select()
      .from(signatureEvents)
      .where(and(eq(signatureEvents.requestId, request.id), eq(signatureEvents.type, 'delegated')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ signerId: from.id, userAgent: 'Vitest delegation', data: { reason: delegate.reason, to: { signerId: to.id } } });
    expect(events[0]!.ip).toBeTruthy();
    const chain = await t.database.inTenant(appId, (tx) => verifyEventChain(tx, appId, request.id));
    expect(chain.valid).toBe(true);
    const attestation = await gerant.call('GET', `/api/transactions/${request.id}/attestation`, 'history');
    expect(attestation.statusCode).toBe(200);
    const text = pdfText(new Uint8Array(attestation.rawPayload));
    expect(text).toContain(`handed the request over to ${to.lastname.toUpperCase()} ${to.firstname} <dana.delegate@example.com> — reason: ${delegate.reason}`);
    const audit = (await t.database.db.execute(
      sql`select count(*)::int as n from audit_events where action = 'signature.signer_delegated' and target_id = ${request.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(audit.rows[0]!.n).toBe(1);
  });

  it('option off: 403 and nothing changes', async () => {
    const s0 = signer(0);
    const request = await sentRequest(t, gerant, { signers: [s0], documents: [placed('contract.pdf', [0])] });
    const token = await invitationToken(s0.emailAddress);
    expect((await signingApi(t, token).view()).json().data.canDelegate).toBe(false);
    const before = await snapshot(request.id);
    const res = await delegateBy(token, person());
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'ACTION_NOT_ALLOWED', message: 'The sender does not allow this request to be handed over.' });
    expect(await snapshot(request.id)).toEqual(before);
  });

  it('a forged or truncated token is 404 LINK_INVALID; a valid link of another request acts only on its own', async () => {
    const [a, b] = [signer(0), signer(0)];
    const first = await sentRequest(t, gerant, { signers: [a], documents: [placed('contract.pdf', [0])], options: { allowDelegation: true } });
    const other = await tenantWithGerant(t);
    const second = await sentRequest(t, other.client, { signers: [b], documents: [placed('contract.pdf', [0])], options: { allowDelegation: true } });
    const token = await invitationToken(a.emailAddress);
    const before = await snapshot(first.id);
    for (const bad of [`${token.slice(0, -2)}xx`, token.slice(0, 20), 'nonsense']) {
      const res = await delegateBy(bad, person());
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.code).toBe('LINK_INVALID');
    }
    expect(await snapshot(first.id)).toEqual(before);
    // The other tenant's participant hands over their own request, never this one.
    expect((await delegateBy(await invitationToken(b.emailAddress), person())).statusCode).toBe(200);
    expect(await snapshot(first.id)).toEqual(before);
    expect((await signerRows(t, second.id)).map((r) => r.status).sort()).toEqual(['delegated', 'ready']);
  });

  it('409 once the participant signed; 400 naming the field for a participant already on the request or a missing mobile', async () => {
    const [s0, s1] = [signer(0, { phoneNum: '+33612345678' }), signer(1)];
    const request = await sentRequest(t, gerant, {
      signers: [s0, s1],
      documents: [placed('contract.pdf', [0, 1])],
      options: { allowDelegation: true },
    });
    const token = await invitationToken(s0.emailAddress);
    const before = await snapshot(request.id);
    const taken = await delegateBy(token, person({ email: s1.emailAddress.toUpperCase(), mobile: '+33700000000' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields).toEqual([expect.objectContaining({ field: 'email', rule: 'invalid_value' })]);
    const self = await delegateBy(token, person({ email: s0.emailAddress, mobile: '+33700000000' }));
    expect(self.json().error.fields).toEqual([expect.objectContaining({ field: 'email' })]);
    // Their codes go by SMS (they have a mobile): the delegate must have one too.
    const noMobile = await delegateBy(token, person());
    expect(noMobile.statusCode).toBe(400);
    expect(noMobile.json().error.fields).toEqual([expect.objectContaining({ field: 'mobile', rule: 'required' })]);
    const longReason = await delegateBy(token, person({ mobile: '+33700000000', reason: 'x'.repeat(501) }));
    expect(longReason.statusCode).toBe(400);
    expect(await snapshot(request.id)).toEqual(before);

    // s1 is not invited yet: they may hand over too (their delegate then waits in their place).
    const waiting = await delegateBy(await linkOf(request.id, request.signers[1]!.id), person());
    expect(waiting.statusCode, waiting.body).toBe(200);
    const rows = await signerRows(t, request.id);
    expect(rows.find((r) => r.delegatedFromSignerId === request.signers[1]!.id)).toMatchObject({ status: 'waiting', signerIndex: 1 });

    // s0's codes go by SMS.
    const s0Page = signingApi(t, token);
    expect((await s0Page.code()).statusCode).toBe(200);
    expect((await s0Page.sign({ code: await lastCode(t, '+33612345678'), consents: [[]] })).statusCode).toBe(200);
    const afterSigning = await snapshot(request.id);
    const late = await delegateBy(token, person({ mobile: '+33700000000' }));
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({ code: 'DELEGATION_NOT_POSSIBLE', details: { reason: 'answered' } });
    expect(await snapshot(request.id)).toEqual(afterSigning);
  });

  it('a place is handed over at most 3 times, loops included; then 409 and nothing changes', async () => {
    const a = signer(0);
    const request = await sentRequest(t, gerant, { signers: [a], documents: [placed('contract.pdf', [0])], options: { allowDelegation: true } });
    const b = person();
    // A → B → A → B: each hand-over invites the next holder, who hands it on from their own link.
    const chain = [b, { ...person(), email: a.emailAddress }, b];
    let holder = a.emailAddress;
    for (const next of chain) {
      const res = await delegateBy(await invitationToken(holder), next);
      expect(res.statusCode, res.body).toBe(200);
      holder = next.email;
    }
    const view = (await signingApi(t, await invitationToken(holder)).view()).json().data;
    expect(view.canDelegate).toBe(false);
    const before = await snapshot(request.id);
    const fourth = await delegateBy(await invitationToken(holder), person());
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toMatchObject({ code: 'DELEGATION_NOT_POSSIBLE', details: { reason: 'limit' } });
    expect(fourth.json().error.message).toContain('3 times');
    expect(await snapshot(request.id)).toEqual(before);
    expect((await signerRows(t, request.id)).filter((r) => r.status === 'delegated')).toHaveLength(3);
    // The last holder still signs.
    await signAsInvited(t, holder);
    await t.waitFor(async () => ['signed', 'completed'].includes((await requestRow(t, request.id)).status));
  });

  it('validators and observers hand over the same way; the duplicate of the request keeps the participants the sender chose', async () => {
    const [observer, validator, s2] = [signer(0, { role: 'observer' }), signer(1, { role: 'validator' }), signer(2)];
    const request = await sentRequest(t, gerant, {
      signers: [observer, validator, s2],
      documents: [placed('contract.pdf', [2])],
      options: { allowDelegation: true },
    });
    const observerDelegate = person();
    const byObserver = await delegateBy(await linkOf(request.id, request.signers[0]!.id), observerDelegate);
    expect(byObserver.statusCode, byObserver.body).toBe(200);
    // Observers are never in the chain's turn: their delegate gets their link by e-mail at once.
    const observerView = (await signingApi(t, await invitationToken(observerDelegate.email)).view()).json().data;
    expect(observerView).toMatchObject({ turn: 'observer', signer: { role: 'observer' } });

    const validatorDelegate = person();
    const byValidator = await delegateBy(await invitationToken(validator.emailAddress), validatorDelegate);
    expect(byValidator.statusCode, byValidator.body).toBe(200);
    const approver = signingApi(t, await invitationToken(validatorDelegate.email));
    expect((await approver.view()).json().data).toMatchObject({ turn: 'yourTurn', signer: { role: 'validator' } });
    expect((await approver.approve()).statusCode).toBe(200);
    await signAsInvited(t, s2.emailAddress);

    const duplicate = await gerant.call('POST', `/api/transactions/${request.id}/duplicate`, 'history');
    expect(duplicate.statusCode, duplicate.body).toBe(201);
    const copy = (await gerant.call('GET', `/api/transactions/${duplicate.json().data.id}`, 'history')).json().data;
    expect(copy.options.allowDelegation).toBe(true);
    expect(copy.signers.map((s: { emailAddress: string; status: string }) => [s.emailAddress, s.status])).toEqual([
      [observer.emailAddress, 'before'],
      [validator.emailAddress, 'before'],
      [s2.emailAddress, 'before'],
    ]);
  });
});
