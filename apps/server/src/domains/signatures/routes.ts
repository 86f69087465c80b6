import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  certificationLevelParamSchema,
  itemEnvelope,
  okSchema,
  signatureActionInputSchema,
  signatureCountResponse,
  signatureDocumentListResponse,
  signatureFormParts,
  signatureListQuerySchema,
  signatureRequestInputSchema,
  signatureRequestListResponse,
  signatureRequestResponse,
  signatureSearchQuerySchema,
  signatureSendResponse,
  signatureStatusResponse,
  uuidSchema,
} from '@paraphe/contracts';
import type { DomainRoutes } from '../../platform/http/app.ts';
import { item, iso, list } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { toFieldErrors } from '../../platform/http/validation.ts';
import { AppError } from '../../platform/errors.ts';
import { xlsxMimeType } from '../../platform/xlsx.ts';
import { findApplication } from '../auth/repository.ts';
import { formPayload, readSignatureForm, type UploadLimits } from './documents.ts';
import { presentDocument, presentRequest, progressOf } from './presenter.ts';
import * as signatures from './service.ts';
import { currentVersions } from '../signing/versions.ts';
import type { Platform } from '../../platform/context.ts';

const tags = ['signatures'];
const idParams = z.object({ id: uuidSchema });
const documentParams = z.object({ id: uuidSchema, docId: uuidSchema });
const read = { audience: 'history', permission: 'signatures.read' } as const;
const create = { audience: 'history', permission: 'signatures.create' } as const;
const manage = { audience: 'history', permission: 'signatures.manage' } as const;
const megabyte = 1024 * 1024;

const present = (v: signatures.RequestView) => presentRequest(v.row, v.signers, v.documents);

/** The text parts are validated like a body: zod issues become the API's field errors. */
function parseRequestForm(payload: Record<string, unknown>) {
  const parsed = signatureRequestInputSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map(({ path, code, message, ...rest }) => ({ keyword: code, instancePath: `/${path.join('/')}`, message, params: rest as Record<string, unknown> }));
  throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: toFieldErrors(issues) });
}

async function uploadLimits(platform: Platform, appId: string): Promise<UploadLimits> {
  const application = (await platform.database.inSystem((tx) => findApplication(tx, appId)))!;
  return { maxFileBytes: application.settings.maxFileSizeMb * megabyte, maxArchiveBytes: application.settings.maxArchiveSizeMb * megabyte };
}

function attachment(reply: FastifyReply, fileName: string, contentType: string) {
  const ascii = fileName.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return reply.header('content-type', contentType).header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
}

export const signatureRoutes: DomainRoutes = async (app, platform) => {
  // Multipart only where it is used: the create route, with limits per tenant given at read time.
  await app.register(async (plain) => {
    await plain.register(multipart, { throwFileSizeLimit: true });
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      '/api/transactions/:level',
      {
        schema: {
          tags,
          description:
            'multipart/form-data: text parts transactionSigners, transactionDocuments, transactionRequest, optionsRequest (JSON strings) and label; file parts (PDF or ZIP). See docs/signatures.md.',
          consumes: ['multipart/form-data'],
          params: z.object({ level: certificationLevelParamSchema }),
          response: { 201: signatureSendResponse },
        },
        config: create,
      },
      async (request, reply) => {
        const actor = requireActor(request);
        const limits = await uploadLimits(platform, actor.appId);
        const form = await readSignatureForm(request, limits);
        const data = parseRequestForm(formPayload(form.fields, signatureFormParts));
        const { view, links } = await signatures.createSignatureRequest({ platform, actor, level: request.params.level, data, files: form.files, limits });
        return reply.status(201).send(item({ ...present(view), links }));
      },
    );
  });

  app.get('/api/transactions', { schema: { tags, querystring: signatureListQuerySchema, response: { 200: signatureRequestListResponse } }, config: read }, async (request) => {
    const { views, total } = await signatures.listSignatureRequests({ platform, actor: requireActor(request), query: request.query });
    return list(views.map(present), total, request.query);
  });

  app.get('/api/transactions/search', { schema: { tags, querystring: signatureSearchQuerySchema, response: { 200: signatureRequestListResponse } }, config: read }, async (request) => {
    const found = await signatures.searchSignatureRequests({ platform, actor: requireActor(request), q: request.query.q, limit: request.query.limit });
    return list(found.map(present), found.length, { limit: request.query.limit, offset: 0, order: 'DESC' });
  });

  app.get('/api/transactions/count', { schema: { tags, response: { 200: signatureCountResponse } }, config: read }, async (request) =>
    item(await signatures.countSignatureRequests({ platform, actor: requireActor(request) })),
  );

  app.get('/api/transactions/export', { schema: { tags, querystring: signatureListQuerySchema }, config: read }, async (request, reply) => {
    const xlsx = await signatures.exportSignatureRequests({ platform, actor: requireActor(request), query: request.query });
    return attachment(reply, `signatures-${platform.clock().toISOString().slice(0, 10)}.xlsx`, xlsxMimeType).send(Buffer.from(xlsx));
  });

  app.get('/api/transactions/:id', { schema: { tags, params: idParams, response: { 200: signatureRequestResponse } }, config: read }, async (request) =>
    item(present(await signatures.getSignatureRequest({ platform, actor: requireActor(request), id: request.params.id }))),
  );

  app.get('/api/transactions/:id/status', { schema: { tags, params: idParams, response: { 200: signatureStatusResponse } }, config: read }, async (request) => {
    const { row, signers } = await signatures.signatureRequestStatus({ platform, actor: requireActor(request), id: request.params.id });
    return item({
      id: row.id,
      status: row.status,
      percentSigned: progressOf(signers).percentSigned,
      signers: signers.map((s) => ({ id: s.id, signerIndex: s.signerIndex, status: s.status, actionAt: iso(s.actionAt) })),
    });
  });

  app.put('/api/transactions/:id', { schema: { tags, params: idParams, body: signatureActionInputSchema, response: { 200: signatureSendResponse } }, config: manage }, async (request) => {
    const { view, links } = await signatures.actOnSignatureRequest({ platform, actor: requireActor(request), id: request.params.id, ...request.body });
    return item({ ...present(view), links });
  });

  app.delete('/api/transactions/:id', { schema: { tags, params: idParams, response: { 200: okSchema } }, config: manage }, async (request) => {
    await signatures.deleteSignatureRequest({ platform, actor: requireActor(request), id: request.params.id });
    return { data: { ok: true as const } };
  });

  app.post('/api/transactions/:id/duplicate', { schema: { tags, params: idParams, response: { 201: signatureRequestResponse } }, config: create }, async (request, reply) => {
    const view = await signatures.duplicateSignatureRequest({ platform, actor: requireActor(request), id: request.params.id });
    return reply.status(201).send(item(present(view)));
  });

  app.get('/api/transactions/:id/documents', { schema: { tags, params: idParams, response: { 200: signatureDocumentListResponse } }, config: read }, async (request) =>
    item((await signatures.listDocuments({ platform, actor: requireActor(request), id: request.params.id })).map(presentDocument)),
  );

  app.get('/api/transactions/:id/documents/:docId', { schema: { tags, params: documentParams }, config: read }, async (request, reply) => {
    const actor = requireActor(request);
    const doc = await signatures.findDocument({ platform, actor, id: request.params.id, documentId: request.params.docId });
    // The signed version once there is one (the latest signature, then the completed B-LTA file), else the original.
    const version = (await platform.database.inTenant(actor.appId, (tx) => currentVersions(tx, actor.appId, [doc.id]))).get(doc.id);
    const file = version && version.kind !== 'prepared' ? version : doc;
    return attachment(reply, doc.fileName, 'application/pdf').header('content-length', file.sizeBytes).send(platform.storage.stream(file.storageKey));
  });

  app.delete('/api/transactions/:id/documents/:docId', { schema: { tags, params: documentParams, response: { 200: okSchema } }, config: manage }, async (request) => {
    await signatures.deleteDocument({ platform, actor: requireActor(request), id: request.params.id, documentId: request.params.docId });
    return { data: { ok: true as const } };
  });

  // The evidence file, sealed at completion (domains/signing/completion.ts); 204 before.
  app.get('/api/transactions/:id/attestation', { schema: { tags, params: idParams }, config: read }, async (request, reply) => {
    const { row } = await signatures.getSignatureRequest({ platform, actor: requireActor(request), id: request.params.id });
    if (!row.attestationKey) return reply.status(204).send();
    return attachment(reply, `attestation-${row.label}.pdf`, 'application/pdf').send(platform.storage.stream(row.attestationKey));
  });

  app.post('/api/transactions/:id/archive', { schema: { tags, params: idParams, response: { 202: itemEnvelope(z.object({ queued: z.literal(true) })) } }, config: read }, async (request, reply) => {
    await signatures.requestArchive({ platform, actor: requireActor(request), id: request.params.id });
    return reply.status(202).send(item({ queued: true as const }));
  });

  app.get('/api/transactions/:id/archive', { schema: { tags, params: idParams }, config: read }, async (request, reply) => {
    const archive = await signatures.findArchive({ platform, actor: requireActor(request), id: request.params.id });
    return attachment(reply, `${archive.label}.zip`, 'application/zip').send(platform.storage.stream(archive.key));
  });
};
