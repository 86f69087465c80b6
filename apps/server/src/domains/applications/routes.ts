import { applicationEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { presentApplication } from './presenter.ts';
import * as applications from './service.ts';
import { resendInvitation, setTenantUserActive, tenantUsers } from './tenant-users.ts';

const presentOne = (p: {
  row: Parameters<typeof presentApplication>[0];
  owner: Parameters<typeof presentApplication>[1];
  userCount: number;
  verifiedBy?: string | null;
}) => presentApplication(p.row, p.owner, p.userCount, p.verifiedBy ?? null);

export function applicationRoutes(app: App, platform: Platform) {
  serve(app, endpoints.signUp, async (request) => item(await applications.signUp({ platform, input: request.body, ip: request.ip })), {
    rateLimit: { max: 5, timeWindow: '1 minute' },
  });
  serve(app, endpoints.list, async (request) => {
    const q = request.query;
    const { items, total } = await applications.listApplications({
      platform,
      actor: requireActor(request),
      filter: { ...q, enabled: q.enabled === undefined ? undefined : q.enabled === 'true' },
    });
    return list(items.map(presentOne), total, q);
  });
  serve(app, endpoints.create, async (request) =>
    item(presentOne(await applications.createApplication({ platform, actor: requireActor(request), input: request.body }))),
  );
  serve(app, endpoints.get, async (request) =>
    item(presentOne(await applications.getApplication({ platform, actor: requireActor(request), id: request.params.id }))),
  );
  serve(app, endpoints.update, async (request) =>
    item(presentOne(await applications.updateApplication({ platform, actor: requireActor(request), id: request.params.id, input: request.body }))),
  );
  serve(app, endpoints.verifyCompanyIdentity, async (request) =>
    item(presentOne(await applications.verifyCompanyIdentity({ platform, actor: requireActor(request), id: request.params.id, input: request.body }))),
  );
  serve(app, endpoints.withdrawCompanyIdentity, async (request) =>
    item(presentOne(await applications.withdrawVerifiedCompanyIdentity({ platform, actor: requireActor(request), id: request.params.id }))),
  );
  serve(app, endpoints.users, async (request) => {
    const q = request.query;
    const filter = { ...q, active: q.active === undefined ? undefined : q.active === 'true' };
    const { rows, total } = await tenantUsers({ platform, actor: requireActor(request), appId: request.params.id, filter });
    return list(rows, total, q);
  });
  serve(app, endpoints.resendInvitation, async (request) => {
    await resendInvitation({ platform, actor: requireActor(request), appId: request.params.id, userId: request.params.userId });
    return item({ ok: true as const });
  });
  serve(app, endpoints.setUserActive, async (request) =>
    item(
      await setTenantUserActive({
        platform,
        actor: requireActor(request),
        appId: request.params.id,
        userId: request.params.userId,
        active: request.body.active,
      }),
    ),
  );
}
