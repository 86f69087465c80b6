import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  signatureEndpoints as endpoints,
  signatureFormParts,
  signatureRequestInputSchema,
  xlsxContentType,
  type SignatureRequestData,
} from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, iso, list } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { streamZip } from '../../platform/zip-store.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { fieldErrorsOfZod } from '../../platform/http/validation.ts';
import { draftEditorContext, updateDraftRequest } from './drafts.ts';
import { assertNotPurged } from './retention.ts';
import { inspectFile, prepareDocuments } from './intake.ts';
import { presentDocument, presentRequest, progressOf } from './presenter.ts';
import * as signatures from './service.ts';
import { exportSignedMandates, listSignedMandates } from './sepa.ts';
import { formPayload, readSignatureForm, readSingleFile, uploadLimits } from './upload.ts';

const present = (v: signatures.RequestView) => presentRequest(v.row, v.signers, v.documents, v.activeContent, v.deliveries);

/** The text parts are validated like a body: zod issues become the API's field errors. */
function parseRequestForm(payload: Record<string, unknown>): SignatureRequestData {
  const parsed = signatureRequestInputSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: fieldErrorsOfZod(parsed.error.issues) });
}

/** The signers' indexes, in order: a file sent without an entry gets one default field per signer. */
const signerIndexesOf = (data: SignatureRequestData) =>
  data.transactionSigners
    .filter((s) => s.role === 'signer')
    .map((s) => s.signerIndex)
    .sort((a, b) => a - b);

export async function signatureRoutes(app: App, platform: Platform) {
  // Multipart only where it is used: the create route, with limits per tenant given at read time.
  await app.register(async (plain) => {
    await plain.register(multipart, { throwFileSizeLimit: true });
    serve(plain.withTypeProvider<ZodTypeProvider>(), endpoints.create, async (request) => {
      const actor = requireActor(request);
      const limits = await uploadLimits(platform, actor.appId);
      const form = await readSignatureForm(request as never, limits);
      const data = parseRequestForm(formPayload(form.fields, signatureFormParts));
      const documents = await prepareDocuments({
        workers: platform.workers,
        entries: data.transactionDocuments,
        files: form.files,
        limits,
        signerIndexes: signerIndexesOf(data),
      });
      const { view, links, warnings } = await signatures.createSignatureRequest({ platform, actor, level: request.params.level, data, documents });
      return item({ ...present(view), links, ...(warnings.length ? { warnings } : {}) });
    });
    // A draft edited (drafts.ts): entries with a documentId keep their stored file, the others name new file parts.
    serve(plain.withTypeProvider<ZodTypeProvider>(), endpoints.updateDraft, async (request) => {
      const actor = requireActor(request);
      const limits = await uploadLimits(platform, actor.appId);
      const form = await readSignatureForm(request as never, limits);
      const data = parseRequestForm(formPayload(form.fields, signatureFormParts));
      // The embedded editor sends only for a key that may send (scope `send`, as POST /api/v1/requests/{id}/send).
      if (data.transactionRequest.send && request.embedDraft && !request.embedDraft.maySend)
        throw new AppError('FORBIDDEN', 'This editor link may save the draft but not send it (its API key lacks the scope "send").');
      const fresh = data.transactionDocuments.filter((entry) => !entry.documentId);
      const added = await prepareDocuments({ workers: platform.workers, entries: fresh, files: form.files, limits, signerIndexes: signerIndexesOf(data) });
      const { view, links, warnings } = await updateDraftRequest({ platform, actor, id: request.params.id, data, added });
      return item({ ...present(view), links, ...(warnings.length ? { warnings } : {}) });
    });
    // The same checks as create on one file (the request form checks each file when it is added); nothing stored.
    serve(plain.withTypeProvider<ZodTypeProvider>(), endpoints.inspectFile, async (request) => {
      const actor = requireActor(request);
      const limits = await uploadLimits(platform, actor.appId);
      return item(await inspectFile(platform.workers, await readSingleFile(request as never, limits), limits));
    });
  });

  serve(app, endpoints.list, async (request) => {
    const { query } = request;
    const { views, total, capped, nextCursor } = await signatures.listSignatureRequests({
      platform,
      actor: requireActor(request),
      query,
      after: signatures.listCursor(query),
    });
    return list(views.map(present), total, query, capped, nextCursor);
  });
  serve(app, endpoints.search, async (request) => {
    const found = await signatures.searchSignatureRequests({ platform, actor: requireActor(request), q: request.query.q, limit: request.query.limit });
    return list(found.map(present), found.length, { limit: request.query.limit, offset: 0, order: 'DESC' });
  });
  serve(app, endpoints.count, async (request) => item(await signatures.countSignatureRequests({ platform, actor: requireActor(request) })));
  serve(app, endpoints.export, async (request, reply) => {
    const xlsx = await signatures.exportSignatureRequests({ platform, actor: requireActor(request), query: request.query });
    return sendFile(reply, { fileName: `signatures-${platform.clock().toISOString().slice(0, 10)}.xlsx`, contentType: xlsxContentType, body: xlsx });
  });
  serve(app, endpoints.sepaMandates, async (request) => {
    const { mandates, total, capped } = await listSignedMandates({ platform, actor: requireActor(request), ...request.query });
    return list(mandates, total, request.query, capped);
  });
  serve(app, endpoints.sepaMandatesExport, async (request, reply) => {
    const xlsx = await exportSignedMandates({ platform, actor: requireActor(request) });
    return sendFile(reply, { fileName: `sepa-mandates-${platform.clock().toISOString().slice(0, 10)}.xlsx`, contentType: xlsxContentType, body: xlsx });
  });
  serve(app, endpoints.get, async (request) =>
    item(present(await signatures.getSignatureRequest({ platform, actor: requireActor(request), id: request.params.id }))),
  );
  serve(app, endpoints.editorContext, async (request) =>
    item(await draftEditorContext({ platform, actor: requireActor(request), id: request.params.id, expiresAt: request.embedDraft?.expiresAt ?? null })),
  );
  serve(app, endpoints.status, async (request) => {
    const { row, signers } = await signatures.signatureRequestStatus({ platform, actor: requireActor(request), id: request.params.id });
    return item({
      id: row.id,
      status: row.status,
      percentSigned: progressOf(signers).percentSigned,
      signers: signers.map((s) => ({ id: s.id, signerIndex: s.signerIndex, status: s.status, actionAt: iso(s.actionAt) })),
    });
  });
  serve(app, endpoints.act, async (request) => {
    const { view, links, relaunch } = await signatures.actOnSignatureRequest({
      platform,
      actor: requireActor(request),
      id: request.params.id,
      ...request.body,
    });
    return item({ ...present(view), links, ...(relaunch ? { relaunch } : {}) });
  });
  serve(app, endpoints.delete, async (request) => {
    await signatures.deleteSignatureRequest({ platform, actor: requireActor(request), id: request.params.id });
    return { data: { ok: true as const } };
  });
  serve(app, endpoints.duplicate, async (request) =>
    item(present(await signatures.duplicateSignatureRequest({ platform, actor: requireActor(request), id: request.params.id }))),
  );
  serve(app, endpoints.documents, async (request) =>
    item(
      await signatures
        .listDocuments({ platform, actor: requireActor(request), id: request.params.id })
        .then(({ documents, activeContent }) => documents.map((d) => presentDocument(d, activeContent.get(d.id)))),
    ),
  );
  serve(app, endpoints.document, async (request, reply) => {
    const file = await signatures.documentFile({ platform, actor: requireActor(request), id: request.params.id, documentId: request.params.docId });
    // The original may hold active content (neutralised only in the signers' version): an attachment, never inline
    // (sendFile adds the sandboxing Content-Security-Policy).
    return sendFile(reply, {
      fileName: file.fileName,
      contentType: 'application/pdf',
      body: platform.storage.stream(file.storageKey),
      sizeBytes: file.sizeBytes,
      disposition: 'attachment',
    });
  });
  serve(app, endpoints.deleteDocument, async (request) => {
    await signatures.deleteDocument({ platform, actor: requireActor(request), id: request.params.id, documentId: request.params.docId });
    return { data: { ok: true as const } };
  });
  // The evidence file, sealed at completion (by the signing domain); 204 before.
  serve(app, endpoints.attestation, async (request, reply) => {
    const { row } = await signatures.getSignatureRequest({ platform, actor: requireActor(request), id: request.params.id });
    assertNotPurged(row.evidencePurgedAt, 'evidence file');
    if (!row.attestationKey) return reply.status(204).send();
    return sendFile(reply, { fileName: `attestation-${row.label}.pdf`, contentType: 'application/pdf', body: platform.storage.stream(row.attestationKey) });
  });
  serve(app, endpoints.requestArchive, async (request) => {
    await signatures.requestArchive({ platform, actor: requireActor(request), id: request.params.id });
    return item({ queued: true as const });
  });
  serve(app, endpoints.archive, async (request, reply) => {
    const archive = await signatures.findArchive({ platform, actor: requireActor(request), id: request.params.id });
    const body = 'key' in archive ? platform.storage.stream(archive.key) : streamZip(platform, archive.entries);
    return sendFile(reply, { fileName: `${archive.label}.zip`, contentType: 'application/zip', body });
  });
}
