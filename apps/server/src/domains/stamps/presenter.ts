import type { Stamp, StampAccount } from '@paraphe/contracts';
import type { StampAccountRow, StampRow } from './repository.ts';

export const presentAccount = (row: StampAccountRow): StampAccount => ({
  id: row.id,
  label: row.label,
  reason: row.reason,
  isDefault: row.isDefault,
  source: row.source,
  subject: row.subject,
  issuer: row.issuer,
  notBefore: row.notBefore.toISOString(),
  notAfter: row.notAfter.toISOString(),
  createdAt: row.createdAt.toISOString(),
  warnings: row.warnings,
});

export const presentStamp = (row: StampRow): Stamp => ({
  id: row.id,
  fileName: row.fileName,
  format: row.format,
  seals: row.seals,
  sha256: row.sha256,
  sizeBytes: row.sizeBytes,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});
