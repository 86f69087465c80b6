import {
  allowedActions,
  fieldSizeOf,
  signerDisplayName,
  type DocumentActiveContent,
  type FieldSize,
  type SignatureDocument,
  type SignatureField,
  type SignatureRequest,
  type Signer,
} from '@paraphe/contracts';
import { iso } from '../../platform/http/envelope.ts';
import type { DeliveryState } from '../../platform/messaging/service.ts';
import { signerMessagesAbout } from './messages.ts';
import type { DocumentWithFields, FieldRow, RequestRow, SignerRow } from './repository.ts';

/** The delegate a participant handed over to (their row is among the request's other participants). */
function handedOverOf(row: SignerRow, others: readonly SignerRow[]): Signer['handedOver'] {
  const to = row.delegatedToSignerId ? others.find((s) => s.id === row.delegatedToSignerId) : undefined;
  if (row.status !== 'delegated' || !to || !row.delegatedAt) return null;
  return { toSignerId: to.id, toName: signerDisplayName(to), reason: row.delegationReason ?? '', at: row.delegatedAt.toISOString() };
}
function delegatedByOf(row: SignerRow, others: readonly SignerRow[]): Signer['delegatedBy'] {
  const from = row.delegatedFromSignerId ? others.find((s) => s.id === row.delegatedFromSignerId) : undefined;
  return from ? { signerId: from.id, name: signerDisplayName(from) } : null;
}

/** `others`: the request's participants, to name who handed over to whom (delegation). */
export function presentSigner(row: SignerRow, delivery?: DeliveryState, others: readonly SignerRow[] = []): Signer {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    emailAddress: row.email,
    phoneNum: row.phone,
    language: row.language as Signer['language'],
    role: row.role,
    coSigner: row.coSigner,
    connector: row.connectorIdc ? { idc: row.connectorIdc } : null,
    signerIndex: row.signerIndex,
    step: row.step,
    invitationMessage: row.invitationMessage,
    refusalComment: row.refusalComment,
    status: row.status,
    actionAt: iso(row.actionAt),
    invitedAt: iso(row.invitedAt),
    lastReminderAt: iso(row.lastReminderAt),
    reminderCount: row.mailReminders + row.smsReminders,
    handedOver: handedOverOf(row, others),
    delegatedBy: delegatedByOf(row, others),
    lastMessage: delivery ? { channel: delivery.channel, status: delivery.status, error: delivery.error, at: delivery.at.toISOString() } : null,
  };
}

/** A stored field as the API shows it; fields stored before fields had a size get the default 150 × 60. */
export function presentField(f: FieldRow): SignatureField & FieldSize {
  return { page: f.page, name: f.name, x: f.x, y: f.y, ...fieldSizeOf(f), signerIndex: f.signerIndex };
}

/** `activeContent`: what the upload check found in it (absent when nothing was found). */
export function presentDocument(row: DocumentWithFields, activeContent?: DocumentActiveContent): SignatureDocument {
  return {
    id: row.id,
    title: row.title,
    documentType: row.documentType,
    fileType: row.fileType,
    fileName: row.fileName,
    checkBoxTexts: row.checkBoxTexts,
    signatureFields: row.fields.map(presentField),
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    pageCount: row.pageCount,
    createdAt: row.createdAt.toISOString(),
    ...(activeContent ? { activeContent } : {}),
  };
}

/** Percentages over the participants who must act (signers and validators; observers only watch). */
export function progressOf(signerRows: readonly Pick<SignerRow, 'role' | 'status'>[]) {
  // Who handed their place over counts once, through their delegate.
  const acting = signerRows.filter((s) => s.role !== 'observer' && s.status !== 'delegated');
  const percent = (n: number) => (acting.length ? Math.round((n / acting.length) * 100) : 0);
  return {
    signerCount: signerRows.length,
    percentSigned: percent(acting.filter((s) => s.status === 'signed').length),
    percentResponses: percent(acting.filter((s) => s.status === 'signed' || s.status === 'cancel').length),
  };
}

/** `detail` false (light=1): no signers nor documents, but the counts are still there. */
export function presentRequest(
  row: RequestRow,
  signerRows: SignerRow[],
  documents: DocumentWithFields[] | null,
  activeContent: ReadonlyMap<string, DocumentActiveContent> = new Map(),
  deliveries: ReadonlyMap<string, DeliveryState> = new Map(),
): SignatureRequest {
  return {
    id: row.id,
    label: row.label,
    description: row.description,
    status: row.status,
    level: row.level,
    testMode: row.testMode,
    owner: row.ownerUserId && row.ownerName ? { id: row.ownerUserId, name: row.ownerName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: iso(row.sentAt),
    expiresAt: iso(row.expiresAt),
    completedAt: iso(row.completedAt),
    canceledAt: iso(row.canceledAt),
    completionFailure: row.completionFailure,
    documentsPurgedAt: iso(row.documentsPurgedAt),
    signerDataPurgedAt: iso(row.signerDataPurgedAt),
    ...progressOf(signerRows),
    options: row.options,
    ...(documents
      ? {
          signers: signerRows.map((s) => presentSigner(s, deliveries.get(signerMessagesAbout(s.id)), signerRows)),
          documents: documents.map((d) => presentDocument(d, activeContent.get(d.id))),
        }
      : {}),
    // A send that failed has nothing to finalise: retryCompletion only after a completion failure.
    allowedActions: allowedActions(row.status).filter((a) => a !== 'retryCompletion' || row.completionFailure !== null),
  };
}
