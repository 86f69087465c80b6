import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { importStampAccountFieldsSchema, stampEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { AppError } from '../../platform/errors.ts';
import { getApplication } from '../tenants/index.ts';
import { readUpload } from '../templates/index.ts';
import * as accounts from './accounts.ts';
import { presentAccount, presentStamp } from './presenter.ts';
import { sealFile, sealedFile, stampHistory } from './sealing.ts';

/** A PKCS#12 is a few kilobytes; 1 MB leaves room for long chains. */
const maxPkcs12Bytes = 1024 * 1024;
const megabyte = 1024 * 1024;

export async function stampRoutes(app: App, platform: Platform) {
  serve(app, endpoints.listAccounts, async (request) => item((await accounts.listAccounts({ platform, actor: requireActor(request) })).map(presentAccount)));
  serve(app, endpoints.createBuiltinAccount, async (request) =>
    item(presentAccount(await accounts.createBuiltinAccount({ platform, actor: requireActor(request), ...request.body }))),
  );
  serve(app, endpoints.setDefaultAccount, async (request) =>
    item(presentAccount(await accounts.setDefaultAccount({ platform, actor: requireActor(request), id: request.params.id }))),
  );
  serve(app, endpoints.deleteAccount, async (request) => {
    await accounts.deleteAccount({ platform, actor: requireActor(request), id: request.params.id });
    return item({ ok: true as const });
  });
  serve(app, endpoints.history, async (request) => {
    const page = await stampHistory({ platform, actor: requireActor(request), query: request.query });
    return list(page.rows.map(presentStamp), page.total, request.query, page.capped);
  });
  serve(app, endpoints.download, async (request, reply) => {
    const file = await sealedFile({ platform, actor: requireActor(request), id: request.params.id });
    return sendFile(reply, { fileName: file.fileName, contentType: 'application/pdf', body: file.body });
  });

  // Multipart only where it is used: the PKCS#12 import and the file to seal.
  await app.register(async (plain) => {
    await plain.register(multipart, { throwFileSizeLimit: true });
    const typed = plain.withTypeProvider<ZodTypeProvider>();
    serve(typed, endpoints.importAccount, async (request) => {
      const actor = requireActor(request);
      const { file, fields } = await readUpload(request as never, maxPkcs12Bytes, 'PKCS#12 file');
      const parsed = importStampAccountFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), rule: issue.code, message: issue.message }));
        throw new AppError('VALIDATION_FAILED', problems.map((p) => `${p.field}: ${p.message}`).join('; '), { fields: problems });
      }
      return item(presentAccount(await accounts.importAccount({ platform, actor, pkcs12: file.data, ...parsed.data })));
    });
    serve(typed, endpoints.seal, async (request) => {
      const actor = requireActor(request);
      const application = await platform.database.inSystem((tx) => getApplication(tx, actor.appId));
      const { file, fields } = await readUpload(request as never, application.settings.maxFileSizeMb * megabyte, 'PDF');
      return item(presentStamp(await sealFile({ platform, actor, file, request: fields.request })));
    });
  });
}
