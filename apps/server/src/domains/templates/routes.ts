import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { templateEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { csvMimeType, xlsxMimeType } from '../../platform/spreadsheets/index.ts';
import { csvToXlsx, xlsxToCsv } from './converters.ts';
import { presentBatch, presentTemplate } from './presenter.ts';
import * as templates from './service.ts';
import { maxSheetUploadBytes, maxTemplateUploadBytes, readUpload } from './upload.ts';

export async function templateRoutes(app: App, platform: Platform) {
  serve(app, endpoints.get, async (request) =>
    item(presentTemplate(await templates.getTemplate({ platform, actor: requireActor(request), id: request.params.id }))),
  );
  serve(app, endpoints.generatePdf, async (request, reply) => {
    const { templateId, values } = request.body;
    const pdf = await templates.previewPdf({ platform, actor: requireActor(request), templateId, values });
    return sendFile(reply, { fileName: pdf.fileName, contentType: 'application/pdf', body: pdf.body, disposition: 'inline' });
  });
  serve(app, endpoints.getBatch, async (request) =>
    item(presentBatch(await templates.getBatch({ platform, actor: requireActor(request), id: request.params.id }))),
  );
  serve(app, endpoints.batchZip, async (request, reply) => {
    const zip = await templates.batchZip({ platform, actor: requireActor(request), id: request.params.id });
    return sendFile(reply, { fileName: zip.fileName, contentType: 'application/zip', body: zip.body });
  });

  // Multipart only where it is used: the uploads (one file each, bounded).
  await app.register(async (plain) => {
    await plain.register(multipart, { throwFileSizeLimit: true });
    const typed = plain.withTypeProvider<ZodTypeProvider>();
    serve(typed, endpoints.upload, async (request) => {
      const actor = requireActor(request);
      const { file } = await readUpload(request as never, maxTemplateUploadBytes, 'template');
      return item(presentTemplate(await templates.uploadTemplate({ platform, actor, file })));
    });
    serve(typed, endpoints.startBatch, async (request) => {
      const actor = requireActor(request);
      const { file, fields } = await readUpload(request as never, maxSheetUploadBytes, 'spreadsheet');
      return item(presentBatch(await templates.startBatch({ platform, actor, file, request: fields.request })));
    });
    serve(typed, endpoints.xlsxToCsv, async (request, reply) => {
      requireActor(request);
      const { file } = await readUpload(request as never, maxSheetUploadBytes, 'spreadsheet');
      const csv = await xlsxToCsv(file, platform.workers);
      return sendFile(reply, { fileName: csv.fileName, contentType: csvMimeType, body: csv.body });
    });
    serve(typed, endpoints.csvToXlsx, async (request, reply) => {
      requireActor(request);
      const { file } = await readUpload(request as never, maxSheetUploadBytes, 'CSV file');
      const xlsx = await csvToXlsx(file);
      return sendFile(reply, { fileName: xlsx.fileName, contentType: xlsxMimeType, body: xlsx.body });
    });
  });
}
