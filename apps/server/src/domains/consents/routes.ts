import { consentEndpoints as endpoints, localeSchema } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { applicationById } from '../tenants/index.ts';
import { findUserById } from '../users/index.ts';
import { acceptTerms, acceptancesOf, currentTexts, listVersions, pendingTerms, publishText } from './service.ts';

/** The user's own language for the terms dialog (their setting), French by default. */
async function languageOf(platform: Platform, userId: string) {
  const user = await platform.database.inSystem((tx) => findUserById(tx, userId));
  return localeSchema.catch('fr').parse(user?.language);
}

export function consentRoutes(app: App, platform: Platform) {
  // Public (the sign-up page reads it): limited per client address like the other public reads.
  serve(app, endpoints.current, async (request) => item(await currentTexts(platform, request.query.language)), {
    rateLimit: { max: 300, timeWindow: '1 minute' },
  });
  serve(app, endpoints.versions, async () => item(await listVersions(platform)));
  serve(app, endpoints.publish, async (request) => item(await publishText({ platform, actor: requireActor(request), input: request.body })));
  serve(app, endpoints.applicationConsents, async (request) => {
    if (!(await platform.database.inSystem((tx) => applicationById(tx, request.params.id)))) throw notFound('Application');
    return item(await acceptancesOf(platform, request.params.id));
  });
  serve(app, endpoints.pendingTerms, async (request) => {
    const actor = requireActor(request);
    return item({ terms: await pendingTerms({ platform, actor, language: await languageOf(platform, actor.realUserId) }) });
  });
  serve(app, endpoints.acceptTerms, async (request) => {
    const actor = requireActor(request);
    await acceptTerms({ platform, actor, version: request.body.version });
    return item({ terms: await pendingTerms({ platform, actor, language: await languageOf(platform, actor.realUserId) }) });
  });
}
