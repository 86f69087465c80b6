import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { zipSync } from 'fflate';
import type { SignatureStatus, SignerInput, DocumentInput, SignatureOptionsInput, SignerStatus } from '@paraphe/contracts';
import { outboxMessages } from '../../src/platform/db/schema/index.ts';
import { signatureRequests, signers } from '../../src/domains/signatures/schema.ts';
import type { TestClient, TestContext } from '../support/harness.ts';

/** Shared helpers of the signatures*.test.ts files: PDFs, multipart bodies, requests in a given state. */

export async function makePdf(pages = 1, text = 'Contract'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([595, 842]).drawText(`${text} page ${i + 1}`, { x: 50, y: 780, size: 14 });
  return pdf.save({ useObjectStreams: false });
}

export function makeZip(files: Record<string, Uint8Array>): Uint8Array {
  return zipSync(files);
}

export type Part = { name: string; value: string } | { name: string; fileName: string; contentType: string; data: Uint8Array };

export function multipartBody(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----paraphe${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`));
      chunks.push(Buffer.from(part.data), Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const signer = (signerIndex: number, extra: Partial<SignerInput> = {}): SignerInput => ({
  firstname: `First${signerIndex}`,
  lastname: `Last${signerIndex}`,
  emailAddress: `signer${signerIndex}-${randomBytes(3).toString('hex')}@example.com`,
  signerIndex,
  ...extra,
});

export const placed = (fileName: string, signerIndexes: number[], extra: Partial<DocumentInput> = {}): DocumentInput => ({
  fileName,
  signatureFields: signerIndexes.map((signerIndex) => ({ signerIndex, page: 1, x: 100, y: 100 })),
  ...extra,
});

export interface CreateOptions {
  label?: string;
  level?: number;
  signers?: unknown[];
  documents?: unknown[];
  options?: SignatureOptionsInput | Record<string, unknown>;
  send?: boolean;
  files?: { fileName: string; contentType?: string; data: Uint8Array }[];
  extraParts?: Part[];
}

let cachedPdf: Uint8Array | undefined;
export const samplePdf = async () => (cachedPdf ??= await makePdf(2));

/** POST /api/transactions/:level as the web sends it; defaults: one signer placed on one 2-page PDF. */
export async function createRequest(t: TestContext, client: TestClient, opts: CreateOptions = {}) {
  const files = opts.files ?? [{ fileName: 'contract.pdf', data: await samplePdf() }];
  const signerList = opts.signers ?? [signer(0)];
  const documents = opts.documents ?? [placed(files[0]?.fileName ?? 'contract.pdf', [0])];
  const parts: Part[] = [
    { name: 'label', value: opts.label ?? 'Sales contract' },
    { name: 'transactionSigners', value: JSON.stringify(signerList) },
    { name: 'transactionDocuments', value: JSON.stringify(documents) },
    { name: 'transactionRequest', value: JSON.stringify({ send: opts.send ?? false }) },
    { name: 'optionsRequest', value: JSON.stringify(opts.options ?? {}) },
    ...(opts.extraParts ?? []),
    ...files.map((f) => ({ name: 'files', fileName: f.fileName, contentType: f.contentType ?? 'application/pdf', data: f.data })),
  ];
  const { payload, headers } = multipartBody(parts);
  return t.request({ method: 'POST', url: `/api/transactions/${opts.level ?? 1}`, token: await client.token('history'), body: payload, headers });
}

/** Creates a draft and returns its JSON (throws when the API refuses). */
export async function draft(t: TestContext, client: TestClient, opts: CreateOptions = {}) {
  const res = await createRequest(t, client, opts);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    id: string;
    status: SignatureStatus;
    signers: { id: string; signerIndex: number; emailAddress: string; status: SignerStatus }[];
    documents: { id: string }[];
    links: { signerId: string; url: string }[];
  };
}

/** Puts a request (and its signers) in a status directly, as the flows of issue 5 would. */
export async function forceStatus(
  t: TestContext,
  requestId: string,
  status: SignatureStatus,
  signerStatus: SignerStatus,
  opts: { invited?: boolean; expiresAt?: Date } = {},
) {
  await t.database.inSystem(async (tx) => {
    await tx
      .update(signatureRequests)
      .set({ status, expiresAt: opts.expiresAt ?? new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(signatureRequests.id, requestId));
    await tx
      .update(signers)
      .set({ status: signerStatus, invitedAt: opts.invited ? new Date() : null })
      .where(eq(signers.requestId, requestId));
  });
}

/** Mails and SMS sent to one address, oldest first. */
export async function messagesTo(t: TestContext, to: string, template?: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, to), template ? eq(outboxMessages.template, template) : undefined))
    .orderBy(outboxMessages.createdAt);
}

export async function requestRow(t: TestContext, id: string) {
  const [row] = await t.database.db.select().from(signatureRequests).where(eq(signatureRequests.id, id));
  return row!;
}
export async function signerRows(t: TestContext, requestId: string) {
  return t.database.db.select().from(signers).where(eq(signers.requestId, requestId)).orderBy(signers.signerIndex);
}

export async function outboxCount(t: TestContext): Promise<number> {
  const result = (await t.database.db.execute(sql`select count(*)::int as n from outbox_messages`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** A tenant (test mode, no second factor) and its GERANT logged in. */
export async function tenantWithGerant(t: TestContext, opts: Parameters<TestContext['factory']['tenant']>[0] = {}) {
  const tenant = await t.factory.tenant({ doubleAuth: false, ...opts });
  return { ...tenant, client: await t.login(tenant.gerant.email) };
}
