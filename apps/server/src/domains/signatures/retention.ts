import { createHash } from 'node:crypto';
import type { SignatureStatus } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repository.ts';
import {
  emailsOfSignersSince,
  finishedStatuses,
  pseudonymiseSignerRow,
  requestsFinishedBefore,
  sealedKeysOfDocuments,
  sealedKeysStillUsed,
  signersByEmail,
  unfinishedRequestsByEmail,
  type PurgeStep,
} from './repository-retention.ts';
import { signerMessagesAbout } from './messages.ts';
import { currentVersions, versionKeysOf } from './versions.ts';
import type { PersonDocumentFile, PersonSignerView } from './views.ts';

/**
 * What the GDPR domain asks of signature requests (docs/gdpr.md): which finished requests are past a retention,
 * and the purge steps — each done once, under the request's row lock, in the caller's transaction. The evidence
 * chain (signature_events) and the documents' SHA-256 stay: they are what proves the signature later.
 */

export { finishedStatuses, type PurgeStep };

/** Up to `limit` of the tenant's finished requests that ended before `before` and still wait for `step`, oldest first. */
export async function requestsPastRetention(db: Executor, appId: string, step: PurgeStep, before: Date, limit: number): Promise<string[]> {
  return requestsFinishedBefore(db, appId, step, before, limit);
}

/** The pseudonym of an erased signer: derived from the row's id, so nothing leads back to the person. */
export const pseudonymOf = (signerId: string) => `erased-${createHash('sha256').update(signerId).digest('hex').slice(0, 16)}`;
const erasedDomain = 'erased.invalid';
/** The identity an erased person's row keeps (campaign signatories and operation orders use it too). */
export const erasedIdentity = (rowId: string) => {
  const pseudonym = pseudonymOf(rowId);
  return { firstname: pseudonym, lastname: '', email: `${pseudonym}@${erasedDomain}`, phone: null };
};

async function pseudonymise(tx: Tx, appId: string, rows: readonly { id: string }[]): Promise<void> {
  for (const row of rows) {
    const pseudonym = pseudonymOf(row.id);
    await pseudonymiseSignerRow(tx, appId, row.id, { pseudonym, email: `${pseudonym}@${erasedDomain}` });
  }
}

export interface PurgeOutcome {
  /** False when another run did it first, or the request changed meanwhile: nothing was done. */
  done: boolean;
  files: number;
  signers: number;
}

/**
 * The files sealed before signing (stamps' sealed copies, versions of kind `sealed`) of these documents that no other
 * request whose documents are not purged yet uses: a single request's own, or a campaign's shared seal once its
 * last copy is purged (the purge walks a tenant's requests one transaction after the other, so two copies never
 * race). The stamps history row stays; its download then answers 410 (docs/gdpr.md).
 */
async function sealedKeysToDelete(tx: Tx, appId: string, requestId: string, documentIds: string[]): Promise<string[]> {
  if (!documentIds.length) return [];
  const own = await sealedKeysOfDocuments(tx, appId, documentIds);
  if (!own.length) return [];
  const used = await sealedKeysStillUsed(tx, appId, own, requestId);
  return own.filter((key) => !used.has(key));
}

/**
 * One purge step of one request, in the caller's transaction, which must also write the audit row and the event.
 * Files are deleted before the commit: a crash after it leaves the step undone, and the next run deletes again
 * (deleting a missing file is not an error) — never a row pointing at a file that is gone without saying so.
 */
export async function purgeRequest(
  tx: Tx,
  platform: Pick<Platform, 'storage' | 'messaging'>,
  opts: { appId: string; requestId: string; step: PurgeStep; now: Date },
): Promise<PurgeOutcome & { request?: repo.RequestRow }> {
  const { appId, requestId, step, now } = opts;
  const request = await repo.lockRequest(tx, appId, requestId);
  const column = { documents: 'documentsPurgedAt', signerData: 'signerDataPurgedAt', evidence: 'evidencePurgedAt' } as const;
  if (!request || !finishedStatuses.includes(request.status) || request[column[step]]) return { done: false, files: 0, signers: 0 };
  let files: string[] = [];
  let erased = 0;
  if (step === 'documents') {
    const documents = await repo.documentsOf(tx, appId, [requestId]);
    // A campaign copy's or an operation order's originals are the campaign's (operation's) files, shared: kept here.
    const originals = request.source === 'single' ? documents.map((d) => d.storageKey) : [];
    const sealed = await sealedKeysToDelete(
      tx,
      appId,
      requestId,
      documents.map((d) => d.id),
    );
    files = [
      ...originals,
      ...(await versionKeysOf(
        tx,
        appId,
        documents.map((d) => d.id),
      )),
      ...sealed,
      ...(request.archiveKey ? [request.archiveKey] : []),
    ];
    await repo.updateRequest(tx, appId, requestId, { documentsPurgedAt: now, archiveKey: null, archiveGeneratedAt: null });
  } else if (step === 'signerData') {
    const rows = await repo.signersOf(tx, appId, [requestId]);
    await pseudonymise(tx, appId, rows);
    // The invitations, reminders and codes sent to them carry their names and addresses too.
    await platform.messaging.redact(tx, appId, { abouts: rows.map((r) => signerMessagesAbout(r.id)) });
    erased = rows.length;
    await repo.updateRequest(tx, appId, requestId, { signerDataPurgedAt: now });
  } else {
    files = request.attestationKey ? [request.attestationKey] : [];
    await repo.updateRequest(tx, appId, requestId, { evidencePurgedAt: now });
  }
  for (const key of files) await platform.storage.delete(key);
  return { done: true, files: files.length, signers: erased, request };
}

/** A person's signer rows in the tenant (by address, any case), with their request. */
export async function signersOfPerson(db: Executor, appId: string, email: string): Promise<PersonSignerView[]> {
  const rows = await signersByEmail(db, appId, email);
  return rows.map(({ signer, request }) => ({
    requestId: request.id,
    requestLabel: request.label,
    requestStatus: request.status,
    requestCreatedAt: request.createdAt,
    requestCompletedAt: request.completedAt,
    documentsPurgedAt: request.documentsPurgedAt,
    signerId: signer.id,
    firstname: signer.firstname,
    lastname: signer.lastname,
    email: signer.email,
    phone: signer.phone,
    language: signer.language,
    role: signer.role,
    status: signer.status,
    invitedAt: signer.invitedAt,
    actionAt: signer.actionAt,
    refusalComment: signer.refusalComment,
  }));
}

/** The requests not finished yet (drafts too) in which the person is a signer: an erasure waits for them. */
export async function unfinishedRequestsOf(db: Executor, appId: string, email: string): Promise<{ id: string; label: string; status: SignatureStatus }[]> {
  return unfinishedRequestsByEmail(db, appId, email);
}

/**
 * Erasure of one person (GDPR art. 17): their signer rows in finished requests pseudonymised, in the caller's
 * transaction (which checked first that no unfinished request has them). Returns the rows and requests changed.
 */
export async function eraseSigner(
  tx: Tx,
  platform: Pick<Platform, 'messaging'>,
  appId: string,
  email: string,
): Promise<{ signers: number; requests: number; messages: number }> {
  const rows = (await signersByEmail(tx, appId, email)).filter((r) => finishedStatuses.includes(r.request.status));
  for (const { request } of rows) await repo.lockRequest(tx, appId, request.id);
  await pseudonymise(
    tx,
    appId,
    rows.map((r) => r.signer),
  );
  // Every mail to the address (a signer's, or any other the tenant sent it), and the SMS to their phone.
  const messages = await platform.messaging.redact(tx, appId, { abouts: rows.map((r) => signerMessagesAbout(r.signer.id)), to: email });
  return { signers: rows.length, requests: new Set(rows.map((r) => r.request.id)).size, messages };
}

/** The signed (else original) files of these requests whose documents were not purged: what a person's export includes. */
export async function documentFilesOf(
  db: Executor,
  appId: string,
  requests: readonly { id: string; documentsPurgedAt: Date | null }[],
): Promise<PersonDocumentFile[]> {
  const kept = requests.filter((r) => !r.documentsPurgedAt);
  const documents = await repo.documentsOf(
    db,
    appId,
    kept.map((r) => r.id),
  );
  const versions = await currentVersions(
    db,
    appId,
    documents.map((d) => d.id),
  );
  return documents.map((d) => {
    const version = versions.get(d.id);
    const file = version && version.kind !== 'prepared' ? version : d;
    return { requestId: d.requestId, fileName: d.fileName, storageKey: file.storageKey };
  });
}

/** Which of these addresses were a signer's in a request created since `since` (an address-book contact still in use). */
export async function emailsUsedSince(db: Executor, appId: string, emails: readonly string[], since: Date): Promise<Set<string>> {
  if (!emails.length) return new Set();
  return emailsOfSignersSince(db, appId, emails, since);
}

/** A download of a purged file: 410 DOCUMENT_PURGED, with the date (the view shows it too). */
export function assertNotPurged(purgedAt: Date | null, what: 'document' | 'evidence file' = 'document'): void {
  if (purgedAt)
    throw new AppError('DOCUMENT_PURGED', `This ${what} was deleted on ${purgedAt.toISOString().slice(0, 10)} at the end of its retention period.`, {
      details: { purgedAt: purgedAt.toISOString() },
    });
}
