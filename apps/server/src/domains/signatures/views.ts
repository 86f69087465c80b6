import type { CertificationLevel, SignatureOptions, SignatureStatus, SignerRole, SignerStatus } from '@paraphe/contracts';
import type { DocumentVersionKind, PreparedFieldRow, RequestSource } from './schema.ts';

/**
 * What other domains read of a signature request: plain views, written out here so that the public surface does
 * not change when a column is added (the repository's rows are checked against them where they are returned:
 * reads.ts). The tables stay this domain's own.
 */

export interface SignatureRequestView {
  id: string;
  appId: string;
  ownerUserId: string | null;
  /** The requester's display name (null once their account was deleted). */
  ownerName: string | null;
  label: string;
  description: string | null;
  status: SignatureStatus;
  level: CertificationLevel;
  testMode: boolean;
  options: SignatureOptions;
  sentAt: Date | null;
  expiresAt: Date | null;
  completedAt: Date | null;
  canceledAt: Date | null;
  archiveKey: string | null;
  archiveGeneratedAt: Date | null;
  attestationKey: string | null;
  completionFailure: string | null;
  source: RequestSource;
  sourceId: string | null;
  searchText: string;
  documentsPurgedAt: Date | null;
  signerDataPurgedAt: Date | null;
  evidencePurgedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SignerView {
  id: string;
  appId: string;
  requestId: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  language: string;
  role: SignerRole;
  coSigner: boolean;
  connectorIdc: string | null;
  signerIndex: number;
  step: number | null;
  invitationMessage: string | null;
  refusalComment: string | null;
  status: SignerStatus;
  actionAt: Date | null;
  invitedAt: Date | null;
  mailReminders: number;
  smsReminders: number;
  lastReminderAt: Date | null;
  nextMailReminderAt: Date | null;
  nextSmsReminderAt: Date | null;
  cancelNotifiedAt: Date | null;
  delegatedToSignerId: string | null;
  delegationReason: string | null;
  delegatedAt: Date | null;
  delegationIp: string | null;
  delegatedFromSignerId: string | null;
  createdAt: Date;
}

export interface SignatureFieldView {
  id: string;
  appId: string;
  documentId: string;
  page: number;
  name: string;
  x: number;
  y: number;
  width: number | null;
  height: number | null;
  signerIndex: number;
}

export interface SignatureDocumentView {
  id: string;
  appId: string;
  requestId: string;
  position: number;
  title: string;
  documentType: 'pdf' | 'pdf-for-presentation' | 'pdf-optional';
  fileType: 'classic' | 'zip' | 'publi';
  fileName: string;
  checkBoxTexts: string[];
  storageKey: string;
  sha256: string;
  pageCount: number;
  sizeBytes: number;
  createdAt: Date;
  fields: SignatureFieldView[];
}

export interface DocumentVersionView {
  id: string;
  appId: string;
  documentId: string;
  version: number;
  kind: DocumentVersionKind;
  signerId: string | null;
  storageKey: string;
  sha256: string;
  sizeBytes: number;
  fields: PreparedFieldRow[];
  createdAt: Date;
}

/** A person's signer entry with its request, as their access export (GDPR art. 15) shows it (a type: a sheet's row). */
export type PersonSignerView = {
  requestId: string;
  requestLabel: string;
  requestStatus: SignatureStatus;
  requestCreatedAt: Date;
  requestCompletedAt: Date | null;
  documentsPurgedAt: Date | null;
  signerId: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  language: string;
  role: SignerRole;
  status: SignerStatus;
  invitedAt: Date | null;
  actionAt: Date | null;
  refusalComment: string | null;
};

/** One file of a person's export: the signed (else original) document of a request. */
export interface PersonDocumentFile {
  requestId: string;
  fileName: string;
  storageKey: string;
}
