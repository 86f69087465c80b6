import { documentOrImageType } from '../../platform/file-signature.ts';
import { createHash, randomUUID } from 'node:crypto';
import {
  identityDocumentMaxBytes,
  qualifiedCertificateRules as rules,
  type CertificateDecisionInput,
  type CertificateStatus,
  type IdentityDocumentKind,
  type SignerCheck,
} from '@paraphe/contracts';
import { toPem } from '@paraphe/signing';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isBillingComplete } from '../billing/index.ts';
import { companiesAndPacks, getApplication } from '../tenants/index.ts';
import { findUserById } from '../users/index.ts';
import { activationQueue } from './activation.ts';
import { recordStep } from './events.ts';
import { decryptDocument, encryptDocument } from './keys.ts';
import { isUsable, presentCertificate, presentForOperator } from './presenter.ts';
import * as repo from './repository.ts';
import type { StoredIdentityDocument } from './schema.ts';

/** The holder's and the operator's calls (docs/qualified.md). */
interface Options {
  platform: Platform;
  actor: Actor;
}

const MONTH = 30 * 24 * 60 * 60 * 1000;
const by = (actor: Actor) => ({ actorUserId: actor.realUserId, ip: actor.ip });

export async function myCertificates({ platform, actor }: Options) {
  const rows = await platform.database.inTenant(actor.appId, (tx) => repo.certificatesOfUser(tx, actor.appId, actor.userId));
  return rows.map((row) => presentCertificate(row, platform.clock()));
}

/**
 * Spec §5: ordering needs a mobile phone in the profile and the tenant's billing settings completed. One order in
 * progress per holder; a holder with a usable certificate orders again only as a renewal of it.
 */
export async function orderCertificate({ platform, actor, renewsId }: Options & { renewsId?: string }) {
  return platform.database.inTenant(actor.appId, async (tx) => {
    const user = await findUserById(tx, actor.userId);
    if (!user || user.appId !== actor.appId) throw notFound('User');
    if (!user.mobile?.trim()) throw new AppError('MOBILE_REQUIRED');
    if (!(await isBillingComplete(tx, actor.appId))) {
      throw new AppError('BILLING_PROFILE_REQUIRED', 'Ordering a qualified certificate needs the billing settings completed: fill them in Settings → Billing.');
    }
    const mine = await repo.certificatesOfUser(tx, actor.appId, actor.userId);
    if (mine.some((c) => c.status === 'open' || c.status === 'verified'))
      throw new AppError('CONFLICT', 'An order is already in progress: complete it or wait for the operator.');
    const renewed = renewsId ? mine.find((c) => c.id === renewsId) : undefined;
    if (renewsId && (!renewed || !['activated', 'expired'].includes(renewed.status))) throw notFound('Certificate to renew');
    const now = platform.clock();
    if (!renewed && mine.some((c) => isUsable(c, now)))
      throw new AppError('CONFLICT', 'You already hold a usable qualified certificate: renewal is offered 30 days before its end or from 45 signatures used.');
    // A renewal reuses identity documents verified less than 12 months ago: the operator checks a recent identity.
    const reuse = renewed?.identityVerifiedAt && now.getTime() - renewed.identityVerifiedAt.getTime() < rules.documentReuseMonths * MONTH;
    const row = await repo.insertCertificate(tx, {
      appId: actor.appId,
      userId: user.id,
      status: 'open',
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      mobile: user.mobile,
      provider: platform.config.qtsp ? 'csc' : 'local',
      documents: reuse ? renewed.documents : [],
      renewsId: renewed?.id ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await recordStep(tx, platform, row, 'certificate.ordered', { renewsId: row.renewsId }, by(actor));
    return presentCertificate(row, now);
  });
}

async function ownOpenOrder(tx: Tx, actor: Actor, id: string): Promise<repo.CertificateRow> {
  const row = await repo.findCertificate(tx, actor.appId, id, { lock: true });
  if (!row || row.userId !== actor.userId) throw notFound('Certificate');
  if (row.status !== 'open' || row.submittedAt) throw new AppError('CONFLICT', 'This order is no longer open to changes.');
  return row;
}

export async function uploadIdentityDocument({
  platform,
  actor,
  id,
  kind,
  file,
}: Options & { id: string; kind: IdentityDocumentKind; file: { fileName: string; data: Buffer } }) {
  const contentType = documentOrImageType(file.data);
  if (!contentType) throw new AppError('INVALID_FILE_TYPE', 'Identity documents are PDF, JPEG or PNG files.');
  if (file.data.length > identityDocumentMaxBytes) throw new AppError('FILE_TOO_LARGE');
  // Checked before anything is written: a refused upload leaves no file behind.
  await platform.database.inTenant(actor.appId, (tx) => ownOpenOrder(tx, actor, id));
  const docId = randomUUID();
  const storageKey = `certificates/${actor.appId}/${id}/${docId}.bin`;
  await platform.storage.put(storageKey, encryptDocument(platform, file.data));
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await ownOpenOrder(tx, actor, id);
    const document: StoredIdentityDocument = {
      id: docId,
      kind,
      fileName: file.fileName.slice(0, 200),
      contentType,
      sizeBytes: file.data.length,
      sha256: createHash('sha256').update(file.data).digest('hex'),
      storageKey,
      uploadedAt: platform.clock().toISOString(),
    };
    // A new document of a kind replaces the previous one (the storage sweep removes the old file).
    const documents = [...row.documents.filter((d) => d.kind !== kind), document];
    const updated = await repo.updateCertificate(tx, id, { documents, identityVerifiedAt: null, updatedAt: platform.clock() });
    return presentCertificate(updated, platform.clock());
  });
}

export const documentsComplete = (documents: Pick<StoredIdentityDocument, 'kind'>[]) => {
  const kinds = new Set(documents.map((d) => d.kind));
  return kinds.has('passport') || (kinds.has('idFront') && kinds.has('idBack'));
};

export async function submitOrder({ platform, actor, id }: Options & { id: string }) {
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await ownOpenOrder(tx, actor, id);
    if (!documentsComplete(row.documents)) throw new AppError('CERTIFICATE_DOCUMENTS_MISSING');
    const now = platform.clock();
    const updated = await repo.updateCertificate(tx, id, { submittedAt: now, updatedAt: now });
    await recordStep(tx, platform, updated, 'certificate.submitted', {}, by(actor));
    return presentCertificate(updated, now);
  });
}

/** The public certificate (spec §8 "certificate not available" before activation). */
export async function certificateFile({ platform, actor, id, format }: Options & { id: string; format: 'pem' | 'der' }) {
  const row = await platform.database.inTenant(actor.appId, (tx) => repo.findCertificate(tx, actor.appId, id));
  if (!row || row.userId !== actor.userId) throw notFound('Certificate');
  if (!row.certificate) throw new AppError('CERTIFICATE_NOT_AVAILABLE');
  const der = Buffer.from(row.certificate, 'base64');
  const fileName = `certificate-${row.serialNumber ?? row.id}`;
  return format === 'der'
    ? { fileName: `${fileName}.cer`, contentType: 'application/pkix-cert', body: der }
    : {
        fileName: `${fileName}.pem`,
        contentType: 'application/x-pem-file',
        body: Buffer.from([row.certificate, ...(row.chain ?? [])].map((c) => toPem(Buffer.from(c, 'base64'))).join('')),
      };
}

/** The level-3 form's check of one signer: same tenant, by e-mail. */
export async function checkSigner({ platform, actor, email }: Options & { email: string }): Promise<SignerCheck> {
  const rows = await platform.database.inTenant(actor.appId, (tx) => repo.latestByEmail(tx, actor.appId, email));
  const now = platform.clock();
  const usable = rows.find((r) => isUsable(r, now));
  const shown = usable ?? rows[0];
  return {
    email,
    usable: !!usable,
    status: shown?.status ?? null,
    signaturesLeft: usable ? rules.maxSignatures - usable.signaturesUsed : 0,
    expiresAt: shown?.notAfter?.toISOString() ?? null,
  };
}

// ------------------------------------------------------------------ the operator (product administrator)

export async function operatorQueue({ platform, query }: { platform: Platform; query: { status?: CertificateStatus; limit: number; offset: number } }) {
  const { rows, total } = await platform.database.inSystem((tx) => repo.operatorQueue(tx, query));
  const companies = await platform.database.inSystem((tx) => companiesAndPacks(tx, [...new Set(rows.map((r) => r.appId))]));
  return { rows: rows.map((r) => presentForOperator(r, companies.get(r.appId)?.company ?? '', platform.clock())), total };
}

async function operatorRow(tx: Tx, id: string, lock = false) {
  const row = await repo.findCertificate(tx, null, id, { lock });
  if (!row) throw notFound('Certificate');
  return row;
}

export async function operatorDetail({ platform, id }: { platform: Platform; id: string }) {
  return platform.database.inSystem(async (tx) => {
    const row = await operatorRow(tx, id);
    return presentForOperator(row, (await getApplication(tx, row.appId)).company, platform.clock());
  });
}

export async function operatorDocument({ platform, id, docId }: { platform: Platform; id: string; docId: string }) {
  const row = await platform.database.inSystem((tx) => operatorRow(tx, id));
  const document = row.documents.find((d) => d.id === docId);
  if (!document) throw notFound('Document');
  return { fileName: document.fileName, contentType: document.contentType, body: decryptDocument(platform, await platform.storage.get(document.storageKey)) };
}

/** Verify (→ verified, activation queued) or reject with a reason (→ rejected), only a submitted open order. */
export async function decide({ platform, actor, id, input }: Options & { id: string; input: CertificateDecisionInput }) {
  return platform.database.inSystem(async (tx) => {
    const row = await operatorRow(tx, id, true);
    if (row.status !== 'open' || !row.submittedAt) throw new AppError('CONFLICT', 'Only a submitted order awaiting verification can be decided.');
    const now = platform.clock();
    let updated: repo.CertificateRow;
    if (input.decision === 'verify') {
      updated = await repo.updateCertificate(tx, id, {
        status: 'verified',
        verifiedAt: now,
        verifiedBy: actor.realUserId,
        identityVerifiedAt: now,
        updatedAt: now,
      });
      await recordStep(tx, platform, updated, 'certificate.identity_verified', {}, by(actor));
      await platform.jobs.enqueue(tx, activationQueue, { appId: row.appId, certificateId: id });
    } else {
      updated = await repo.updateCertificate(tx, id, { status: 'rejected', refusedAt: now, refusalReason: input.reason, updatedAt: now });
      await recordStep(tx, platform, updated, 'certificate.identity_rejected', { reason: input.reason }, by(actor));
    }
    return presentForOperator(updated, (await getApplication(tx, row.appId)).company, now);
  });
}
