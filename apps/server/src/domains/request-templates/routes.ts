import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestTemplateEndpoints as endpoints, requestTemplateFormPart, requestTemplateInputSchema, type RequestTemplateData } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { fieldErrorsOfZod } from '../../platform/http/validation.ts';
import { editorContext, prepareDocuments, presentRequest, readSignatureForm, uploadLimits, type PreparedDocument } from '../signatures/index.ts';
import { createTemplate, createTemplateFromRequest, duplicateTemplate, updateTemplate } from './saving.ts';
import { getTemplate, listTemplates, setArchived, templateDocument } from './service.ts';
import { createRequestFromTemplate } from './use.ts';

/**
 * A template save's multipart body: the `template` JSON part validated like a body (zod issues become field errors),
 * then the file parts its new document entries name, checked as a request's uploads are.
 */
async function readTemplateForm(
  platform: Platform,
  request: FastifyRequest,
  appId: string,
  only: (entry: RequestTemplateData['documents'][number]) => boolean,
): Promise<{ data: RequestTemplateData; documents: PreparedDocument[] }> {
  const limits = await uploadLimits(platform, appId);
  const form = await readSignatureForm(request, limits);
  const raw = form.fields[requestTemplateFormPart];
  if (!raw) {
    throw new AppError('VALIDATION_FAILED', 'Send the template as a JSON text part named "template".', {
      fields: [{ field: requestTemplateFormPart, rule: 'required', message: 'Send the template as a JSON text part named "template".' }],
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The "template" part must be JSON.', {
      fields: [{ field: requestTemplateFormPart, rule: 'invalid_value', message: 'The "template" part must be JSON.' }],
    });
  }
  const parsed = requestTemplateInputSchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: fieldErrorsOfZod(parsed.error.issues) });
  const data = parsed.data;
  const documents = await prepareDocuments({
    workers: platform.workers,
    entries: data.documents.filter(only),
    files: form.files,
    limits,
    signerIndexes: data.roles.flatMap((r, i) => (r.role === 'signer' ? [i] : [])),
  });
  return { data, documents };
}

export async function requestTemplateRoutes(app: App, platform: Platform) {
  await app.register(async (plain) => {
    await plain.register(multipart, { throwFileSizeLimit: true });
    const typed = plain.withTypeProvider<ZodTypeProvider>();
    serve(typed, endpoints.create, async (request) => {
      const actor = requireActor(request);
      const { data, documents } = await readTemplateForm(platform, request as never, actor.appId, () => true);
      const link = request.embedDraft?.kind === 'template' ? request.embedDraft : null;
      // The embedded editor of a new template: its link opens this template from now on, bound in the template's
      // transaction — of two first saves at once (a double click, two tabs), the second makes nothing.
      const within = link
        ? async (tx: Tx, templateId: string) => {
            if (!(await link.bindTemplate(templateId, tx)))
              throw new AppError('CONFLICT', 'This editor link has made its template already: reload the editor to edit it.');
          }
        : undefined;
      return item(await createTemplate({ platform, actor, data, documents, within }));
    });
    serve(typed, endpoints.update, async (request) => {
      const actor = requireActor(request);
      const { data, documents } = await readTemplateForm(platform, request as never, actor.appId, (entry) => !entry.documentId);
      return item(await updateTemplate({ platform, actor, id: request.params.id, data, added: documents }));
    });
  });

  serve(app, endpoints.list, async (request) => {
    const { items, total, capped } = await listTemplates({ platform, actor: requireActor(request), query: request.query });
    return list(items, total, request.query, capped);
  });
  serve(app, endpoints.get, async (request) => item(await getTemplate({ platform, actor: requireActor(request), id: request.params.id })));
  serve(app, endpoints.editorContext, async (request) =>
    item(await editorContext({ platform, actor: requireActor(request), expiresAt: request.embedDraft?.expiresAt ?? null })),
  );
  serve(app, endpoints.createFromRequest, async (request) =>
    item(await createTemplateFromRequest({ platform, actor: requireActor(request), input: request.body })),
  );
  serve(app, endpoints.duplicate, async (request) => item(await duplicateTemplate({ platform, actor: requireActor(request), id: request.params.id })));
  serve(app, endpoints.archive, async (request) => item(await setArchived({ platform, actor: requireActor(request), id: request.params.id, archived: true })));
  serve(app, endpoints.restore, async (request) => item(await setArchived({ platform, actor: requireActor(request), id: request.params.id, archived: false })));
  serve(app, endpoints.document, async (request, reply) => {
    const doc = await templateDocument({ platform, actor: requireActor(request), id: request.params.id, documentId: request.params.docId });
    return sendFile(reply, {
      fileName: doc.fileName,
      contentType: 'application/pdf',
      body: platform.storage.stream(doc.storageKey),
      sizeBytes: doc.sizeBytes,
      disposition: 'attachment',
    });
  });
  serve(app, endpoints.use, async (request) => {
    const { view, links, warnings } = await createRequestFromTemplate({ platform, actor: requireActor(request), id: request.params.id, input: request.body });
    return item({
      ...presentRequest(view.row, view.signers, view.documents, view.activeContent, view.deliveries),
      links,
      ...(warnings.length ? { warnings } : {}),
    });
  });
}
