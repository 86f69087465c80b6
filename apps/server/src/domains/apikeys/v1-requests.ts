import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  apiV1Endpoints as endpoints,
  apiV1DocsPath,
  apiV1OpenApiPath,
  apiV1UploadRequestSchema,
  encodeSignatureFilter,
  pathOf,
  fieldSizeOf,
  signatureListQuerySchema,
  signatureRequestInputSchema,
  type SignatureRequestData,
} from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import {
  actOnSignatureRequest,
  completedFiles,
  createSignatureRequest,
  defaultFieldsFor,
  getSignatureRequest,
  listSignatureRequests,
  prepareDocuments,
  presentRequest,
  progressOf,
  signatureRequestStatus,
  signingLink,
  signingLinkToken,
  embedSigningLink,
  type ReceivedFile,
  type RequestView,
  type UploadLimits,
} from '../signatures/index.ts';
import { decodeCursor, encodeCursor, pageOf } from '../../platform/db/cursor.ts';
import { invalidFields, readUploadForm, receivedFiles } from './v1-documents.ts';
import { apiV1BulkRoutes } from './v1-bulk.ts';
import { apiV1EditorLinkRoute } from './editor-routes.ts';
import { apiV1TemplateRoutes } from './v1-templates.ts';
import { apiV1OpenApi } from './openapi.ts';
import { serveReferencePage } from './reference-page.ts';

/**
 * The public REST API, version 1 (docs/api-v1.md): the signatures domain's services, called as the tenant's
 * technical user with the permissions of the key's scopes. Errors are problem details (platform/http/problem.ts).
 */

const present = (v: RequestView) => presentRequest(v.row, v.signers, v.documents, v.activeContent, v.deliveries);

type CreateBody = Omit<typeof endpoints.createRequest.body._zod.output, 'documents'> & {
  documents: Omit<SignatureRequestData['transactionDocuments'][number], 'documentId'>[];
};

function signatureData(body: CreateBody): SignatureRequestData {
  const parsed = signatureRequestInputSchema.safeParse({
    label: body.label,
    transactionRequest: { description: body.description, send: body.send },
    transactionSigners: body.signers,
    transactionDocuments: body.documents.map((doc) => {
      const { contentBase64: _content, url: _url, ...entry } = doc as typeof doc & { contentBase64?: string; url?: string };
      return entry;
    }),
    optionsRequest: body.options ?? {},
  });
  if (parsed.success) return parsed.data;
  throw invalidFields(parsed.error, (path) =>
    path
      .map(String)
      .join('/')
      .replace(/^transactionSigners/, 'signers')
      .replace(/^transactionDocuments/, 'documents')
      .replace(/^optionsRequest/, 'options'),
  );
}

/** Calls per minute per key (API_RATE_LIMIT_PER_MINUTE): every answer says the remaining budget (x-ratelimit-*). */
function rateLimitHook(app: App, platform: Platform) {
  const keyOf = (request: FastifyRequest) =>
    `apikey:${createHash('sha256')
      .update(request.headers.authorization ?? request.ip)
      .digest('base64url')}`;
  const check = app.createRateLimit({ max: platform.config.apiRateLimitPerMinute, timeWindow: 60_000, keyGenerator: keyOf });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith(apiV1OpenApiPath) || request.url.startsWith(apiV1DocsPath)) return;
    const result = await check(request);
    if (result.isAllowed) return;
    reply.header('x-ratelimit-limit', result.max).header('x-ratelimit-remaining', result.remaining).header('x-ratelimit-reset', result.ttlInSeconds);
    if (!result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError('RATE_LIMITED', `Rate limit exceeded, retry in ${result.ttlInSeconds} s.`);
  };
}

export async function apiV1Routes(app: App, platform: Platform) {
  await app.register(async (v1) => {
    await v1.register(multipart, { throwFileSizeLimit: true });
    v1.addHook('onRequest', rateLimitHook(v1 as App, platform));
    v1.get(apiV1OpenApiPath, { schema: { hide: true } }, async () => apiV1OpenApi(platform));
    serveReferencePage(v1 as App);

    /** Both creates: the checked documents, the request made (sent when asked); one api_call metered in its transaction (metering.ts). */
    const create = async (request: FastifyRequest, reply: FastifyReply, body: CreateBody, files: ReceivedFile[], limits: UploadLimits) => {
      const actor = requireActor(request);
      const data = signatureData(body);
      const signerIndexes = data.transactionSigners.filter((s) => s.role === 'signer').map((s) => s.signerIndex);
      // A document without placed fields gets the default one per signer, as an upload without an entry does.
      const defaults = () => defaultFieldsFor(signerIndexes).map((field) => ({ ...field, ...fieldSizeOf(field) }));
      const entries = data.transactionDocuments.map((entry) => (entry.signatureFields.length ? entry : { ...entry, signatureFields: defaults() }));
      const documents = await prepareDocuments({ workers: platform.workers, entries, files, limits, signerIndexes });
      const { view, links } = await createSignatureRequest({ platform, actor, level: body.level, data, documents });
      reply.header('location', `${pathOf(endpoints.getRequest, { id: view.row.id })}`);
      return { ...present(view), links };
    };
    const assertMaySend = (request: FastifyRequest, send: boolean) => {
      if (send && !request.apiKey!.scopes.includes('send')) throw new AppError('FORBIDDEN', 'Sending at once needs the scope "send".');
    };

    serve(v1 as App, endpoints.createRequest, async (request, reply) => {
      assertMaySend(request as unknown as FastifyRequest, request.body.send);
      const { limits, files } = await receivedFiles(platform, requireActor(request).appId, request.body.documents);
      return create(request as unknown as FastifyRequest, reply, request.body, files, limits);
    });

    serve(v1 as App, endpoints.uploadRequest, async (request, reply) => {
      const { body, files, limits } = await readUploadForm(
        platform,
        request as unknown as FastifyRequest,
        requireActor(request).appId,
        'request',
        apiV1UploadRequestSchema,
      );
      assertMaySend(request as unknown as FastifyRequest, body.send);
      return create(request as unknown as FastifyRequest, reply, body, files, limits);
    });

    serve(v1 as App, endpoints.listRequests, async (request) => {
      const { limit, cursor, status, createdFrom, createdTo, search } = request.query;
      const after = decodeCursor(cursor);
      const filter = status || createdFrom || createdTo ? encodeSignatureFilter({ status, createdFrom, createdTo }) : undefined;
      const query = signatureListQuerySchema.parse({ limit: limit + 1, offset: 0, order: 'DESC', search, filter, light: '1' });
      const { views } = await listSignatureRequests({ platform, actor: requireActor(request), query, after });
      const { page, nextCursor } = pageOf(views, limit, (v) => encodeCursor(v.row));
      return { data: page.map(present), ...(nextCursor ? { nextCursor } : {}) };
    });

    serve(v1 as App, endpoints.getRequest, async (request) =>
      present(await getSignatureRequest({ platform, actor: requireActor(request), id: request.params.id })),
    );

    serve(v1 as App, endpoints.requestStatus, async (request) => {
      const { row, signers } = await signatureRequestStatus({ platform, actor: requireActor(request), id: request.params.id });
      return {
        id: row.id,
        status: row.status,
        percentSigned: progressOf(signers).percentSigned,
        signers: signers.map((s) => ({ id: s.id, signerIndex: s.signerIndex, status: s.status, actionAt: s.actionAt?.toISOString() ?? null })),
      };
    });

    const act = (action: 'send' | 'cancel') => async (request: { params: { id: string } } & Pick<FastifyRequest, 'actor'>) => {
      const { view, links } = await actOnSignatureRequest({ platform, actor: requireActor(request), id: request.params.id, action });
      return { ...present(view), links };
    };
    serve(v1 as App, endpoints.sendRequest, act('send'));
    serve(v1 as App, endpoints.cancelRequest, act('cancel'));
    serve(v1 as App, endpoints.relaunchRequest, async (request) => {
      const { relaunch } = await actOnSignatureRequest({ platform, actor: requireActor(request), id: request.params.id, action: 'relaunch' });
      return relaunch ?? { reminded: [], skipped: [] };
    });

    serve(v1 as App, endpoints.signedDocument, async (request, reply) => {
      const actor = requireActor(request);
      const { row, documents } = await getSignatureRequest({ platform, actor, id: request.params.id });
      if (!documents?.some((d) => d.id === request.params.docId)) throw notFound('Document');
      if (row.status !== 'completed') throw new AppError('INVALID_TRANSITION', 'The request is not completed: nothing is signed yet.');
      const files = await platform.database.inTenant(actor.appId, (tx) => completedFiles(tx, actor.appId, [row.id]));
      const document = documents.find((d) => d.id === request.params.docId)!;
      const signed = files.find((f) => f.fileName === document.fileName);
      if (!signed) throw notFound('Signed document');
      return sendFile(reply, {
        fileName: signed.fileName,
        contentType: 'application/pdf',
        body: platform.storage.stream(signed.storageKey),
        disposition: 'attachment',
      });
    });

    serve(v1 as App, endpoints.evidence, async (request, reply) => {
      const { row } = await getSignatureRequest({ platform, actor: requireActor(request), id: request.params.id });
      if (!row.attestationKey) throw new AppError('INVALID_TRANSITION', 'The evidence file is sealed when the request completes.');
      return sendFile(reply, {
        fileName: `evidence-${row.id}.pdf`,
        contentType: 'application/pdf',
        body: platform.storage.stream(row.attestationKey),
        disposition: 'attachment',
      });
    });

    serve(v1 as App, endpoints.signingLink, async (request) => {
      const { row, signers } = await getSignatureRequest({ platform, actor: requireActor(request), id: request.params.id });
      const signer = signers.find((s) => s.id === request.params.signerId);
      if (!signer) throw notFound('Signer');
      if (!row.expiresAt || ['draft', 'signed', 'completed', 'refused', 'canceled', 'expired', 'failed'].includes(row.status))
        throw new AppError('INVALID_TRANSITION', 'Signing links exist while the request is sent and not finished.');
      const ids = { appId: row.appId, requestId: row.id, signerId: signer.id, expiresAt: row.expiresAt };
      return {
        signerId: signer.id,
        url: signingLink(platform, ids),
        embedUrl: embedSigningLink(platform, ids),
        token: signingLinkToken(platform, ids),
        expiresAt: row.expiresAt.toISOString(),
      };
    });

    apiV1EditorLinkRoute(v1 as App, platform);
    apiV1BulkRoutes(v1 as App, platform);
    apiV1TemplateRoutes(v1 as App, platform);
  });
}
