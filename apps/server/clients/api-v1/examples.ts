// The TypeScript examples of docs/api-v1.md, verbatim (test/apikeys/api-client.test.ts runs them against a server).
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createParapheClient } from './client.ts';

// Create a request from a local PDF, two signers, sent at once.
export async function sendContract(baseUrl: string, apiKey: string, pdfPath: string) {
  const paraphe = createParapheClient({ baseUrl, apiKey });
  const pdf = await readFile(pdfPath);
  const { data, error } = await paraphe.POST('/api/v1/requests', {
    params: { header: { 'Idempotency-Key': randomUUID() } },
    body: {
      label: 'Service agreement',
      send: true,
      signers: [
        { firstname: 'Alice', lastname: 'Martin', emailAddress: 'alice@example.com', signerIndex: 0 },
        { firstname: 'Bob', lastname: 'Durand', emailAddress: 'bob@example.com', signerIndex: 1 },
      ],
      documents: [{ fileName: 'agreement.pdf', contentBase64: pdf.toString('base64') }],
    },
  });
  if (error) throw new Error(`${error.code}: ${error.detail}`);
  return data;
}

// Follow a request: its status, then a signing link to embed for its first signer.
export async function followRequest(baseUrl: string, apiKey: string, requestId: string) {
  const paraphe = createParapheClient({ baseUrl, apiKey });
  const { data: status } = await paraphe.GET('/api/v1/requests/{id}/status', { params: { path: { id: requestId } } });
  const signerId = status!.signers[0]!.id;
  const { data: link } = await paraphe.POST('/api/v1/requests/{id}/signers/{signerId}/link', { params: { path: { id: requestId, signerId } } });
  return { status: status!.status, signingUrl: link!.url, validUntil: link!.expiresAt };
}

// Every request sent this month, page after page.
export async function requestsSince(baseUrl: string, apiKey: string, createdFrom: string) {
  const paraphe = createParapheClient({ baseUrl, apiKey });
  const all = [];
  let cursor: string | undefined;
  do {
    const { data, error } = await paraphe.GET('/api/v1/requests', { params: { query: { createdFrom, limit: 100, cursor } } });
    if (error) throw new Error(`${error.code}: ${error.detail}`);
    all.push(...data.data);
    cursor = data.nextCursor;
  } while (cursor);
  return all;
}

// A campaign: one copy of the contract per signatory, launched at once, then its counters until every copy left.
export async function launchCampaign(baseUrl: string, apiKey: string, pdfPath: string, signatories: { firstname: string; lastname: string; emailAddress: string }[]) {
  const paraphe = createParapheClient({ baseUrl, apiKey });
  const pdf = await readFile(pdfPath);
  const { data: campaign, error } = await paraphe.POST('/api/v1/campaigns', {
    params: { header: { 'Idempotency-Key': randomUUID() } },
    body: { label: 'Contract renewals', send: true, signatories, documents: [{ fileName: 'renewal.pdf', contentBase64: pdf.toString('base64') }] },
  });
  if (error) throw new Error(`${error.code}: ${error.detail}`);
  let status;
  do {
    await new Promise((resolve) => setTimeout(resolve, 500));
    ({ data: status } = await paraphe.GET('/api/v1/campaigns/{id}/status', { params: { path: { id: campaign.id } } }));
  } while (status?.status === 'pending');
  return { id: campaign.id, status: status!.status, sent: status!.sent, signed: status!.signed };
}
