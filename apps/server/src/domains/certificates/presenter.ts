import { qualifiedCertificateRules as rules, type OperatorCertificate, type QualifiedCertificate } from '@paraphe/contracts';
import { iso } from '../../platform/http/envelope.ts';
import type { CertificateRow } from './repository.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Renewal is offered from 30 days before expiry or from 45 signatures used (spec §9: 4 years, 50 signatures). */
export function isRenewalDue(row: Pick<CertificateRow, 'status' | 'notAfter' | 'signaturesUsed'>, now: Date): boolean {
  if (row.status !== 'activated' || !row.notAfter) return false;
  return row.notAfter.getTime() - now.getTime() <= rules.renewalDaysBefore * DAY || row.signaturesUsed >= rules.renewalFromSignatures;
}

/** Usable now: activated, not past its end, signatures left. */
export function isUsable(row: Pick<CertificateRow, 'status' | 'notAfter' | 'signaturesUsed'>, now: Date): boolean {
  return row.status === 'activated' && !!row.notAfter && row.notAfter.getTime() > now.getTime() && row.signaturesUsed < rules.maxSignatures;
}

export function presentCertificate(row: CertificateRow, now: Date): QualifiedCertificate {
  return {
    id: row.id,
    status: row.status,
    userId: row.userId,
    email: row.email,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    mobile: row.mobile,
    requestedAt: row.createdAt.toISOString(),
    submittedAt: iso(row.submittedAt),
    readyAt: iso(row.activatedAt),
    refusedAt: iso(row.refusedAt),
    refusalReason: row.refusalReason,
    expiresAt: iso(row.notAfter),
    expiredAt: iso(row.expiredAt),
    endReason: row.endReason,
    serialNumber: row.serialNumber,
    issuer: row.issuer,
    provider: row.provider,
    signaturesUsed: row.signaturesUsed,
    signaturesLeft: row.status === 'activated' ? Math.max(0, rules.maxSignatures - row.signaturesUsed) : 0,
    renewalDue: isRenewalDue(row, now),
    renewsId: row.renewsId,
    documents: row.documents.map(({ storageKey: _, sha256: __, ...d }) => d),
  };
}

export function presentForOperator(row: CertificateRow, company: string, now: Date): OperatorCertificate {
  return { ...presentCertificate(row, now), appId: row.appId, company };
}
