import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  tenantOfRequest,
  assertNotPurged,
  buildZip,
  currentVersions,
  documentsOfRequests,
  requestForSigning,
  verifySignedCopiesLink,
} from '../signatures/index.ts';
import { getApplication } from '../tenants/index.ts';

/**
 * GET /api/public/copies/:token: the signed documents of a completed request as one ZIP, for the copies
 * (finalDocCCeMails) whose mail could not carry them (delivery.ts). The link is the credential: forged →
 * LINK_INVALID, past its date → LINK_UNAVAILABLE `expired`, request deleted → `gone`, tenant suspended →
 * `suspended`. The ZIP is built in memory, uncompressed (PDFs do not shrink): the documents of one request.
 */
export async function signedCopies(platform: Platform, token: string, hostAppId: string | null = null): Promise<{ fileName: string; body: Uint8Array }> {
  const { requestId } = verifySignedCopiesLink(platform, token);
  const unavailable = (reason: 'gone' | 'suspended') => new AppError('LINK_UNAVAILABLE', undefined, { details: { reason } });
  const appId = await platform.database.inSystem((tx) => tenantOfRequest(tx, requestId));
  if (!appId) throw unavailable('gone');
  // On a tenant's own domain, another tenant's link is unknown (as signing links: access.ts resolveLink).
  if (hostAppId && hostAppId !== appId) throw new AppError('LINK_INVALID', 'This download link is not valid.');
  const { label, files } = await platform.database.inTenant(appId, async (tx) => {
    if (!(await getApplication(tx, appId)).enabled) throw unavailable('suspended');
    const request = await requestForSigning(tx, appId, requestId);
    if (!request) throw unavailable('gone');
    if (request.status !== 'completed') throw new AppError('DOCUMENT_NOT_READY');
    assertNotPurged(request.documentsPurgedAt);
    const documents = await documentsOfRequests(tx, appId, [requestId]);
    const versions = await currentVersions(
      tx,
      appId,
      documents.map((d) => d.id),
    );
    return {
      label: request.label,
      files: documents.flatMap((d) => (versions.get(d.id)?.kind === 'completed' ? [{ fileName: d.fileName, storageKey: versions.get(d.id)!.storageKey }] : [])),
    };
  });
  const body = buildZip(await Promise.all(files.map(async (f) => ({ fileName: f.fileName, data: await platform.storage.get(f.storageKey) }))));
  return { fileName: `${label}.zip`, body };
}
