import { and, asc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { SignatureStatus } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { documentVersions, sepaMandates, signatureDocuments, signatureRequests, signers } from './schema.ts';

/** The queries of the GDPR retention purge, subject access and erasure (retention.ts decides; docs/gdpr.md). */

/** A request that will not change any more (a failed one may still be retried: it is not finished). */
export const finishedStatuses: readonly SignatureStatus[] = ['completed', 'refused', 'canceled', 'expired'];
/** When a finished request ended: completion, cancellation, else its last change (refusal, expiry). */
const finishedAt = sql`coalesce(${signatureRequests.completedAt}, ${signatureRequests.canceledAt}, ${signatureRequests.updatedAt})`;

export type PurgeStep = 'documents' | 'signerData' | 'evidence';
const doneColumn = {
  documents: signatureRequests.documentsPurgedAt,
  signerData: signatureRequests.signerDataPurgedAt,
  evidence: signatureRequests.evidencePurgedAt,
} as const;

/** Up to `limit` of the tenant's finished requests that ended before `before` and still wait for `step`, oldest first. */
export async function requestsFinishedBefore(db: Executor, appId: string, step: PurgeStep, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.appId, appId),
        inArray(signatureRequests.status, [...finishedStatuses]),
        sql`${finishedAt} < ${before.toISOString()}`,
        isNull(doneColumn[step]),
      ),
    )
    .orderBy(asc(finishedAt), asc(signatureRequests.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A signer's row rewritten with a pseudonym, and the debtor of their SEPA mandate (the RUM and the creditor stay: they identify no one). */
export async function pseudonymiseSignerRow(db: Executor, appId: string, signerId: string, erased: { pseudonym: string; email: string }): Promise<void> {
  await db
    .update(signers)
    .set({ firstname: erased.pseudonym, lastname: '', email: erased.email, phone: null, connectorIdc: null, invitationMessage: null, refusalComment: null })
    .where(and(eq(signers.appId, appId), eq(signers.id, signerId)));
  await db
    .update(sepaMandates)
    .set({ debtorName: erased.pseudonym, debtorAddress: '', iban: '', bic: null })
    .where(and(eq(sepaMandates.appId, appId), eq(sepaMandates.signerId, signerId)));
}

/** The storage keys of the versions sealed before signing of these documents. */
export async function sealedKeysOfDocuments(db: Executor, appId: string, documentIds: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ key: documentVersions.storageKey })
    .from(documentVersions)
    .where(and(eq(documentVersions.appId, appId), inArray(documentVersions.documentId, documentIds), eq(documentVersions.kind, 'sealed')));
  return rows.map((r) => r.key);
}

/** Which of these keys another request than `requestId`, whose documents are not purged yet, still uses. */
export async function sealedKeysStillUsed(db: Executor, appId: string, keys: string[], requestId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ key: documentVersions.storageKey })
    .from(documentVersions)
    .innerJoin(signatureDocuments, eq(signatureDocuments.id, documentVersions.documentId))
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureDocuments.requestId))
    .where(
      and(
        eq(documentVersions.appId, appId),
        inArray(documentVersions.storageKey, keys),
        ne(signatureRequests.id, requestId),
        isNull(signatureRequests.documentsPurgedAt),
      ),
    );
  return new Set(rows.map((r) => r.key));
}

/** A person's signer rows in the tenant (by address, any case), with their request, oldest request first. */
export async function signersByEmail(db: Executor, appId: string, email: string) {
  return db
    .select({ signer: signers, request: signatureRequests })
    .from(signers)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signers.requestId))
    .where(and(eq(signers.appId, appId), sql`lower(${signers.email}) = ${email.toLowerCase()}`))
    .orderBy(asc(signatureRequests.createdAt));
}

/** The requests not finished yet (drafts too) in which the person is a signer. */
export async function unfinishedRequestsByEmail(db: Executor, appId: string, email: string): Promise<{ id: string; label: string; status: SignatureStatus }[]> {
  return db
    .selectDistinct({ id: signatureRequests.id, label: signatureRequests.label, status: signatureRequests.status })
    .from(signers)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signers.requestId))
    .where(and(eq(signers.appId, appId), sql`lower(${signers.email}) = ${email.toLowerCase()}`, notInArray(signatureRequests.status, [...finishedStatuses])));
}

/** Which of these addresses (lower case) were a signer's in a request created since `since`. */
export async function emailsOfSignersSince(db: Executor, appId: string, emails: readonly string[], since: Date): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(${signers.email})` })
    .from(signers)
    .where(
      and(
        eq(signers.appId, appId),
        inArray(
          sql`lower(${signers.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
        sql`${signers.createdAt} >= ${since.toISOString()}`,
      ),
    );
  return new Set(rows.map((r) => r.email));
}
