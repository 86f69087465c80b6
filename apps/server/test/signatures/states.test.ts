import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isActionAllowed, signatureStatuses, type SignatureAction, type SignatureStatus, type SignerStatus } from '@paraphe/contracts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, forceStatus, tenantWithGerant } from '../support/signatures.ts';

/** What the signer looks like when the request is in each status (as the flows would have left it). */
const signerStatusFor: Record<SignatureStatus, SignerStatus> = {
  draft: 'before',
  pending: 'waiting',
  preprocess: 'waiting',
  preprocess_access: 'waiting',
  ready: 'ready',
  wait_cosigner: 'ready',
  signed: 'signed',
  completed: 'signed',
  refused: 'cancel',
  canceled: 'aborted',
  expired: 'expired',
  failed: 'failed',
};

/** The per-request actions the API exposes (export and download are list-level / read-only). */
type ApiAction = Exclude<SignatureAction, 'export' | 'download'>;
const apiActions: ApiAction[] = ['send', 'cancel', 'relaunch', 'cancelSigner', 'delete', 'duplicate', 'regenerateArchive', 'retryCompletion'];

describe(`signature state machine over the API (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let template: string;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t)).client;
    template = (await draft(t, gerant)).id;
  });
  afterAll(async () => t?.close());

  /** A fresh request in `status`: a copy of the template draft, then moved. */
  async function requestIn(status: SignatureStatus) {
    const copy = (await gerant.call('POST', `/api/transactions/${template}/duplicate`, 'history')).json().data;
    await forceStatus(t, copy.id, status, signerStatusFor[status], { invited: status === 'ready' || status === 'wait_cosigner' });
    return { id: copy.id as string, signerId: copy.signers[0].id as string };
  }
  function call(action: ApiAction, r: { id: string; signerId: string }) {
    const url = `/api/transactions/${r.id}`;
    switch (action) {
      case 'send':
      case 'cancel':
      case 'relaunch':
      case 'retryCompletion':
        return gerant.call('PUT', url, 'history', { action });
      case 'cancelSigner':
        return gerant.call('PUT', url, 'history', { action: 'cancel', signerId: r.signerId });
      case 'delete':
        return gerant.call('DELETE', url, 'history');
      case 'duplicate':
        return gerant.call('POST', `${url}/duplicate`, 'history');
      case 'regenerateArchive':
        return gerant.call('POST', `${url}/archive`, 'history');
    }
  }

  it('refuses every forbidden transition with 409 and changes nothing', async () => {
    const requests = new Map<SignatureStatus, { id: string; signerId: string }>();
    for (const status of signatureStatuses) requests.set(status, await requestIn(status));
    let refused = 0;
    for (const status of signatureStatuses) {
      for (const action of apiActions.filter((a) => !isActionAllowed(status, a))) {
        const before = await t.snapshot();
        const res = await call(action, requests.get(status)!);
        expect(res.statusCode, `${action} on ${status}: ${res.body}`).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'INVALID_TRANSITION', message: `Cannot ${action} a request that is ${status}` });
        expect(await t.snapshot(), `${action} on ${status} changed data`).toBe(before);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(40);
  });

  it('performs every allowed transition', async () => {
    // send answers 'pending'; the send job may already have moved it on to 'ready' when we read it back.
    const expectedStatus: Partial<Record<ApiAction, (from: SignatureStatus) => SignatureStatus | SignatureStatus[] | null>> = {
      send: () => ['pending', 'ready'],
      cancel: () => 'canceled',
      relaunch: (from) => from,
      cancelSigner: () => 'canceled', // the only signer gone, nobody signed
      delete: () => null,
      duplicate: (from) => from,
      regenerateArchive: (from) => from,
    };
    for (const status of signatureStatuses) {
      // retryCompletion needs a request whose completion failed (signed versions): test/signing/signing-failures.test.ts.
      for (const action of apiActions.filter((a) => isActionAllowed(status, a) && a !== 'retryCompletion')) {
        const r = await requestIn(status);
        const res = await call(action, r);
        expect(res.statusCode, `${action} on ${status}: ${res.body}`).toBeLessThan(300);
        const after = await gerant.call('GET', `/api/transactions/${r.id}`, 'history');
        const wanted = expectedStatus[action]!(status);
        if (wanted === null) expect(after.statusCode).toBe(404);
        else expect([wanted].flat(), `${action} on ${status}`).toContain(after.json().data.status);
      }
    }
  });
});
