import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  apiV1CampaignEndpoints as campaignEndpoints,
  apiV1OperationEndpoints as operationEndpoints,
  apiV1UploadCampaignSchema,
  apiV1UploadOperationSchema,
  campaignInputSchema,
  fieldSizeOf,
  operationInputSchema,
  pathOf,
  type CampaignData,
  type Feature,
  type OperationData,
} from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { requireActor, requireGuardSession } from '../../platform/http/guard.ts';
import {
  campaignStatisticsOf,
  cancelCampaign,
  createCampaign,
  getCampaign,
  listCampaignSignatories,
  listCampaigns,
  presentCampaign,
  presentSignatory,
  sendCampaign,
} from '../campaigns/index.ts';
import {
  createOperation,
  getOperation,
  listOperationOrders,
  listOperations,
  operationStatisticsOf,
  presentOperation,
  presentOrder,
  setOperationStatus,
} from '../operations/index.ts';
import { defaultFieldsFor, prepareDocuments, type ReceivedFile, type UploadLimits } from '../signatures/index.ts';
import { decodeCursor, decodeRowCursor, encodeCursor, encodeRowCursor, pageOf } from '../../platform/db/cursor.ts';
import { invalidFields, readUploadForm, receivedFiles } from './v1-documents.ts';

/**
 * /api/v1/campaigns and /api/v1/operations (docs/api-v1.md): the campaigns and operations domains' services, called
 * as the tenant's technical user (who sees the whole tenant). Each call needs the tenant's feature (`campaign`,
 * `operation`) on top of `api`: off, 403 FEATURE_DISABLED, as in the back office.
 */

/** The tenant's feature for this family of calls; the guard already checked `api` and the scope. */
function requireFeature(request: Pick<FastifyRequest, 'actor' | 'session'>, feature: Feature): Actor {
  const actor = requireActor(request);
  if (!requireGuardSession(request).tenantFeatures[feature]) throw new AppError('FEATURE_DISABLED', `The ${feature} feature is not enabled for this account.`);
  return actor;
}

/** A create's body without the documents' content (JSON: decoded into files first; multipart: the file parts). */
type CampaignBody = Omit<z.output<typeof apiV1UploadCampaignSchema>, 'documents'> & { documents: readonly ({ fileName: string } & Record<string, unknown>)[] };
type OperationBody = z.output<typeof apiV1UploadOperationSchema>;

/** `send: true` at creation launches at once: the scope `send` too. */
function assertMayLaunch(request: Pick<FastifyRequest, 'apiKey'>, send: boolean) {
  if (send && !request.apiKey!.scopes.includes('send')) throw new AppError('FORBIDDEN', 'Launching at once needs the scope "send".');
}

/** The v1 body as the campaigns domain's input (its errors named by the v1 fields). */
function campaignData(body: CampaignBody): CampaignData {
  const parsed = campaignInputSchema.safeParse({
    label: body.label,
    description: body.description,
    level: body.level,
    transactionRequest: { send: body.send },
    transactionSigners: body.signatories,
    transactionDocuments: body.documents.map(({ contentBase64: _content, url: _url, ...entry }) => entry),
    optionsRequest: body.options ?? {},
  });
  if (parsed.success) return parsed.data;
  throw invalidFields(parsed.error, (path) =>
    path
      .map(String)
      .join('/')
      .replace(/^transactionSigners/, 'signatories')
      .replace(/^transactionDocuments/, 'documents')
      .replace(/^optionsRequest/, 'options'),
  );
}

/** The v1 body as the operations domain's input (its errors named by the v1 fields), and which parts were given. */
function operationData(body: OperationBody): { data: OperationData; given: Set<string> } {
  const parsed = operationInputSchema.safeParse({
    label: body.label,
    description: body.description,
    level: body.level,
    transactionRequest: { send: body.send },
    transactionOrders: body.orders.map((order) => ({
      transactionSigners: order.signers,
      document: order.document,
      signatureFields: order.signatureFields ?? [],
    })),
    transactionDocument: body.documents.map(({ fileName, title }) => ({ fileName, title })),
    optionsRequest: body.options ?? {},
  });
  if (!parsed.success) {
    throw invalidFields(parsed.error, (path) =>
      path
        .map(String)
        .join('/')
        .replace(/^transactionOrders/, 'orders')
        .replace(/\/transactionSigners/, '/signers')
        .replace(/^transactionDocument/, 'documents')
        .replace(/^optionsRequest/, 'options'),
    );
  }
  // Options not given: the draft keeps the defaults it starts from (the user's, else the tenant's), as in the back office.
  const given = new Set([
    'label',
    'description',
    'level',
    'transactionRequest',
    'transactionOrders',
    'transactionDocument',
    ...(body.options ? ['optionsRequest'] : []),
  ]);
  return { data: parsed.data, given };
}

export function apiV1BulkRoutes(v1: App, platform: Platform) {
  // ----- Campaigns
  const campaignView = async (actor: Actor, id: string) => {
    const { row, documents, generated, invitations } = await getCampaign({ platform, actor, id });
    const { mergeDocument: _merge, mergeColumns: _columns, ...campaign } = presentCampaign(row, documents, platform.clock(), generated);
    return { ...campaign, invitations };
  };
  /** Both creates (JSON, multipart): the checked documents, the campaign made (launched when asked); one api_call metered in its transaction. */
  const makeCampaign = async (actor: Actor, reply: FastifyReply, body: CampaignBody, files: ReceivedFile[], limits: UploadLimits) => {
    const data = campaignData(body);
    // A document to sign without placed fields gets the signatory's default field, as a request's document does.
    const defaults = () => defaultFieldsFor([0]).map((field) => ({ ...field, ...fieldSizeOf(field) }));
    const entries = data.transactionDocuments.map((entry) =>
      entry.signatureFields.length || entry.documentType === 'pdf-for-presentation' ? entry : { ...entry, signatureFields: defaults() },
    );
    const documents = await prepareDocuments({ workers: platform.workers, entries, files, limits, signerIndexes: [0] });
    const id = await createCampaign({ platform, actor, type: 'campain', data: { ...data, transactionDocuments: entries }, documents });
    reply.header('location', pathOf(campaignEndpoints.getCampaign, { id }));
    return campaignView(actor, id);
  };
  serve(v1, campaignEndpoints.createCampaign, async (request, reply) => {
    const actor = requireFeature(request, 'campaign');
    assertMayLaunch(request, request.body.send);
    const { limits, files } = await receivedFiles(platform, actor.appId, request.body.documents);
    return makeCampaign(actor, reply, request.body, files, limits);
  });
  serve(v1, campaignEndpoints.uploadCampaign, async (request, reply) => {
    const actor = requireFeature(request, 'campaign');
    const { body, files, limits } = await readUploadForm(platform, request as unknown as FastifyRequest, actor.appId, 'payload', apiV1UploadCampaignSchema);
    assertMayLaunch(request, body.send);
    // A file part without an entry: a document to sign, titled by its name, with the default field.
    const named = new Set(body.documents.map((d) => d.fileName));
    const documents = [...body.documents, ...files.filter((f) => !named.has(f.fileName)).map((f) => ({ fileName: f.fileName }))];
    return makeCampaign(actor, reply, { ...body, documents }, files, limits);
  });
  serve(v1, campaignEndpoints.listCampaigns, async (request) => {
    const actor = requireFeature(request, 'campaign');
    const { limit, cursor, status, type, search } = request.query;
    const { rows } = await listCampaigns({
      platform,
      actor,
      filter: { limit: limit + 1, offset: 0, order: 'DESC', status, type, search, after: decodeCursor(cursor) },
    });
    const { page, nextCursor } = pageOf(rows, limit, encodeCursor);
    const now = platform.clock();
    return { data: page.map((row) => presentCampaign(row, null, now)), ...(nextCursor ? { nextCursor } : {}) };
  });
  serve(v1, campaignEndpoints.getCampaign, async (request) => campaignView(requireFeature(request, 'campaign'), request.params.id));
  serve(v1, campaignEndpoints.campaignStatus, async (request) => {
    const { row, invitations } = await getCampaign({ platform, actor: requireFeature(request, 'campaign'), id: request.params.id });
    return { id: row.id, status: row.status, ...campaignStatisticsOf(row, platform.clock()), invitations };
  });
  serve(v1, campaignEndpoints.sendCampaign, async (request) => {
    const actor = requireFeature(request, 'campaign');
    await sendCampaign({ platform, actor, id: request.params.id });
    return campaignView(actor, request.params.id);
  });
  serve(v1, campaignEndpoints.listSignatories, async (request) => {
    const actor = requireFeature(request, 'campaign');
    const { limit, cursor, status } = request.query;
    const filter = { limit: limit + 1, offset: 0, order: 'ASC' as const, orderBy: 'rowIndex' as const, status, after: decodeRowCursor(cursor) };
    const { rows } = await listCampaignSignatories({ platform, actor, id: request.params.id, filter });
    const { page, nextCursor } = pageOf(rows, limit, encodeRowCursor);
    return { data: page.map(presentSignatory), ...(nextCursor ? { nextCursor } : {}) };
  });
  serve(v1, campaignEndpoints.cancelCampaign, async (request) => {
    const actor = requireFeature(request, 'campaign');
    await cancelCampaign({ platform, actor, id: request.params.id });
    return campaignView(actor, request.params.id);
  });

  // ----- Operations
  const operationView = async (actor: Actor, id: string) => {
    const { row, documents, usage, invitations } = await getOperation({ platform, actor, id });
    return { ...presentOperation(row, platform.clock(), { rows: documents, usage }), invitations };
  };
  /** Both creates (JSON, multipart): the pool's files checked, the operation made and saved (launched when asked). */
  const makeOperation = async (actor: Actor, reply: FastifyReply, body: OperationBody, files: ReceivedFile[], limits: UploadLimits) => {
    const { data, given } = operationData(body);
    const documents = await prepareDocuments({ workers: platform.workers, entries: [], files, limits, signerIndexes: [] });
    const id = await createOperation({ platform, actor, data, given, documents });
    reply.header('location', pathOf(operationEndpoints.getOperation, { id }));
    return operationView(actor, id);
  };
  serve(v1, operationEndpoints.createOperation, async (request, reply) => {
    const actor = requireFeature(request, 'operation');
    assertMayLaunch(request, request.body.send);
    const { limits, files } = await receivedFiles(platform, actor.appId, request.body.documents);
    return makeOperation(actor, reply, request.body, files, limits);
  });
  serve(v1, operationEndpoints.uploadOperation, async (request, reply) => {
    const actor = requireFeature(request, 'operation');
    // A file part without a pool entry joins the pool untitled (its name is its title).
    const { body, files, limits } = await readUploadForm(platform, request as unknown as FastifyRequest, actor.appId, 'payload', apiV1UploadOperationSchema);
    assertMayLaunch(request, body.send);
    return makeOperation(actor, reply, body, files, limits);
  });
  serve(v1, operationEndpoints.listOperations, async (request) => {
    const actor = requireFeature(request, 'operation');
    const { limit, cursor, status, search } = request.query;
    const { rows } = await listOperations({
      platform,
      actor,
      filter: { limit: limit + 1, offset: 0, order: 'DESC', status, search, after: decodeCursor(cursor) },
    });
    const { page, nextCursor } = pageOf(rows, limit, encodeCursor);
    const now = platform.clock();
    return { data: page.map((row) => presentOperation(row, now)), ...(nextCursor ? { nextCursor } : {}) };
  });
  serve(v1, operationEndpoints.getOperation, async (request) => operationView(requireFeature(request, 'operation'), request.params.id));
  serve(v1, operationEndpoints.operationStatus, async (request) => {
    const { row, invitations } = await getOperation({ platform, actor: requireFeature(request, 'operation'), id: request.params.id });
    return { id: row.id, status: row.status, ...operationStatisticsOf(row, platform.clock()), invitations };
  });
  serve(v1, operationEndpoints.sendOperation, async (request) => {
    const actor = requireFeature(request, 'operation');
    await setOperationStatus({ platform, actor, id: request.params.id, status: 'pending' });
    return operationView(actor, request.params.id);
  });
  serve(v1, operationEndpoints.listOrders, async (request) => {
    const actor = requireFeature(request, 'operation');
    const { limit, cursor, status } = request.query;
    const filter = { limit: limit + 1, offset: 0, order: 'ASC' as const, orderBy: 'rowIndex' as const, status, after: decodeRowCursor(cursor) };
    const { rows } = await listOperationOrders({ platform, actor, id: request.params.id, filter });
    const { page, nextCursor } = pageOf(rows, limit, encodeRowCursor);
    return { data: page.map(presentOrder), ...(nextCursor ? { nextCursor } : {}) };
  });
  serve(v1, operationEndpoints.cancelOperation, async (request) => {
    const actor = requireFeature(request, 'operation');
    await setOperationStatus({ platform, actor, id: request.params.id, status: 'canceled' });
    return operationView(actor, request.params.id);
  });
}
