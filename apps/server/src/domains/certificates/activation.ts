import { describeCertificate } from '@paraphe/signing';
import { qualifiedCertificateRules as rules } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { defineJob } from '../../platform/modules.ts';
import { trustServices } from '../pki/index.ts';
import { getApplication } from '../tenants/index.ts';
import { recordStep } from './events.ts';
import { newKeySalt, sealCertificateKey } from './keys.ts';
import { isRenewalDue } from './presenter.ts';
import { cscClientOf } from './provider.ts';
import * as repo from './repository.ts';

/**
 * Activation (verified → activated) and the daily lifecycle (expiry, end of the 50 signatures, renewal notices).
 * docs/qualified.md.
 */
export const activationQueue = 'certificate-activation';
export const lifecycleQueue = 'certificate-lifecycle';

interface ActivationJob {
  appId: string;
  certificateId: string;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** What the activated row gets: the certificate, and the sealed key (local) or the QTSP credential (csc). */
async function issue(platform: Platform, row: repo.CertificateRow): Promise<Partial<repo.CertificateRow>> {
  const csc = row.provider === 'csc' ? cscClientOf(platform) : null;
  if (csc) {
    const [credentialId] = await csc.listCredentials(row.email);
    if (!credentialId) throw new AppError('CERTIFICATE_CREATION_FAILED', `The QTSP has no credential for ${row.email}.`);
    const info = await csc.credentialInfo(credentialId);
    return { credentialId, certificate: b64(info.certificate), chain: info.chain.map(b64) };
  }
  const identity = await trustServices(platform).personalIdentity({
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    keyAlgorithm: 'RSA-2048',
    validityDays: rules.validityDays,
  });
  const keySalt = newKeySalt();
  return { certificate: b64(identity.certificate), chain: identity.chain.map(b64), keySalt, sealedKey: await sealCertificateKey(platform, identity, keySalt) };
}

export async function activateCertificate(platform: Platform, { appId, certificateId }: ActivationJob): Promise<void> {
  const row = await platform.database.inTenant(appId, (tx) => repo.findCertificate(tx, appId, certificateId));
  if (row?.status !== 'verified') return; // done already, or decided otherwise
  let issued: Partial<repo.CertificateRow>;
  try {
    issued = await issue(platform, row);
  } catch (error) {
    platform.logger.error({ err: error, certificateId }, 'certificates: the qualified certificate could not be created');
    throw error;
  }
  const description = describeCertificate(Buffer.from(issued.certificate!, 'base64'));
  await platform.database.inTenant(appId, async (tx) => {
    const current = await repo.findCertificate(tx, appId, certificateId, { lock: true });
    if (current?.status !== 'verified') return;
    const now = platform.clock();
    const updated = await repo.updateCertificate(tx, certificateId, {
      ...issued,
      status: 'activated',
      activatedAt: now,
      serialNumber: description.serialHex,
      issuer: description.issuer,
      notAfter: description.notAfter,
      signaturesUsed: 0,
      updatedAt: now,
    });
    const application = await getApplication(tx, appId);
    await recordStep(
      tx,
      platform,
      updated,
      'certificate.activated',
      {
        serialNumber: description.serialHex,
        expiresAt: description.notAfter.toISOString(),
        ownerUserId: updated.userId,
        testMode: application.testMode,
      },
      { actorUserId: null },
    );
  });
}

/** Ends a certificate: by date ('expired' event) or by its 50 signatures used (lifecycle 'completed'). */
export async function endCertificate(tx: Tx, platform: Platform, row: repo.CertificateRow, reason: 'date' | 'signatures') {
  const now = platform.clock();
  const ended = await repo.updateCertificate(tx, row.id, { status: 'expired', expiredAt: now, endReason: reason, updatedAt: now });
  await recordStep(tx, platform, ended, reason === 'date' ? 'certificate.expired' : 'certificate.completed', {}, { actorUserId: null });
  return ended;
}

export async function noticeRenewal(tx: Tx, platform: Platform, row: repo.CertificateRow) {
  const updated = await repo.updateCertificate(tx, row.id, { renewalNotifiedAt: platform.clock() });
  await recordStep(
    tx,
    platform,
    updated,
    'certificate.renewal_due',
    {
      signaturesLeft: Math.max(0, rules.maxSignatures - row.signaturesUsed),
      expiresAt: row.notAfter!.toISOString(),
    },
    { actorUserId: null },
  );
}

/** The daily job: every tenant, each certificate in its own tenant transaction (re-read under lock). */
export async function runCertificateLifecycle(platform: Platform): Promise<{ ended: number; renewalNotices: number }> {
  const now = platform.clock();
  const due = await platform.database.inSystem((tx) => repo.dueForExpiry(tx, now, rules.maxSignatures));
  let ended = 0;
  for (const candidate of due) {
    await platform.database.inTenant(candidate.appId, async (tx) => {
      const row = await repo.findCertificate(tx, candidate.appId, candidate.id, { lock: true });
      if (row?.status !== 'activated') return;
      const byDate = !!row.notAfter && row.notAfter.getTime() <= now.getTime();
      if (!byDate && row.signaturesUsed < rules.maxSignatures) return;
      await endCertificate(tx, platform, row, byDate ? 'date' : 'signatures');
      ended++;
    });
  }
  const window = new Date(now.getTime() + rules.renewalDaysBefore * 24 * 60 * 60 * 1000);
  const renewals = await platform.database.inSystem((tx) => repo.dueForRenewalNotice(tx, window, rules.renewalFromSignatures));
  let renewalNotices = 0;
  for (const candidate of renewals) {
    await platform.database.inTenant(candidate.appId, async (tx) => {
      const row = await repo.findCertificate(tx, candidate.appId, candidate.id, { lock: true });
      if (!row || row.renewalNotifiedAt || !isRenewalDue(row, now)) return;
      await noticeRenewal(tx, platform, row);
      renewalNotices++;
    });
  }
  return { ended, renewalNotices };
}

export const certificateJobs = [
  defineJob<ActivationJob>({ queue: activationQueue, retryLimit: 3, expireInSeconds: 120, run: (platform, data) => activateCertificate(platform, data) }),
  defineJob({
    queue: lifecycleQueue,
    schedule: '41 2 * * *',
    retryLimit: 1,
    expireInSeconds: 600,
    batchSize: 1,
    run: async (platform) => void (await runCertificateLifecycle(platform)),
  }),
];
