import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, type TestClient, type TestContext, tenantWithoutDomain } from '../support/harness.ts';
import { createRequest, messagesTo, placed, requestRow, signer, signerRows, tenantWithGerant } from '../support/signatures.ts';
import { completedDocuments, invitedApi, sentRequest, signAsInvited } from '../support/signing-flow.ts';
import { externalTools, lastCode, signingApi, type Tools } from '../support/signing-page.ts';
import { signingLink } from '../../src/domains/signatures/links.ts';
import { trustServices } from '../../src/domains/pki/index.ts';

/**
 * Parallel steps (docs/signatures.md "Order"): participants sharing a step are invited together, may sign in any
 * order — even at the same moment — and the next step waits for all of them. What users ask of peers.
 */
describe(`signing: parallel steps (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let tools: Tools;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t)).client;
    tools = externalTools(await trustServices(t.server.platform).certificate('root'));
  });
  afterAll(async () => {
    tools?.close();
    await t?.close();
  });

  const invitations = async (email: string) => (await messagesTo(t, email, 'signature-invitation')).length;

  it('invites a step together, lets its members sign at the same moment, then the next step; every signature valid', async () => {
    const request = await sentRequest(t, gerant, {
      signers: [signer(0), signer(1, { step: 2 }), signer(2, { step: 2 }), signer(3)],
      documents: [placed('contract.pdf', [0, 1, 2, 3])],
    });
    const [first, left, right, last] = request.signers;
    expect(request.signers.map((s) => s.step)).toEqual([null, 2, 2, null]);
    expect([await invitations(first!.email), await invitations(left!.email), await invitations(right!.email)]).toEqual([1, 0, 0]);

    // Order is enforced on the server: a member of step 2 holding a valid link cannot act before step 1.
    const link = signingLink(t.server.platform, {
      appId: tenantWithoutDomain,
      requestId: request.id,
      signerId: left!.id,
      expiresAt: (await requestRow(t, request.id)).expiresAt!,
    }).split('#/sign/')[1]!;
    const early = signingApi(t, link);
    expect((await early.view()).json().data).toMatchObject({ turn: 'waiting', canAct: false });
    const refusedEarly = await early.sign({ code: '000000', consents: [[]] });
    expect(refusedEarly.statusCode, refusedEarly.body).toBe(409);
    expect(refusedEarly.json().error.code).toBe('NOT_YOUR_TURN');

    await signAsInvited(t, first!.email);
    expect([await invitations(left!.email), await invitations(right!.email), await invitations(last!.email)]).toEqual([1, 1, 0]);
    expect((await signerRows(t, request.id)).map((s) => s.status)).toEqual(['signed', 'ready', 'ready', 'waiting']);

    // Both sign at the same moment: the request row lock serialises them, each signature on top of the other.
    const [apiLeft, apiRight] = [await invitedApi(t, left!.email), await invitedApi(t, right!.email)];
    await Promise.all([apiLeft.view(), apiRight.view()]);
    await Promise.all([apiLeft.code(), apiRight.code()]);
    const consents = [[]];
    const [a, b] = await Promise.all([
      apiLeft.sign({ code: await lastCode(t, left!.email), consents }),
      apiRight.sign({ code: await lastCode(t, right!.email), consents }),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect(await invitations(last!.email)).toBe(1);

    await signAsInvited(t, last!.email);
    const [pdf] = await completedDocuments(t, gerant, request.id, [request.documents[0]!.id]);
    const signatures = await tools.pdfsig(pdf!);
    expect(signatures.filter((s) => s.valid && s.trusted)).toHaveLength(4);
  });

  it('a member of a step who has not been reached cannot sign; a refusal in a step tells the others invited with them', async () => {
    const request = await sentRequest(t, gerant, {
      signers: [signer(0), signer(1, { step: 1 }), signer(2)],
      documents: [placed('contract.pdf', [0, 1, 2])],
    });
    const [a, b, c] = request.signers;
    // Signer 1 shares step 1 with signer 0: both invited at once; signer 2 waits.
    expect([await invitations(a!.email), await invitations(b!.email), await invitations(c!.email)]).toEqual([1, 1, 0]);

    const refusing = await invitedApi(t, b!.email);
    await refusing.view();
    expect((await refusing.refuse('Not this version')).statusCode).toBe(200);
    expect((await requestRow(t, request.id)).status).toBe('refused');
    expect((await signerRows(t, request.id)).map((s) => s.status)).toEqual(['aborted', 'cancel', 'aborted']);
    // The one invited with them is told; the one never invited is not.
    expect(await messagesTo(t, a!.email, 'signature-canceled')).toHaveLength(1);
    expect(await messagesTo(t, c!.email, 'signature-canceled')).toHaveLength(0);
  });

  it('refuses a step out of range with the field named', async () => {
    const res = await createRequest(t, gerant, { signers: [signer(0, { step: 0 })] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields.map((f: { field: string }) => f.field)).toContain('transactionSigners.0.step');
  });
});
