import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultLocale, timestampEndpoints as endpoints, verificationEndpoints } from '@paraphe/contracts';
import { pdfLanguageOf } from '../../platform/pdf-texts.ts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { createTimestamp, listTimestamps, timestampOutput, uploadLimitOf, verifyUpload } from './service.ts';
import { maxPublicVerifyBytes, readTimestampForm } from './upload.ts';

/**
 * The public verification page's endpoint: per client address, 20 verifications a minute (a verification parses and
 * checks a PDF of up to 20 MB: CPU, not a guessable secret), like the other public endpoints (docs/security.md).
 */
const publicVerifyLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

export async function timestampRoutes(app: App, platform: Platform) {
  serve(app, endpoints.list, async (request) =>
    listTimestamps({ platform, actor: requireActor(request), limit: request.query.limit, offset: request.query.offset }),
  );

  serve(app, endpoints.download, async (request, reply) => {
    const file = await timestampOutput({ platform, actor: requireActor(request), id: request.params.id, output: request.params.output });
    return sendFile(reply, file);
  });

  // Multipart only where it is used: the uploads, in memory, bounded per part (upload.ts).
  await app.register(async (plain) => {
    await plain.register(multipart, { throwFileSizeLimit: true });
    const typed = plain.withTypeProvider<ZodTypeProvider>();
    serve(typed, endpoints.create, async (request) => {
      const actor = requireActor(request);
      const form = await readTimestampForm(request as never, await uploadLimitOf(platform, actor.appId));
      const language = pdfLanguageOf(form.fields.language ?? defaultLocale);
      return { data: await createTimestamp({ platform, actor, file: form.file, language }) };
    });
    serve(typed, endpoints.verify, async (request) => {
      const actor = requireActor(request);
      return { data: await verifyUpload(platform, await readTimestampForm(request as never, await uploadLimitOf(platform, actor.appId))) };
    });
    serve(
      typed,
      verificationEndpoints.verify,
      async (request) => ({ data: await verifyUpload(platform, await readTimestampForm(request as never, maxPublicVerifyBytes)) }),
      publicVerifyLimit,
    );
  });
}
