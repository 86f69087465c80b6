import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { OutboxAttachment } from '../../platform/db/schema/index.ts';
import { brandingOf, displayCompanyOf } from '../tenants/index.ts';
import { signedCopiesLink, signingLink, type RequestContext, type DocumentVersionView } from '../signatures/index.ts';
import { publicBaseUrl } from '../custom-domains/index.ts';

/**
 * Sends the signed documents at completion, per the request options: requester (toRequester), signers who
 * signed (toSigners), observers (toObservers), copies (sendCopy → finalDocCCeMails). Up to MAIL_ATTACHMENT_MAX_MB
 * in total (10 MB by default) they are attached (the outbox keeps storage references); above, participants get a
 * link to their signing page (which offers the downloads), the requester a link to the request in the
 * back-office, and copies, which have no page of their own, a signed link to a ZIP of the documents valid
 * `copyLinkDays` days (GET /api/public/copies/:token).
 */
export const copyLinkDays = 30;

interface Recipient {
  email: string;
  name: string;
  language: string;
  /** Where to download when the files are too big to attach. */
  link: string;
}

export async function deliverSignedDocuments(
  tx: Tx,
  platform: Platform,
  ctx: RequestContext,
  opts: { documents: { fileName: string; version: DocumentVersionView }[]; owner: { email: string; name: string; language: string } | null },
) {
  const { request, application, signers } = ctx;
  if (!opts.documents.length) return;
  const { signedDocuments, finalDocCCeMails, language } = request.options;
  const pageLink = (signerId: string) =>
    signingLink(platform, { appId: application.id, requestId: request.id, signerId, expiresAt: request.expiresAt ?? platform.clock() });
  const recipients: Recipient[] = [];
  if (signedDocuments.toRequester && opts.owner)
    recipients.push({ ...opts.owner, link: `${publicBaseUrl(platform, application.id, 'backoffice')}/#/signatures/${request.id}` });
  for (const s of signers) {
    const wanted = (s.role === 'signer' && s.status === 'signed' && signedDocuments.toSigners) || (s.role === 'observer' && signedDocuments.toObservers);
    if (wanted) recipients.push({ email: s.email, name: `${s.firstname} ${s.lastname}`, language: s.language, link: pageLink(s.id) });
  }
  if (signedDocuments.sendCopy) {
    const copiesLink = signedCopiesLink(platform, {
      appId: application.id,
      requestId: request.id,
      expiresAt: new Date(platform.clock().getTime() + copyLinkDays * 86_400_000),
    });
    for (const email of finalDocCCeMails) recipients.push({ email, name: email, language, link: copiesLink });
  }

  const total = opts.documents.reduce((n, d) => n + d.version.sizeBytes, 0);
  const attachments: OutboxAttachment[] | null =
    total <= platform.config.mailAttachmentMaxBytes
      ? opts.documents.map((d) => ({ fileName: d.fileName, contentType: 'application/pdf', storageKey: d.version.storageKey, sizeBytes: d.version.sizeBytes }))
      : null;
  const branding = brandingOf(application);
  const seen = new Set<string>();
  for (const r of recipients) {
    if (seen.has(r.email.toLowerCase())) continue;
    seen.add(r.email.toLowerCase());
    const params = { name: r.name, company: displayCompanyOf(application), label: request.label };
    if (attachments) {
      await platform.messaging.queueEmail(tx, {
        appId: application.id,
        to: r.email,
        language: r.language,
        branding,
        template: 'signed-documents',
        params,
        attachments,
      });
    } else {
      await platform.messaging.queueEmail(tx, {
        appId: application.id,
        to: r.email,
        language: r.language,
        branding,
        template: 'signed-documents-link',
        params: { ...params, link: r.link },
      });
    }
  }
}
