import type { TestClient, TestContext } from '../support/harness.ts';
import { draft, messagesTo, requestRow, signer } from '../support/signatures.ts';
import { tokenOf } from '../support/signing-page.ts';

/** Helpers of the edge-*.test.ts files (headers, client address, input, idempotency, rate limits). */

/** A sent request with one signer: the signer's link token, the document id. */
export async function sentLink(t: TestContext, client: TestClient, opts: Parameters<typeof draft>[2] = {}) {
  const request = await draft(t, client, { signers: [signer(0)], ...opts });
  const sent = await client.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`);
  await t.waitFor(async () => ['ready', 'wait_cosigner'].includes((await requestRow(t, request.id)).status));
  const email = request.signers[0]!.emailAddress;
  const token = tokenOf((await messagesTo(t, email, 'signature-invitation')).at(-1)!.text);
  return { requestId: request.id, token, docId: request.documents[0]!.id, email };
}

/** Rows of a query (both engines). */
export async function rows<T = Record<string, unknown>>(t: TestContext, query: Parameters<TestContext['database']['db']['execute']>[0]): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
