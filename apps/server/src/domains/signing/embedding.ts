import { embedSigningPathPrefix } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { embeddablePageRoute } from '../../platform/http/web-app.ts';
import { embedOriginsOf, getApplication } from '../tenants/index.ts';
import { resolveLink } from './access.ts';

/**
 * Embedded signing (docs/embedding.md). The origins that may frame a link's page: its tenant's, while the link is
 * valid and the tenant enabled; none for a link that is unknown, tampered, past its date or whose request is gone
 * (the page then says why, unframed).
 */
export async function embedOriginsOfLink(platform: Platform, token: string): Promise<string[]> {
  const link = await resolveLink(platform, token).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  if (!link || link.linkExpired) return [];
  return platform.database.inTenant(link.appId, async (tx) => {
    const application = await getApplication(tx, link.appId).catch(() => null);
    return application?.enabled ? embedOriginsOf(application) : [];
  });
}

/** `GET /embed/sign/:token`: the SPA (which opens the signing page of that token in embed mode) framed only by the tenant's origins. */
export function embedPageRoutes(app: App, platform: Platform) {
  embeddablePageRoute(app, platform.config, embedSigningPathPrefix, async (token) => ({ origins: await embedOriginsOfLink(platform, token) }));
}
