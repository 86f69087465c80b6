import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { campaignEndpoints as endpoints, campaignInputSchema, xlsxContentType, type CampaignData } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { toFieldErrors } from '../../platform/http/validation.ts';
import { readImportFile } from '../contacts/index.ts';
import { sendArchive } from '../bulk/index.ts';
import { formPayload, prepareDocuments, readSignatureForm, uploadLimits } from '../signatures/index.ts';
import { findSignatoryImport, startSignatoryImport, uploadSignatories } from './import.ts';
import { exportSignatories, presentCampaign, presentDocument, presentImport, presentSignatory, statisticsOf } from './presenter.ts';
import * as campaigns from './service.ts';
import { createCampaignFromTemplate } from './from-template.ts';

const jsonParts = ['transactionRequest', 'transactionSigners', 'transactionDocuments', 'optionsRequest', 'mergeDocument'] as const;

/** The form's parts as the campaign input (zod issues become field errors), and which parts were given. */
function parseForm(fields: Record<string, string>, opts: { forUpdate: boolean }): { data: CampaignData; given: Set<string> } {
  const payload: Record<string, unknown> = formPayload(fields, jsonParts);
  const given = new Set(Object.keys(fields).filter((k) => fields[k] !== ''));
  if (fields.label !== undefined) payload.label = fields.label;
  else if (opts.forUpdate) payload.label = '-'; // not given: kept as it is (see `given`)
  if (fields.description !== undefined) payload.description = fields.description;
  if (fields.level !== undefined && fields.level !== '') payload.level = Number(fields.level);
  const parsed = campaignInputSchema.safeParse(payload);
  if (parsed.success) return { data: parsed.data, given };
  const issues = parsed.error.issues.map(({ path, code, message, ...rest }) => ({
    keyword: code,
    instancePath: `/${path.join('/')}`,
    message,
    params: rest as Record<string, unknown>,
  }));
  throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: toFieldErrors(issues) });
}

export async function campaignRoutes(app: App, platform: Platform) {
  const view = async (actor: ReturnType<typeof requireActor>, id: string) => {
    const { row, documents, generated, invitations } = await campaigns.getCampaign({ platform, actor, id });
    return item({ ...presentCampaign(row, documents, platform.clock(), generated), invitations });
  };

  await app.register(async (plain) => {
    await plain.register(multipart, { throwFileSizeLimit: true });
    const typed = plain.withTypeProvider<ZodTypeProvider>();
    serve(typed, endpoints.create, async (request) => {
      const actor = requireActor(request);
      const limits = await uploadLimits(platform, actor.appId);
      const form = await readSignatureForm(request as never, limits);
      const { data } = parseForm(form.fields, { forUpdate: false });
      const documents = await prepareDocuments({
        workers: platform.workers,
        entries: data.transactionDocuments,
        files: form.files,
        limits,
        signerIndexes: [0],
      });
      const id = await campaigns.createCampaign({ platform, actor, type: request.params.type, data, documents });
      return view(actor, id);
    });
    serve(typed, endpoints.createFromTemplate, async (request) => {
      const actor = requireActor(request);
      return view(actor, await createCampaignFromTemplate({ platform, actor, input: request.body }));
    });
    serve(typed, endpoints.update, async (request) => {
      const actor = requireActor(request);
      const limits = await uploadLimits(platform, actor.appId);
      const form = await readSignatureForm(request as never, limits);
      const { data, given } = parseForm(form.fields, { forUpdate: true });
      const documents = form.files.length
        ? await prepareDocuments({ workers: platform.workers, entries: data.transactionDocuments, files: form.files, limits, signerIndexes: [0] })
        : null;
      await campaigns.updateCampaign({ platform, actor, id: request.params.id, data, given, documents });
      return view(actor, request.params.id);
    });
    serve(typed, endpoints.uploadImport, async (request) => {
      const actor = requireActor(request);
      const file = await readImportFile(request as never);
      return item(presentImport(await uploadSignatories({ platform, actor, id: request.params.id, file })));
    });
  });

  serve(app, endpoints.list, async (request) => {
    const { query } = request;
    const { rows, total, capped } = await campaigns.listCampaigns({ platform, actor: requireActor(request), filter: query });
    return list(
      rows.map((r) => presentCampaign(r, null, platform.clock())),
      total,
      query,
      capped,
    );
  });
  serve(app, endpoints.search, async (request) => {
    const rows = await campaigns.searchCampaigns({ platform, actor: requireActor(request), q: request.query.q, limit: request.query.limit });
    return list(
      rows.map((r) => presentCampaign(r, null, platform.clock())),
      rows.length,
      { limit: request.query.limit, offset: 0, order: 'DESC' },
    );
  });
  serve(app, endpoints.get, async (request) => view(requireActor(request), request.params.id));
  serve(app, endpoints.send, async (request) => {
    const actor = requireActor(request);
    await campaigns.sendCampaign({ platform, actor, id: request.params.id });
    return view(actor, request.params.id);
  });
  serve(app, endpoints.setStatus, async (request) => {
    const actor = requireActor(request);
    await campaigns.cancelCampaign({ platform, actor, id: request.params.id });
    return view(actor, request.params.id);
  });
  serve(app, endpoints.relaunch, async (request) =>
    item({ queued: await campaigns.relaunchCampaign({ platform, actor: requireActor(request), id: request.params.id }) }),
  );
  serve(app, endpoints.retry, async (request) =>
    item({ queued: await campaigns.retryFailed({ platform, actor: requireActor(request), id: request.params.id }) }),
  );
  serve(app, endpoints.delete, async (request) => {
    await campaigns.deleteCampaign({ platform, actor: requireActor(request), id: request.params.id });
    return item({ ok: true as const });
  });
  serve(app, endpoints.cancelSignatory, async (request) => {
    await campaigns.cancelSignatory({ platform, actor: requireActor(request), id: request.params.id, signerId: request.params.signerId });
    return item({ ok: true as const });
  });
  serve(app, endpoints.signatories, async (request) => {
    const { rows, total, capped, nextCursor } = await campaigns.listSignatories({
      platform,
      actor: requireActor(request),
      id: request.params.id,
      filter: request.query,
    });
    return list(rows.map(presentSignatory), total, request.query, capped, nextCursor);
  });
  serve(app, endpoints.previewCopy, async (request, reply) => {
    const file = await campaigns.previewSignatoryCopy({ platform, actor: requireActor(request), id: request.params.id, signerId: request.params.signerId });
    // Which values were blank: the mapping screen shows them beside the preview.
    if (file.missing.length) reply.header('x-merge-missing', file.missing.join(','));
    return sendFile(reply, { fileName: file.fileName, contentType: 'application/pdf', body: file.body, disposition: 'inline' });
  });
  serve(app, endpoints.statistics, async (request) => {
    const { row, invitations } = await campaigns.getCampaign({ platform, actor: requireActor(request), id: request.params.id });
    return item({ ...statisticsOf(row, platform.clock()), invitations });
  });
  serve(app, endpoints.export, async (request, reply) => {
    const file = await exportSignatories({ platform, actor: requireActor(request), id: request.params.id });
    return sendFile(reply, { fileName: file.fileName, contentType: xlsxContentType, body: file.body });
  });
  serve(app, endpoints.requestArchive, async (request) => {
    await campaigns.requestArchive({ platform, actor: requireActor(request), id: request.params.id });
    return item({ queued: 1 });
  });
  serve(app, endpoints.archive, async (request, reply) => {
    const { row } = await campaigns.getCampaign({ platform, actor: requireActor(request), id: request.params.id });
    return sendArchive(reply, platform, row);
  });
  serve(app, endpoints.duplicate, async (request) => {
    const actor = requireActor(request);
    const id = await campaigns.duplicateCampaign({ platform, actor, id: request.params.id });
    return view(actor, id);
  });
  serve(app, endpoints.documents, async (request) => {
    const { documents } = await campaigns.getCampaign({ platform, actor: requireActor(request), id: request.params.id });
    return item(documents.map(presentDocument));
  });
  serve(app, endpoints.startImport, async (request) => {
    const row = await startSignatoryImport({
      platform,
      actor: requireActor(request),
      id: request.params.id,
      importId: request.params.importId,
      input: request.body,
    });
    return item(presentImport(row));
  });
  serve(app, endpoints.getImport, async (request) =>
    item(presentImport(await findSignatoryImport({ platform, actor: requireActor(request), id: request.params.id, importId: request.params.importId }))),
  );
}
