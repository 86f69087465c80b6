import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { certificateEndpoints as endpoints, identityDocumentKindSchema, identityDocumentMaxBytes } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { AppError } from '../../platform/errors.ts';
import { readUpload } from '../templates/index.ts';
import * as service from './service.ts';

export async function certificateRoutes(app: App, platform: Platform) {
  serve(app, endpoints.mine, async (request) => item(await service.myCertificates({ platform, actor: requireActor(request) })));
  serve(app, endpoints.order, async (request) =>
    item(await service.orderCertificate({ platform, actor: requireActor(request), renewsId: request.body.renewsId })),
  );
  serve(app, endpoints.submit, async (request) => item(await service.submitOrder({ platform, actor: requireActor(request), id: request.params.id })));
  serve(app, endpoints.download, async (request, reply) =>
    sendFile(reply, await service.certificateFile({ platform, actor: requireActor(request), id: request.params.id, format: request.query.format })),
  );
  serve(app, endpoints.signerCheck, async (request) => item(await service.checkSigner({ platform, actor: requireActor(request), email: request.query.email })));
  serve(app, endpoints.queue, async (request) => {
    const page = await service.operatorQueue({ platform, query: request.query });
    return list(page.rows, page.total, request.query);
  });
  serve(app, endpoints.detail, async (request) => item(await service.operatorDetail({ platform, id: request.params.id })));
  serve(app, endpoints.document, async (request, reply) =>
    sendFile(reply, await service.operatorDocument({ platform, id: request.params.id, docId: request.params.docId })),
  );
  serve(app, endpoints.decide, async (request) =>
    item(await service.decide({ platform, actor: requireActor(request), id: request.params.id, input: request.body })),
  );

  await app.register(async (plain) => {
    await plain.register(multipart, { throwFileSizeLimit: true });
    const typed = plain.withTypeProvider<ZodTypeProvider>();
    serve(typed, endpoints.upload, async (request) => {
      const actor = requireActor(request);
      const { file, fields } = await readUpload(request as never, identityDocumentMaxBytes, 'identity document');
      const kind = identityDocumentKindSchema.safeParse(fields.kind);
      if (!kind.success) {
        throw new AppError('VALIDATION_FAILED', 'kind: idFront, idBack, passport or selfie.', {
          fields: [{ field: 'kind', rule: 'invalid_value', message: 'idFront, idBack, passport or selfie.' }],
        });
      }
      return item(await service.uploadIdentityDocument({ platform, actor, id: request.params.id, kind: kind.data, file }));
    });
  });
}
