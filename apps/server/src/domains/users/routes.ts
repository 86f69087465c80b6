import { userEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { presentUser } from './presenter.ts';
import * as users from './service.ts';

const whole = <T>(rows: T[]) => list(rows, rows.length, { limit: rows.length, offset: 0, order: 'ASC' });

export function userRoutes(app: App, platform: Platform) {
  serve(app, endpoints.list, async (request) => {
    const q = request.query;
    const filter = { ...q, active: q.active === undefined ? undefined : q.active === 'true' };
    const { rows, total } = await users.listUsers({ platform, actor: requireActor(request), filter });
    return list(rows.map(presentUser), total, q);
  });
  serve(app, endpoints.isExist, async (request) =>
    item({ exists: await users.emailExists({ platform, actor: requireActor(request), email: request.query.email }) }),
  );
  serve(app, endpoints.byProfiles, async (request) =>
    whole((await users.usersByProfiles({ platform, actor: requireActor(request), profiles: request.params.profiles })).map(presentUser)),
  );
  serve(app, endpoints.isUsed, async (request) => item(await users.isUserUsed({ platform, actor: requireActor(request), id: request.params.id })));
  serve(app, endpoints.updateOwnProfile, async (request) =>
    item(presentUser(await users.updateOwnProfile({ platform, actor: requireActor(request), input: request.body }))),
  );
  serve(app, endpoints.updateOwnAdditionalData, async (request) =>
    item(presentUser(await users.updateOwnAdditionalData({ platform, actor: requireActor(request), data: request.body }))),
  );
  serve(app, endpoints.get, async (request) => item(presentUser(await users.getUser({ platform, actor: requireActor(request), id: request.params.id }))));
  serve(app, endpoints.children, async (request) =>
    whole(
      (await users.childrenOfUser({ platform, actor: requireActor(request), id: request.params.id, recursive: request.query.recursif === '1' })).map(
        presentUser,
      ),
    ),
  );
  serve(app, endpoints.parent, async (request) => {
    const parent = await users.parentOfUser({ platform, actor: requireActor(request), id: request.params.id });
    return item(parent ? presentUser(parent) : null);
  });
  serve(app, endpoints.create, async (request) => item(presentUser(await users.createUser({ platform, actor: requireActor(request), input: request.body }))));
  serve(app, endpoints.update, async (request) =>
    item(presentUser(await users.updateUser({ platform, actor: requireActor(request), id: request.params.id, input: request.body }))),
  );
  serve(app, endpoints.move, async (request) =>
    item(presentUser(await users.moveUser({ platform, actor: requireActor(request), id: request.params.id, parentId: request.body.parentId }))),
  );
  serve(app, endpoints.delete, async (request) => {
    await users.deleteUser({ platform, actor: requireActor(request), id: request.params.id });
    return { data: { ok: true as const } };
  });
  serve(app, endpoints.sendPasswordLink, async (request) => {
    await users.sendPasswordLink({ platform, actor: requireActor(request), id: request.params.id });
    return { data: { ok: true as const } };
  });
}
