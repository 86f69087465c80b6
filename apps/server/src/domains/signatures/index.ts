// The signatures domain's public surface: what the signing page (and later campaigns, operations, the public
// API) may use. Never import another file of this folder from outside it.
export { signaturesModule } from './module.ts';
export type { RequestRow, SignerRow, DocumentRow, DocumentWithFields } from './repository.ts';
/** Reads the signing page needs (tenant-scoped, in the caller's transaction). */
export { appIdOfRequest, documentsOf, findRequest, signersOf } from './repository.ts';
export { findContext, loadContext, recordSignerOutcome, type RequestJob } from './workflow.ts';
/** The completion job (signing domain) and what its failure does to the request. */
export { completionQueue, completionRetryLimit, markCompletionFailed } from './completion-state.ts';
export type { RequestContext } from './messages.ts';
/** Campaigns and operations: their invitations' delivery figures. */
export { bulkInvitationDelivery } from './messages.ts';
export { currentParticipant, currentStep } from './chain.ts';
export { signedCopiesLink, signingLink, signingLinkToken, verifySignedCopiesLink, verifySigningLink } from './links.ts';
export { buildZip } from './archive.ts';
export { appendEvent, eventsOf, verifyEventChain, canonicalJson, type EventOrigin, type SignatureEventType } from './evidence.ts';
export { addVersion, currentVersions, documentUnsignable, ensurePrepared, sha256Hex, testModeText, type VersionRow } from './versions.ts';
export { markCodeSent, markCompleted, markSignerOpened } from './participation.ts';
export { emitRequestEvent, emitSignerEvent } from './facts.ts';
export { createSignatureRequest } from './service.ts';
export { defaultFieldsFor, inspectPdf, prepareDocuments, type PreparedDocument, type ReceivedFile, type UploadLimits } from './intake.ts';
/** Campaigns and operations: many requests at once in the caller's transaction, the shared pacing budget, and bulk cancel / relaunch / archive reads. */
export {
  assertBulkSendable,
  cancelRequests,
  completedFiles,
  createSentRequests,
  dispatchAllowance,
  relaunchRequests,
  type BulkCopy,
  type BulkCreated,
  type BulkDocument,
  type BulkRecipient,
  type BulkSigner,
} from './bulk.ts';
export { assertLevelAndOptions } from './workflow.ts';
/** Options.stampBeforeSigning for campaigns: the shared documents sealed once, before a dispatch chunk. */
export { sealCopyDocuments, sealSharedDocuments, type SharedDocument, type SharedSeals } from './sealing.ts';
export { formPayload, readSignatureForm } from './upload.ts';
/** The super dashboard: reminders and expiries of one day across tenants. */
export { sweepOutlook } from './outlook.ts';
/** The public API (apikeys domain): the same reads and actions as the back office's routes, for its technical user. */
export { actOnSignatureRequest, getSignatureRequest, listSignatureRequests, signatureRequestStatus, type RequestView } from './service.ts';
export { presentRequest, progressOf } from './presenter.ts';
/** The one-box search (search domain): requests the actor sees, by label or signer. */
export { searchSignatureRequests } from './service.ts';
/** The GDPR domain's retention purge, subject access export and erasure (docs/gdpr.md). */
export {
  assertNotPurged,
  documentFilesOf,
  emailsUsedSince,
  eraseSigner,
  erasedIdentity,
  finishedStatuses,
  purgeRequest,
  requestsPastRetention,
  signerRowsOf,
  unfinishedRequestsOf,
  type PurgeStep,
} from './retention.ts';
