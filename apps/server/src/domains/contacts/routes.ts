import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { xlsxMimeType } from '../../platform/spreadsheets/index.ts';
import * as importing from './import-service.ts';
import { presentContact, presentImport, presentOutcome } from './presenter.ts';
import * as contacts from './service.ts';
import { readImportFile } from './upload.ts';

export async function contactRoutes(app: App, platform: Platform) {
  serve(app, endpoints.list, async (request) => {
    const q = request.query;
    const { rows, total, capped, nextCursor } = await contacts.listContacts({ platform, actor: requireActor(request), filter: q });
    return list(rows.map(presentContact), total, q, capped, nextCursor);
  });
  serve(app, endpoints.export, async (request, reply) => {
    const body = await contacts.exportContacts({ platform, actor: requireActor(request), search: request.query.search });
    return sendFile(reply, { fileName: `contacts-${platform.clock().toISOString().slice(0, 10)}.xlsx`, contentType: xlsxMimeType, body });
  });
  serve(app, endpoints.get, async (request) =>
    item(presentContact(await contacts.getContact({ platform, actor: requireActor(request), id: request.params.id }))),
  );
  serve(app, endpoints.create, async (request) =>
    item(presentContact(await contacts.createContact({ platform, actor: requireActor(request), input: request.body }))),
  );
  serve(app, endpoints.update, async (request) =>
    item(presentContact(await contacts.updateContact({ platform, actor: requireActor(request), id: request.params.id, input: request.body }))),
  );
  serve(app, endpoints.delete, async (request) => {
    await contacts.deleteContact({ platform, actor: requireActor(request), id: request.params.id });
    return { data: { ok: true as const } };
  });

  // Multipart only where it is used: the import's upload (20 MB, one file).
  await app.register(async (plain) => {
    await plain.register(multipart, { throwFileSizeLimit: true });
    serve(plain.withTypeProvider<ZodTypeProvider>(), endpoints.uploadImport, async (request) => {
      const actor = requireActor(request);
      const file = await readImportFile(request as never);
      return item(presentImport(await importing.uploadImport({ platform, actor, file })));
    });
  });
  serve(app, endpoints.startImport, async (request) =>
    item(presentImport(await importing.startImport({ platform, actor: requireActor(request), id: request.params.id, input: request.body }))),
  );
  serve(app, endpoints.getImport, async (request) =>
    item(presentImport(await importing.getImport({ platform, actor: requireActor(request), id: request.params.id }))),
  );
  serve(app, endpoints.importRows, async (request) => {
    const q = request.query;
    const { rows, total } = await importing.importOutcomes({ platform, actor: requireActor(request), id: request.params.id, filter: q });
    return list(rows.map(presentOutcome), total, { limit: q.limit, offset: q.offset, order: 'ASC' });
  });
  serve(app, endpoints.importRejected, async (request, reply) => {
    const file = await importing.rejectedRows({ platform, actor: requireActor(request), id: request.params.id });
    if (!file) return reply.status(204).send();
    return sendFile(reply, { fileName: file.fileName, contentType: xlsxMimeType, body: file.body });
  });
}
