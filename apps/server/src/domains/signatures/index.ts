// The signatures domain's public surface: what the signing page (and later campaigns, operations, the public
// API) may use. Never import another file of this folder from outside it.
export { signaturesModule } from './module.ts';
/** What other domains read of a request: views, never the rows (views.ts), by named reads (reads.ts). */
export type {
  DocumentVersionView,
  PersonDocumentFile,
  PersonSignerView,
  SignatureDocumentView,
  SignatureFieldView,
  SignatureRequestView,
  SignerView,
} from './views.ts';
export { documentsOfRequests, requestForSigning, signersOfRequests, tenantOfRequest } from './reads.ts';
export { findContext, recordSignerOutcome, type RequestJob } from './workflow.ts';
/** The signing page's hand-over (option allowDelegation). */
export { delegateParticipant, delegationRefusal } from './delegation.ts';
/** The completion job (signing domain) and what its failure does to the request. */
export { completionQueue, completionRetryLimit, markCompletionFailed } from './completion-state.ts';
export type { RequestContext } from './messages.ts';
/** Campaigns and operations: their invitations' delivery figures. */
export { bulkInvitationDelivery } from './messages.ts';
export { currentParticipant, currentStep } from './chain.ts';
export { embedSigningLink, signedCopiesLink, signingLink, signingLinkToken, verifySignedCopiesLink, verifySigningLink } from './links.ts';
export { buildZip } from './archive.ts';
export { appendEvent, eventsOf, verifyEventChain, type EventOrigin, type SignatureEventType } from './evidence.ts';
export { addVersion, currentVersions, documentUnsignable, ensurePrepared, sha256Hex } from './versions.ts';
export { markCodeSent, markCompleted, markSignerOpened } from './participation.ts';
export { emitSignerEvent } from './facts.ts';
export { createSignatureRequest, type RequestProvenance } from './service.ts';
/** The request templates domain: a request as something to make again. */
export { requestBlueprint, type RequestBlueprint } from './blueprint.ts';
/** The template editor's tenant context (embedded or not). */
export { editorContext } from './drafts.ts';
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
} from './bulk.ts';
export { assertLevelAndOptions } from './workflow.ts';
/** Options.stampBeforeSigning for campaigns: the shared documents sealed once, before a dispatch chunk. */
export { sealCopyDocuments, sealSharedDocuments, type SharedSeals } from './sealing.ts';
export { formPayload, readSignatureForm, uploadLimits } from './upload.ts';
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
  purgeRequest,
  requestsPastRetention,
  signersOfPerson,
  unfinishedRequestsOf,
  type PurgeStep,
} from './retention.ts';
