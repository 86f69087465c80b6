import type { Executor } from '../../platform/db/client.ts';
import * as repo from './repository.ts';
import type { SignatureDocumentView, SignatureRequestView, SignerView } from './views.ts';

/**
 * The reads other domains make of requests (the signing page, the CRM write-back, surveys), tenant-scoped, in the
 * caller's transaction: named operations returning views, so the repository's functions stay this domain's.
 */

/** The request of the tenant, or undefined (the signing page, the signed copies' download). */
export async function requestForSigning(db: Executor, appId: string, requestId: string): Promise<SignatureRequestView | undefined> {
  return repo.findRequest(db, { appId }, requestId);
}

/** The tenant a request belongs to, across tenants (a signing link names only the request). */
export async function tenantOfRequest(db: Executor, requestId: string): Promise<string | undefined> {
  return repo.appIdOfRequest(db, requestId);
}

/** The requests' signers, in signer order. */
export async function signersOfRequests(db: Executor, appId: string, requestIds: string[]): Promise<SignerView[]> {
  return repo.signersOf(db, appId, requestIds);
}

/** The requests' documents in position order, each with its fields. */
export async function documentsOfRequests(db: Executor, appId: string, requestIds: string[]): Promise<SignatureDocumentView[]> {
  return repo.documentsOf(db, appId, requestIds);
}
