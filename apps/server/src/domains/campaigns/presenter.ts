import { campaignAllowedActions, fieldSizeOf, signatoryColumns, type Campaign, type Signatory, type SignatoryImport } from '@paraphe/contracts';
import { iso } from '../../platform/http/envelope.ts';
import { exportRows, holderDates, holderProgress, percentOf, type Options } from '../bulk/index.ts';
import { campaignKind } from './dispatch.ts';
import type { ImportRow } from './import.ts';
import { mappingOf } from './mailMerge.ts';
import { countsOf, type CampaignDocumentRow, type CampaignRow, type SignatoryRow } from './repository.ts';
import { findVisible } from './service.ts';

/** Dispatch progress: copies made over the signatories to send, the rate since the send, the time left at that rate. */
export const progressOf = (row: CampaignRow, now: Date): Campaign['progress'] =>
  holderProgress(row, { total: row.signatoryCount - row.nDraft, queued: row.nQueued }, now);

export function presentDocument(d: CampaignDocumentRow): NonNullable<Campaign['documents']>[number] {
  return {
    id: d.id,
    title: d.title,
    documentType: d.documentType,
    fileType: 'classic',
    fileName: d.fileName,
    checkBoxTexts: d.checkBoxTexts,
    signatureFields: d.fields.map((f) => ({ page: f.page, name: f.name, x: f.x, y: f.y, ...fieldSizeOf(f), signerIndex: f.signerIndex })),
    sizeBytes: d.sizeBytes,
    sha256: d.sha256,
    pageCount: d.pageCount,
    createdAt: d.createdAt.toISOString(),
  };
}

/** The merge document as the view shows it. */
function presentMerge(row: CampaignRow, generated: number): Pick<Campaign, 'mergeDocument' | 'mergeColumns'> {
  if (row.type !== 'publipostage') return {};
  const m = row.mergeDocument;
  return {
    mergeDocument: m
      ? {
          templateId: m.templateId,
          templateFileName: m.templateFileName,
          variables: m.variables,
          title: m.title,
          documentType: m.documentType,
          checkBoxTexts: m.checkBoxTexts,
          mapping: mappingOf(m, row.dataKeys), // what the merge will use: unmapped variables found by column name
          signatureFields: m.signatureFields.map((f) => ({ page: f.page, name: f.name, x: f.x, y: f.y, ...fieldSizeOf(f), signerIndex: f.signerIndex })),
          generated,
        }
      : null,
    mergeColumns: [...signatoryColumns, ...row.dataKeys.filter((k) => !(signatoryColumns as readonly string[]).includes(k))],
  };
}

/** `documents` null: the light form (lists); `generated`: mail-merge PDFs made (the view). */
export function presentCampaign(row: CampaignRow, documents: CampaignDocumentRow[] | null, now: Date, generated = 0): Campaign {
  return {
    id: row.id,
    type: row.type,
    label: row.label,
    description: row.description,
    status: row.status,
    level: row.level,
    options: row.options,
    owner: row.ownerUserId && row.ownerName ? { id: row.ownerUserId, name: row.ownerName } : null,
    signatoryCount: row.signatoryCount,
    counts: countsOf(row),
    progress: progressOf(row, now),
    ...holderDates(row),
    ...(documents ? { documents: documents.map(presentDocument), ...presentMerge(row, generated) } : {}),
    allowedActions: campaignAllowedActions(row.status),
  };
}

export function presentSignatory(s: SignatoryRow): Signatory {
  return {
    id: s.id,
    rowIndex: s.rowIndex,
    firstname: s.firstname,
    lastname: s.lastname,
    emailAddress: s.email,
    phoneNum: s.phone,
    language: s.language as Signatory['language'],
    data: s.data,
    connector: s.connectorIdc ? { idc: s.connectorIdc } : null,
    status: s.status,
    requestId: s.requestId,
    error: s.error,
    attempts: s.attempts,
    sentAt: iso(s.sentAt),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function statisticsOf(row: CampaignRow, now: Date) {
  const counts = countsOf(row);
  const sent = row.dispatched;
  const opened = counts.opened + counts.signed + counts.refused;
  const pending = counts.sent + counts.opened;
  return {
    total: row.signatoryCount,
    counts,
    sent,
    opened,
    signed: counts.signed,
    refused: counts.refused,
    expired: counts.expired,
    failed: counts.failed,
    canceled: counts.canceled,
    pending,
    percent: {
      opened: percentOf(opened, sent),
      signed: percentOf(counts.signed, sent),
      refused: percentOf(counts.refused, sent),
      expired: percentOf(counts.expired, sent),
      canceled: percentOf(counts.canceled, row.signatoryCount),
      pending: percentOf(pending, sent),
      failed: percentOf(counts.failed, row.signatoryCount),
    },
    progress: progressOf(row, now),
  };
}

export function presentImport(row: ImportRow): SignatoryImport {
  return {
    id: row.id,
    campaignId: row.campaignId,
    fileName: row.fileName,
    status: row.status,
    preview: row.preview,
    mapping: row.mapping,
    ignoreFirstLine: row.ignoreFirstLine,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    imported: row.imported,
    skipped: row.skipped,
    warnings: row.warnings,
    rows: row.rows,
    domainCheck: row.domainCheck,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}

/** The signatories and their status as an .xlsx file (the bulk engine's streamed export). */
export const exportSignatories = (opts: Options & { id: string }) =>
  exportRows(opts, findVisible, campaignKind, {
    name: 'Signatories',
    columns: [
      { header: 'Last name', key: 'lastname', width: 24 },
      { header: 'First name', key: 'firstname', width: 24 },
      { header: 'E-mail', key: 'email', width: 36 },
      { header: 'Mobile', key: 'phone', width: 18 },
      { header: 'Language', key: 'language', width: 10 },
    ],
    rowOf: (s) => ({ lastname: s.lastname, firstname: s.firstname, email: s.email, phone: s.phone, language: s.language }),
    fileName: (campaign) => `${campaign.label}-signatories.xlsx`,
  });
