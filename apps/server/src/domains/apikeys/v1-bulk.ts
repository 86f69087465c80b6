import type { FastifyRequest } from 'fastify';
import {
  apiV1CampaignEndpoints as campaignEndpoints,
  apiV1OperationEndpoints as operationEndpoints,
  campaignInputSchema,
  fieldSizeOf,
  operationInputSchema,
  pathOf,
  type ApiV1CreateCampaign,
  type ApiV1CreateOperation,
  type CampaignData,
  type Feature,
  type OperationData,
} from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { requireActor, requireGuardSession } from '../../platform/http/guard.ts';
import { toFieldErrors } from '../../platform/http/validation.ts';
import { campaignStatisticsOf, cancelCampaign, createCampaign, getCampaign, listCampaigns, presentCampaign, sendCampaign } from '../campaigns/index.ts';
import { createOperation, getOperation, listOperations, operationStatisticsOf, presentOperation, setOperationStatus } from '../operations/index.ts';
import { defaultFieldsFor, prepareDocuments } from '../signatures/index.ts';
import { decodeCursor, pageOf } from './cursor.ts';
import { receivedFiles } from './v1-documents.ts';

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

/** The v1 body as the campaigns domain's input (its errors named by the v1 fields). */
function campaignData(body: ApiV1CreateCampaign): CampaignData {
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
  const rename = (path: PropertyKey[]) => path.map(String).join('/').replace(/^transactionSigners/, 'signatories').replace(/^transactionDocuments/, 'documents').replace(/^optionsRequest/, 'options');
  const issues = parsed.error.issues.map(({ path, code, message, ...rest }) => ({ keyword: code, instancePath: `/${rename(path)}`, message, params: rest as Record<string, unknown> }));
  throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: toFieldErrors(issues) });
}

/** The v1 body as the operations domain's input (its errors named by the v1 fields), and which parts were given. */
function operationData(body: ApiV1CreateOperation): { data: OperationData; given: Set<string> } {
  const parsed = operationInputSchema.safeParse({
    label: body.label,
    description: body.description,
    level: body.level,
    transactionRequest: { send: body.send },
    transactionOrders: body.orders.map((order) => ({ transactionSigners: order.signers, document: order.document, signatureFields: order.signatureFields ?? [] })),
    transactionDocument: body.documents.map(({ fileName, title }) => ({ fileName, title })),
    optionsRequest: body.options ?? {},
  });
  if (!parsed.success) {
    const rename = (path: PropertyKey[]) => path.map(String).join('/').replace(/^transactionOrders/, 'orders').replace(/\/transactionSigners/, '/signers').replace(/^transactionDocument/, 'documents').replace(/^optionsRequest/, 'options');
    const issues = parsed.error.issues.map(({ path, code, message, ...rest }) => ({ keyword: code, instancePath: `/${rename(path)}`, message, params: rest as Record<string, unknown> }));
    throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: toFieldErrors(issues) });
  }
  // Options not given: the draft keeps the defaults it starts from (the user's, else the tenant's), as in the back office.
  const given = new Set(['label', 'description', 'level', 'transactionRequest', 'transactionOrders', 'transactionDocument', ...(body.options ? ['optionsRequest'] : [])]);
  return { data: parsed.data, given };
}

export function apiV1BulkRoutes(v1: App, platform: Platform) {
  // ----- Campaigns
  const campaignView = async (actor: Actor, id: string) => {
    const { row, documents, generated } = await getCampaign({ platform, actor, id });
    const { mergeDocument: _merge, mergeColumns: _columns, ...campaign } = presentCampaign(row, documents, platform.clock(), generated);
    return campaign;
  };
  serve(v1, campaignEndpoints.createCampaign, async (request, reply) => {
    const actor = requireFeature(request, 'campaign');
    if (request.body.send && !request.apiKey!.scopes.includes('send')) throw new AppError('FORBIDDEN', 'Launching at once needs the scope "send".');
    const data = campaignData(request.body);
    const { limits, files } = await receivedFiles(platform, actor.appId, request.body.documents);
    // A document to sign without placed fields gets the signatory's default field, as a request's document does.
    const defaults = () => defaultFieldsFor([0]).map((field) => ({ ...field, ...fieldSizeOf(field) }));
    const entries = data.transactionDocuments.map((entry) => (entry.signatureFields.length || entry.documentType === 'pdf-for-presentation' ? entry : { ...entry, signatureFields: defaults() }));
    const documents = await prepareDocuments({ entries, files, limits, signerIndexes: [0] });
    const id = await createCampaign({ platform, actor, type: 'campain', data: { ...data, transactionDocuments: entries }, documents });
    reply.header('location', pathOf(campaignEndpoints.getCampaign, { id }));
    return campaignView(actor, id);
  });
  serve(v1, campaignEndpoints.listCampaigns, async (request) => {
    const actor = requireFeature(request, 'campaign');
    const { limit, cursor, status, type, search } = request.query;
    const { rows } = await listCampaigns({ platform, actor, filter: { limit: limit + 1, offset: 0, order: 'DESC', status, type, search, after: decodeCursor(cursor) } });
    const { page, nextCursor } = pageOf(rows, limit, (row) => row);
    const now = platform.clock();
    return { data: page.map((row) => presentCampaign(row, null, now)), ...(nextCursor ? { nextCursor } : {}) };
  });
  serve(v1, campaignEndpoints.getCampaign, async (request) => campaignView(requireFeature(request, 'campaign'), request.params.id));
  serve(v1, campaignEndpoints.campaignStatus, async (request) => {
    const { row } = await getCampaign({ platform, actor: requireFeature(request, 'campaign'), id: request.params.id });
    return { id: row.id, status: row.status, ...campaignStatisticsOf(row, platform.clock()) };
  });
  serve(v1, campaignEndpoints.sendCampaign, async (request) => {
    const actor = requireFeature(request, 'campaign');
    await sendCampaign({ platform, actor, id: request.params.id });
    return campaignView(actor, request.params.id);
  });
  serve(v1, campaignEndpoints.cancelCampaign, async (request) => {
    const actor = requireFeature(request, 'campaign');
    await cancelCampaign({ platform, actor, id: request.params.id });
    return campaignView(actor, request.params.id);
  });

  // ----- Operations
  const operationView = async (actor: Actor, id: string) => {
    const { row, documents, usage } = await getOperation({ platform, actor, id });
    return presentOperation(row, platform.clock(), { rows: documents, usage });
  };
  serve(v1, operationEndpoints.createOperation, async (request, reply) => {
    const actor = requireFeature(request, 'operation');
    if (request.body.send && !request.apiKey!.scopes.includes('send')) throw new AppError('FORBIDDEN', 'Launching at once needs the scope "send".');
    const { data, given } = operationData(request.body);
    const { limits, files } = await receivedFiles(platform, actor.appId, request.body.documents);
    const documents = await prepareDocuments({ entries: [], files, limits, signerIndexes: [] });
    const id = await createOperation({ platform, actor, data, given, documents });
    reply.header('location', pathOf(operationEndpoints.getOperation, { id }));
    return operationView(actor, id);
  });
  serve(v1, operationEndpoints.listOperations, async (request) => {
    const actor = requireFeature(request, 'operation');
    const { limit, cursor, status, search } = request.query;
    const { rows } = await listOperations({ platform, actor, filter: { limit: limit + 1, offset: 0, order: 'DESC', status, search, after: decodeCursor(cursor) } });
    const { page, nextCursor } = pageOf(rows, limit, (row) => row);
    const now = platform.clock();
    return { data: page.map((row) => presentOperation(row, now)), ...(nextCursor ? { nextCursor } : {}) };
  });
  serve(v1, operationEndpoints.getOperation, async (request) => operationView(requireFeature(request, 'operation'), request.params.id));
  serve(v1, operationEndpoints.operationStatus, async (request) => {
    const { row } = await getOperation({ platform, actor: requireFeature(request, 'operation'), id: request.params.id });
    return { id: row.id, status: row.status, ...operationStatisticsOf(row, platform.clock()) };
  });
  serve(v1, operationEndpoints.sendOperation, async (request) => {
    const actor = requireFeature(request, 'operation');
    await setOperationStatus({ platform, actor, id: request.params.id, status: 'pending' });
    return operationView(actor, request.params.id);
  });
  serve(v1, operationEndpoints.cancelOperation, async (request) => {
    const actor = requireFeature(request, 'operation');
    await setOperationStatus({ platform, actor, id: request.params.id, status: 'canceled' });
    return operationView(actor, request.params.id);
  });
}
