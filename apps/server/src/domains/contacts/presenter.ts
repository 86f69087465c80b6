import type { Contact, ContactImport, ImportRowOutcome } from '@paraphe/contracts';
import { iso } from '../../platform/http/envelope.ts';
import type { ImportOutcomeRow, ImportRow } from './repository-import.ts';
import type { ContactRow } from './repository.ts';

export function presentContact(row: ContactRow): Contact {
  return {
    id: row.id,
    mail: row.mail,
    firstname: row.firstname,
    lastname: row.lastname,
    civility: row.civility,
    title: row.title,
    company: row.company,
    phoneNumber: row.phoneNumber,
    mobile: row.mobile,
    lang: row.lang as Contact['lang'],
    address: row.address,
    additionalAddress: row.additionalAddress,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentImport(row: ImportRow & { reasonCounts?: ContactImport['reasonCounts'] }): ContactImport {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    preview: row.preview as ContactImport['preview'],
    mapping: (row.mapping ?? null) as ContactImport['mapping'],
    ignoreFirstLine: row.ignoreFirstLine,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    imported: row.imported,
    updated: row.updated,
    skipped: row.skipped,
    warnings: row.warnings,
    ...(row.reasonCounts ? { reasonCounts: row.reasonCounts } : {}),
    domainCheck: row.domainCheck,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}

export const presentOutcome = (row: ImportOutcomeRow): ImportRowOutcome => ({ line: row.line, outcome: row.outcome, reasons: row.reasons, cells: row.cells });
