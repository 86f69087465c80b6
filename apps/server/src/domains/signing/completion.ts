import { signerDisplayName, stampSignerIndex, type DomainEventOf } from '@paraphe/contracts';
import { archivePdf, sealPdf, type OneTimeIdentity, type SignerIdentity } from '@paraphe/signing';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { defineJob, defineSubscription } from '../../platform/modules.ts';
import { trustServices } from '../pki/index.ts';
import {
  addVersion,
  appendEvent,
  completionQueue,
  completionRetryLimit,
  currentVersions,
  documentsOfRequests,
  eventsOf,
  findContext,
  requestForSigning,
  markCompleted,
  markCompletionFailed,
  verifyEventChain,
  type SignatureDocumentView,
  type RequestJob,
  type DocumentVersionView,
} from '../signatures/index.ts';
import { displayCompanyOf, applicationById, tenantLogo } from '../tenants/index.ts';
import { ownerMailboxOf } from '../users/index.ts';
import { buildAttestation, type AttestationInput } from './attestation.ts';
import { deliverSignedDocuments } from './delivery.ts';
import { asSigningFailure } from './sign.ts';

/**
 * Finishes a request whose participants all acted (event `signature.signed`): each signed document gets the
 * company seal on its stamp fields (signerIndex -1), then the DSS and a document time-stamp (B-LTA), the
 * evidence file is built, sealed and time-stamped, the request becomes completed (the requester hears of it
 * through the `signature.completed` event) and the documents are delivered per the options. The PDF work runs
 * outside the transaction (the trust services use their own); the final step re-checks the status under the
 * request lock, so a second run changes nothing.
 */

export const attestationKeyOf = (appId: string, requestId: string) => `${appId}/attestation-${requestId}.pdf`;

export async function runCompletion(platform: Platform, job: RequestJob) {
  const trust = trustServices(platform);
  const application = await platform.database.inSystem((tx) => applicationById(tx, job.appId));
  if (!application) return;
  const snapshot = await platform.database.inTenant(job.appId, async (tx) => {
    const request = await requestForSigning(tx, job.appId, job.requestId);
    if (request?.status !== 'signed') return null;
    const documents = await documentsOfRequests(tx, job.appId, [job.requestId]);
    return {
      documents,
      versions: await currentVersions(
        tx,
        job.appId,
        documents.map((d) => d.id),
      ),
      sealedBeforeSigning: request.options.stampBeforeSigning,
    };
  });
  if (!snapshot) return;

  const tsa = await trust.tsa();
  const revocation = trust.revocationSource();
  // One stamp certificate per seal (a certificate used twice in one file is "Unknown issue" for poppler).
  const stamp = () => trust.companyStampIdentity(application.id, application.company);
  const archived = new Map<string, Uint8Array>();
  for (const doc of snapshot.documents) {
    const version = snapshot.versions.get(doc.id);
    if (version?.kind !== 'signed') continue;
    try {
      let pdf: Uint8Array = await platform.storage.get(version.storageKey);
      // Company stamp fields (signerIndex -1) are sealed last, before the archive time-stamp — unless the stamp
      // account sealed them at send (Options.stampBeforeSigning, signatures/sealing.ts).
      const stampFields = snapshot.sealedBeforeSigning ? [] : version.fields.filter((f) => f.signerIndex === stampSignerIndex);
      for (const field of stampFields) {
        pdf = await usingStamp(stamp(), (identity) =>
          sealPdf(pdf, {
            identity,
            format: 'PADES',
            level: 'B-T',
            tsa,
            field: field.name,
            appearance: { signerName: application.company, date: platform.clock() },
          }),
        );
      }
      archived.set(doc.id, await archivePdf(pdf, { tsa, revocation }));
    } catch (error) {
      asSigningFailure(error);
    }
  }

  // Issued before the transaction: the trust services read their own rows, which must not nest in ours.
  const attestationStamp = await stamp();
  try {
    const logo = application ? await tenantLogo(platform.storage, application) : undefined;
    await platform.database.inTenant(job.appId, async (tx) => {
      const ctx = await findContext(tx, job.appId, job.requestId);
      if (!ctx || ctx.request.status !== 'signed') return;
      const now = platform.clock();
      const finals = new Map<string, DocumentVersionView>();
      for (const doc of snapshot.documents) {
        const previous = snapshot.versions.get(doc.id);
        const bytes = archived.get(doc.id);
        if (previous && bytes) finals.set(doc.id, await addVersion(tx, platform, previous, doc, 'completed', bytes));
      }
      await appendEvent(tx, {
        appId: job.appId,
        requestId: job.requestId,
        type: 'completed',
        data: { documents: [...finals.entries()].map(([id, v]) => ({ id, sha256: v.sha256 })) },
        at: now,
      });
      const attestation = await usingStamp(Promise.resolve(attestationStamp), (seal) =>
        sealedAttestation(tx, ctx, snapshot.documents, finals, now, { seal, tsa }, logo),
      );
      const attestationKey = attestationKeyOf(job.appId, job.requestId);
      await platform.storage.put(attestationKey, attestation);
      await markCompleted(tx, platform, ctx, { attestationKey, documentCount: finals.size, now });
      const owner = ctx.request.ownerUserId ? await ownerMailboxOf(tx, ctx.request.ownerUserId) : undefined;
      await deliverSignedDocuments(tx, platform, ctx, {
        documents: snapshot.documents.filter((d) => finals.has(d.id)).map((d) => ({ fileName: d.fileName, version: finals.get(d.id)! })),
        owner: owner ? { email: owner.email, name: `${owner.firstName} ${owner.lastName}`, language: owner.language } : null,
      });
    });
  } finally {
    (attestationStamp as Partial<OneTimeIdentity>).destroy?.();
  }
}

async function sealedAttestation(
  tx: Tx,
  ctx: NonNullable<Awaited<ReturnType<typeof findContext>>>,
  documents: SignatureDocumentView[],
  finals: Map<string, DocumentVersionView>,
  now: Date,
  trust: { seal: Parameters<typeof sealPdf>[1]['identity']; tsa: Parameters<typeof sealPdf>[1]['tsa'] },
  logo?: AttestationInput['logo'],
): Promise<Uint8Array> {
  const { application, request, signers } = ctx;
  const events = await eventsOf(tx, application.id, request.id);
  const chain = await verifyEventChain(tx, application.id, request.id);
  const nameOf = new Map(signers.map((s) => [s.id, signerDisplayName(s)]));
  const pdf = await buildAttestation(
    {
      company: displayCompanyOf(application),
      logo,
      testMode: request.testMode,
      generatedAt: now,
      request: { id: request.id, label: request.label, level: request.level, requester: request.ownerName, sentAt: request.sentAt, completedAt: now },
      signers: signers.map((s) => ({ name: signerDisplayName(s), email: s.email, phone: s.phone, role: s.role, status: s.status, actionAt: s.actionAt })),
      documents: documents.map((d) => ({
        id: d.id,
        title: d.title,
        fileName: d.fileName,
        documentType: d.documentType,
        originalSha256: d.sha256,
        signedSha256: finals.get(d.id)?.sha256 ?? null,
        sealedBeforeSigning: sealOf(events, d.id),
      })),
      events: events.map((e) => ({
        seq: e.seq,
        at: e.createdAt,
        type: e.type,
        signer: e.signerId ? (nameOf.get(e.signerId) ?? e.signerId) : null,
        data: e.data,
        ip: e.ip,
        userAgent: e.userAgent,
        hash: e.hash,
      })),
      chain: { valid: chain.valid, lastHash: events.at(-1)?.hash ?? null },
    },
    request.options.language,
  );
  try {
    return await sealPdf(pdf, { identity: trust.seal, format: 'PADES', level: 'B-T', tsa: trust.tsa, appearance: 'invisible' });
  } catch (error) {
    asSigningFailure(error);
  }
}

/** "Sealed by <account> before signing" (Options.stampBeforeSigning), from the request's evidence. */
function sealOf(events: Awaited<ReturnType<typeof eventsOf>>, documentId: string) {
  const data = events.find((e) => e.type === 'sealed_before_signing' && e.data.documentId === documentId)?.data;
  return data ? { accountLabel: String(data.accountLabel), certificate: String(data.certificate), sha256: String(data.sha256) } : null;
}

/** Seals with a stamp identity and destroys its key afterwards when it is a one-time one (an imported seal is kept). */
async function usingStamp<T>(identity: Promise<SignerIdentity>, use: (identity: SignerIdentity) => Promise<T>): Promise<T> {
  const stamp = await identity;
  try {
    return await use(stamp);
  } finally {
    (stamp as Partial<OneTimeIdentity>).destroy?.();
  }
}

/**
 * One attempt of the completion job. When the last one fails too, the request becomes failed with the reason
 * and the requester is told (signatures/completion-state.ts), never left `signed` in silence; the requester's
 * "retryCompletion" enqueues the job again.
 */
export async function runCompletionJob(platform: Platform, job: RequestJob, attempt: { last: boolean } = { last: false }) {
  try {
    await runCompletion(platform, job);
  } catch (error) {
    if (!attempt.last) throw error;
    platform.logger.error({ err: error, requestId: job.requestId }, 'finalising a signed request failed for good');
    const reason = error instanceof Error ? error.message : String(error);
    await platform.database.inTenant(job.appId, async (tx) => {
      const ctx = await findContext(tx, job.appId, job.requestId);
      if (ctx) await markCompletionFailed(tx, platform, ctx, reason);
    });
  }
}

/**
 * The signing domain finalises every request that became signed through the signing page: the subscriber only
 * enqueues the completion job (in its receipt's transaction: once per event), whose attempts are counted so
 * that the last one can fail the request.
 */
export const completionSubscriptions = (platform: Platform) => [
  defineSubscription({
    name: 'signing.complete-request',
    events: ['signature.signed'],
    mode: 'transaction',
    async handle(event: DomainEventOf<'signature.signed'>, tx) {
      if (!event.data.hasSignedDocuments) return;
      await platform.jobs.enqueue(tx!, completionQueue, { appId: event.appId, requestId: event.data.requestId } satisfies RequestJob);
    },
  }),
];

/** PDF work (B-LTA of each document, sealed evidence file): seconds, a minute for a big request; one per batch. */
export const completionJob = defineJob<RequestJob>({
  queue: completionQueue,
  retryLimit: completionRetryLimit,
  expireInSeconds: 300,
  batchSize: 1,
  run: (platform, data, job) => runCompletionJob(platform, data, { last: job.retryCount >= completionRetryLimit }),
});
