import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { logoRules, settingsEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { fileContentSecurityPolicy } from '../../platform/http/headers.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { AppError } from '../../platform/errors.ts';
import { readUpload } from '../templates/index.ts';
import { previewTemplate, sendTestTemplate } from './messages.ts';
import * as service from './service.ts';
import { logoRefused } from './logo.ts';

export async function settingsRoutes(app: App, platform: Platform) {
  const scoped = (request: { params: { appId: string } }) => ({ platform, actor: requireActor(request as never), appId: request.params.appId });
  serve(app, endpoints.get, async (request) => item(await service.getSettings(scoped(request))));
  serve(app, endpoints.saveGeneral, async (request) => item(await service.saveGeneral({ ...scoped(request), input: request.body })));
  serve(app, endpoints.saveParameters, async (request) => item(await service.saveParameters({ ...scoped(request), input: request.body })));
  serve(app, endpoints.saveTemplates, async (request) => item(await service.saveTemplates({ ...scoped(request), input: request.body })));
  serve(app, endpoints.previewTemplate, async (request) => item(await previewTemplate({ ...scoped(request), input: request.body })));
  serve(app, endpoints.sendTestTemplate, async (request) => item(await sendTestTemplate({ ...scoped(request), input: request.body })));
  serve(app, endpoints.deleteLogo, async (request) => item(await service.deleteLogo(scoped(request))));
  serve(app, endpoints.saveProvider, async (request) => item(await service.saveProvider({ ...scoped(request), input: request.body })));
  serve(app, endpoints.effectiveProvider, async (request) => item(await service.effectiveProvider({ ...scoped(request), userId: request.params.userId })));
  serve(app, endpoints.testProvider, async (request) => item(await service.testProvider({ ...scoped(request), userId: request.query.userId })));
  serve(app, endpoints.mySignatureDefaults, async (request) => item(await service.mySignatureDefaults({ platform, actor: requireActor(request) })));

  // Public and cacheable for a year: each upload gets a new unguessable version, so an address never changes content.
  serve(app, endpoints.logo, async (request, reply) => {
    const logo = await service.logoFile({ platform, appId: request.params.appId, version: request.params.version });
    return reply
      .header('content-type', logo.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', fileContentSecurityPolicy)
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(logo.body);
  });

  await app.register(async (plain) => {
    await plain.register(multipart, { throwFileSizeLimit: true });
    const typed = plain.withTypeProvider<ZodTypeProvider>();
    serve(typed, endpoints.uploadLogo, async (request) => {
      // A bigger file is refused by the logo's rule (400 on the field logo), not as a bare 413.
      const { file } = await readUpload(request as never, logoRules.maxBytes, 'logo').catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'FILE_TOO_LARGE' ? logoRefused(`The file is over ${logoRules.maxBytes / 1024} KB.`) : error;
      });
      return item(await service.uploadLogo({ ...scoped(request), data: file.data }));
    });
  });
}
