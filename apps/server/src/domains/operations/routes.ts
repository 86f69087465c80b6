import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import {
  operationEndpoints as endpoints,
  operationInputSchema,
  orderImportMappingSchema,
  xlsxContentType,
  type OperationData,
  type OrderImportMapping,
} from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { fieldErrorsOfZod } from '../../platform/http/validation.ts';
import { readImportFile } from '../contacts/index.ts';
import { sendArchive } from '../bulk/index.ts';
import { formPayload, prepareDocuments, readSignatureForm, uploadLimits } from '../signatures/index.ts';
import { createOperationFromTemplate } from './from-template.ts';
import { forgetImportMapping, importColumns, importOrders, importTemplateCsv } from './import.ts';
import { exportOrders, presentDocument, presentOperation, presentOrder, statisticsOf } from './presenter.ts';
import * as operations from './service.ts';

const jsonParts = ['transactionRequest', 'transactionOrders', 'appendOrders', 'transactionDocument', 'optionsRequest'] as const;

/** The `mapping` part of an order import (JSON {field: column}); absent or empty: the mapping proposed. */
function mappingPart(text: string | undefined): OrderImportMapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = orderImportMappingSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const message = 'The mapping must be a JSON object giving each field a column number from 0 ({"document": 0, "signer1_email": 3}).';
  throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'mapping', rule: 'invalid_value', message }] });
}

/** The form's parts as the operation input (zod issues become field errors), and which parts were given. */
function parseForm(fields: Record<string, string>): { data: OperationData; given: Set<string> } {
  const payload: Record<string, unknown> = formPayload(fields, jsonParts);
  const given = new Set(Object.keys(fields).filter((k) => fields[k] !== '' || k === 'description'));
  for (const key of ['label', 'description', 'status'] as const) if (fields[key] !== undefined && fields[key] !== '') payload[key] = fields[key];
  if (fields.level !== undefined && fields.level !== '') payload.level = Number(fields.level);
  const parsed = operationInputSchema.safeParse(payload);
  if (parsed.success) return { data: parsed.data, given };
  throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: fieldErrorsOfZod(parsed.error.issues) });
}

export async function operationRoutes(app: App, platform: Platform) {
  const view = async (actor: ReturnType<typeof requireActor>, id: string) => {
    const { row, documents, usage, invitations } = await operations.getOperation({ platform, actor, id });
    return item({ ...presentOperation(row, platform.clock(), { rows: documents, usage }), invitations });
  };

  await app.register(async (plain) => {
    await plain.register(multipart, { throwFileSizeLimit: true });
    const typed = plain.withTypeProvider<ZodTypeProvider>();
    for (const endpoint of [endpoints.save, endpoints.update]) {
      serve(typed, endpoint, async (request) => {
        const actor = requireActor(request);
        const limits = await uploadLimits(platform, actor.appId);
        const form = await readSignatureForm(request as never, limits);
        const { data, given } = parseForm(form.fields);
        const documents = form.files.length
          ? await prepareDocuments({ workers: platform.workers, entries: [], files: form.files, limits, signerIndexes: [] })
          : [];
        await operations.saveOperation({ platform, actor, id: request.params.id, data, given, documents });
        return view(actor, request.params.id);
      });
    }
    serve(typed, endpoints.importOrders, async (request) => {
      const actor = requireActor(request);
      const file = await readImportFile(request as never, ['mapping', 'rememberMapping']);
      const mapping = mappingPart(file.texts?.mapping);
      return item(
        await importOrders({
          platform,
          actor,
          id: request.params.id,
          file,
          preview: request.query.preview === '1',
          mapping,
          rememberMapping: file.texts?.rememberMapping === '1',
        }),
      );
    });
    serve(typed, endpoints.importColumns, async (request) => {
      const actor = requireActor(request);
      return item(await importColumns({ platform, actor, id: request.params.id, file: await readImportFile(request as never) }));
    });
  });

  serve(app, endpoints.list, async (request) => {
    const { query } = request;
    const { rows, total, capped } = await operations.listOperations({ platform, actor: requireActor(request), filter: query });
    return list(
      rows.map((r) => presentOperation(r, platform.clock())),
      total,
      query,
      capped,
    );
  });
  serve(app, endpoints.search, async (request) => {
    const rows = await operations.searchOperations({ platform, actor: requireActor(request), q: request.query.q, limit: request.query.limit });
    return list(
      rows.map((r) => presentOperation(r, platform.clock())),
      rows.length,
      { limit: request.query.limit, offset: 0, order: 'DESC' },
    );
  });
  serve(app, endpoints.createFromTemplate, async (request) => {
    const actor = requireActor(request);
    return view(actor, await createOperationFromTemplate({ platform, actor, input: request.body }));
  });
  serve(app, endpoints.newId, async (request) => item({ id: await operations.newDraft({ platform, actor: requireActor(request) }) }));
  serve(app, endpoints.forgetImportMapping, async (request) => {
    await forgetImportMapping({ platform, actor: requireActor(request) });
    return item({ ok: true as const });
  });
  serve(app, endpoints.importTemplate, async (_request, reply) =>
    sendFile(reply, { fileName: 'operation-orders-template.csv', contentType: 'text/csv', body: Readable.from([Buffer.from(`${importTemplateCsv}\r\n`)]) }),
  );
  serve(app, endpoints.get, async (request) => view(requireActor(request), request.params.id));
  serve(app, endpoints.setStatus, async (request) => {
    const actor = requireActor(request);
    await operations.setStatus({ platform, actor, id: request.params.id, status: request.body.status });
    return view(actor, request.params.id);
  });
  serve(app, endpoints.relaunch, async (request) =>
    item({ queued: await operations.relaunchOperation({ platform, actor: requireActor(request), id: request.params.id }) }),
  );
  serve(app, endpoints.patchOrder, async (request) =>
    item(
      presentOrder(
        await operations.patchOrder({ platform, actor: requireActor(request), id: request.params.id, orderId: request.params.orderId, input: request.body }),
      ),
    ),
  );
  serve(app, endpoints.delete, async (request) => {
    await operations.deleteOperation({ platform, actor: requireActor(request), id: request.params.id });
    return item({ ok: true as const });
  });
  serve(app, endpoints.deleteOrder, async (request) => {
    await operations.deleteOrder({ platform, actor: requireActor(request), id: request.params.id, orderId: request.params.orderId });
    return item({ ok: true as const });
  });
  serve(app, endpoints.deleteDocument, async (request) => {
    await operations.deleteDocument({ platform, actor: requireActor(request), id: request.params.id, documentId: request.params.documentId });
    return item({ ok: true as const });
  });
  serve(app, endpoints.documents, async (request) => {
    const { documents, usage } = await operations.getOperation({ platform, actor: requireActor(request), id: request.params.id });
    return item(documents.map((d) => presentDocument(d, usage)));
  });
  serve(app, endpoints.statistics, async (request) => {
    const { row, invitations } = await operations.getOperation({ platform, actor: requireActor(request), id: request.params.id });
    return item({ ...statisticsOf(row, platform.clock()), invitations });
  });
  serve(app, endpoints.requestArchive, async (request) => {
    await operations.requestArchive({ platform, actor: requireActor(request), id: request.params.id });
    return item({ queued: 1 });
  });
  serve(app, endpoints.archive, async (request, reply) => {
    const { row } = await operations.getOperation({ platform, actor: requireActor(request), id: request.params.id });
    return sendArchive(reply, platform, row, 'operation');
  });
  serve(app, endpoints.orders, async (request) => {
    const { rows, total, capped, nextCursor } = await operations.listOrders({
      platform,
      actor: requireActor(request),
      id: request.params.id,
      filter: request.query,
    });
    return list(rows.map(presentOrder), total, request.query, capped, nextCursor);
  });
  serve(app, endpoints.exportOrders, async (request, reply) => {
    const file = await exportOrders({ platform, actor: requireActor(request), id: request.params.id });
    return sendFile(reply, { fileName: file.fileName, contentType: xlsxContentType, body: file.body });
  });
}
