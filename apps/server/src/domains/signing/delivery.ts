import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { OutboxAttachment } from '../../platform/db/schema/index.ts';
import { brandingOf } from '../tenants/index.ts';
import { signingLink, type RequestContext, type VersionRow } from '../signatures/index.ts';

/**
 * Sends the signed documents at completion, per the request options: requester (toRequester), signers who
 * signed (toSigners), observers (toObservers), copies (sendCopy → finalDocCCeMails). Up to 10 MB in total they
 * are attached (the outbox keeps storage references); above, participants get a link to their signing page
 * (which offers the downloads) and the requester a link to the request in the back-office. Copies have no page
 * of their own: above the limit they get nothing attached and no link (the requester forwards them).
 */
export const maxAttachmentBytes = 10 * 1024 * 1024;

interface Recipient {
  email: string;
  name: string;
  language: string;
  /** Where to download when the files are too big to attach; null: nowhere. */
  link: string | null;
}

export async function deliverSignedDocuments(
  tx: Tx,
  platform: Platform,
  ctx: RequestContext,
  opts: { documents: { fileName: string; version: VersionRow }[]; owner: { email: string; name: string; language: string } | null },
) {
  const { request, application, signers } = ctx;
  if (!opts.documents.length) return;
  const { signedDocuments, finalDocCCeMails, language } = request.options;
  const pageLink = (signerId: string) => signingLink(platform, { requestId: request.id, signerId, expiresAt: request.expiresAt ?? platform.clock() });
  const recipients: Recipient[] = [];
  if (signedDocuments.toRequester && opts.owner) recipients.push({ ...opts.owner, link: `${platform.config.publicUrl}/#/signatures/${request.id}` });
  for (const s of signers) {
    const wanted = (s.role === 'signer' && s.status === 'signed' && signedDocuments.toSigners) || (s.role === 'observer' && signedDocuments.toObservers);
    if (wanted) recipients.push({ email: s.email, name: `${s.firstname} ${s.lastname}`, language: s.language, link: pageLink(s.id) });
  }
  if (signedDocuments.sendCopy) for (const email of finalDocCCeMails) recipients.push({ email, name: email, language, link: null });

  const total = opts.documents.reduce((n, d) => n + d.version.sizeBytes, 0);
  const attachments: OutboxAttachment[] | null =
    total <= maxAttachmentBytes
      ? opts.documents.map((d) => ({ fileName: d.fileName, contentType: 'application/pdf', storageKey: d.version.storageKey, sizeBytes: d.version.sizeBytes }))
      : null;
  const branding = brandingOf(application);
  const seen = new Set<string>();
  for (const r of recipients) {
    if (seen.has(r.email.toLowerCase())) continue;
    seen.add(r.email.toLowerCase());
    const params = { name: r.name, company: application.company, label: request.label };
    if (attachments) {
      await platform.messaging.queueEmail(tx, { appId: application.id, to: r.email, language: r.language, branding, template: 'signed-documents', params, attachments });
    } else if (r.link) {
      await platform.messaging.queueEmail(tx, { appId: application.id, to: r.email, language: r.language, branding, template: 'signed-documents-link', params: { ...params, link: r.link } });
    } else {
      platform.logger.warn({ requestId: request.id }, 'signed documents too large to attach: no copy sent to a finalDocCCeMails address');
    }
  }
}
