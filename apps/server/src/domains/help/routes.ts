import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { helpAttachmentMaxBytes, helpEndpoints as endpoints, helpRequestInputSchema } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { fieldErrorsOfZod } from '../../platform/http/validation.ts';
import { readOptionalUpload } from '../templates/index.ts';
import * as service from './service.ts';

/** The form's text part `input` (JSON), validated like a JSON body (field errors by name). */
function parseInput(raw: string | undefined) {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '');
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The part "input" must be JSON.', {
      fields: [{ field: 'input', rule: 'required', message: 'The part "input" must be JSON.' }],
    });
  }
  const parsed = helpRequestInputSchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: fieldErrorsOfZod(parsed.error.issues, json) });
  return parsed.data;
}

export async function helpRoutes(app: App, platform: Platform) {
  serve(app, endpoints.list, async (request) => {
    const { limit, offset, status } = request.query;
    const page = await service.listHelpRequests({ platform, filter: { limit, offset, status } });
    return list(page.rows, page.total, request.query);
  });
  serve(app, endpoints.setStatus, async (request) =>
    item(await service.setHelpRequestStatus({ platform, actor: requireActor(request), id: request.params.id, status: request.body.status })),
  );
  serve(app, endpoints.attachment, async (request, reply) => sendFile(reply, await service.helpAttachment({ platform, id: request.params.id })));

  await app.register(async (plain) => {
    await plain.register(multipart, { throwFileSizeLimit: true });
    const typed = plain.withTypeProvider<ZodTypeProvider>();
    serve(
      typed,
      endpoints.create,
      async (request) => {
        const actor = requireActor(request);
        const { file, fields } = await readOptionalUpload(request as never, helpAttachmentMaxBytes, 'attachment');
        const input = parseInput(fields.input);
        return item(await service.createHelpRequest({ platform, actor, input, attachment: file }));
      },
      // Per user: a help form is not a chat (5 an hour is plenty, and stops a loop mailing the administrator).
      {
        rateLimit: {
          max: 5,
          timeWindow: '1 hour',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `help|${request.actor?.realUserId ?? request.ip}`,
        },
      },
    );
  });
}
