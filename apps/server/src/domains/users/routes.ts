import { z } from 'zod';
import {
  childrenQuerySchema,
  emailSchema,
  isExistResponse,
  isUsedResponse,
  okSchema,
  profileInputSchema,
  profileSchema,
  userAdditionalDataSchema,
  userInputSchema,
  userListQuerySchema,
  userListResponse,
  userResponse,
  uuidSchema,
} from '@paraphe/contracts';
import type { DomainRoutes } from '../../platform/http/app.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { presentUser } from './presenter.ts';
import * as users from './service.ts';

const idParams = z.object({ id: uuidSchema });
const tags = ['users'];

export const userRoutes: DomainRoutes = (app, platform) => {
  const read = { audience: 'user', permission: 'users.read' } as const;

  app.get('/api/Users', { schema: { tags, querystring: userListQuerySchema, response: { 200: userListResponse } }, config: read }, async (request) => {
    const q = request.query;
    const filter = { ...q, active: q.active === undefined ? undefined : q.active === 'true' };
    const { rows, total } = await users.listUsers({ platform, actor: requireActor(request), filter });
    return list(rows.map(presentUser), total, q);
  });

  app.get('/api/Users/isExist', { schema: { tags, querystring: z.object({ email: emailSchema }), response: { 200: isExistResponse } }, config: { audience: 'user', permission: 'users.create' } }, async (request) =>
    item({ exists: await users.emailExists({ platform, actor: requireActor(request), email: request.query.email }) }),
  );

  app.get(
    '/api/Users/byProfiles/:profiles',
    { schema: { tags, params: z.object({ profiles: z.string().transform((s) => s.split(',')).pipe(z.array(profileSchema).min(1)) }), response: { 200: userListResponse } }, config: { audience: 'user' } },
    async (request) => {
      const rows = await users.usersByProfiles({ platform, actor: requireActor(request), profiles: request.params.profiles });
      return list(rows.map(presentUser), rows.length, { limit: rows.length, offset: 0, order: 'ASC' });
    },
  );

  app.get('/api/Users/isUsed/:id', { schema: { tags, params: idParams, response: { 200: isUsedResponse } }, config: read }, async (request) =>
    item(await users.isUserUsed({ platform, actor: requireActor(request), id: request.params.id })),
  );

  app.put('/api/Users/me', { schema: { tags, body: profileInputSchema, response: { 200: userResponse } }, config: { audience: 'user', permission: 'settings.profile' } }, async (request) =>
    item(presentUser(await users.updateOwnProfile({ platform, actor: requireActor(request), input: request.body }))),
  );

  app.patch('/api/Users/additionnalData', { schema: { tags, body: userAdditionalDataSchema, response: { 200: userResponse } }, config: { audience: 'user', allowSuspended: true } }, async (request) =>
    item(presentUser(await users.updateOwnAdditionalData({ platform, actor: requireActor(request), data: request.body }))),
  );

  app.get('/api/Users/:id', { schema: { tags, params: idParams, response: { 200: userResponse } }, config: read }, async (request) =>
    item(presentUser(await users.getUser({ platform, actor: requireActor(request), id: request.params.id }))),
  );

  app.get('/api/Users/:id/children', { schema: { tags, params: idParams, querystring: childrenQuerySchema, response: { 200: userListResponse } }, config: { audience: 'user' } }, async (request) => {
    const rows = await users.childrenOfUser({ platform, actor: requireActor(request), id: request.params.id, recursive: request.query.recursif === '1' });
    return list(rows.map(presentUser), rows.length, { limit: rows.length, offset: 0, order: 'ASC' });
  });

  app.get('/api/Users/:id/parent', { schema: { tags, params: idParams, response: { 200: itemOrNull } }, config: { audience: 'user' } }, async (request) => {
    const parent = await users.parentOfUser({ platform, actor: requireActor(request), id: request.params.id });
    return item(parent ? presentUser(parent) : null);
  });

  app.post('/api/Users', { schema: { tags, body: userInputSchema, response: { 201: userResponse } }, config: { audience: 'user', permission: 'users.create' } }, async (request, reply) => {
    const user = await users.createUser({ platform, actor: requireActor(request), input: request.body });
    return reply.status(201).send(item(presentUser(user)));
  });

  app.put('/api/Users/:id', { schema: { tags, params: idParams, body: userInputSchema, response: { 200: userResponse } }, config: { audience: 'user', permission: 'users.update' } }, async (request) =>
    item(presentUser(await users.updateUser({ platform, actor: requireActor(request), id: request.params.id, input: request.body }))),
  );

  app.delete('/api/Users/:id', { schema: { tags, params: idParams, response: { 200: okSchema } }, config: { audience: 'user', permission: 'users.delete' } }, async (request) => {
    await users.deleteUser({ platform, actor: requireActor(request), id: request.params.id });
    return { data: { ok: true as const } };
  });

  app.post(
    '/api/Users/:id/password/:client',
    { schema: { tags, params: z.object({ id: uuidSchema, client: z.string().max(40) }), response: { 200: okSchema } }, config: { audience: 'user', permission: 'users.update' } },
    async (request) => {
      await users.sendPasswordLink({ platform, actor: requireActor(request), id: request.params.id });
      return { data: { ok: true as const } };
    },
  );
};

const itemOrNull = z.object({ data: z.lazy(() => userResponse.shape.data).nullable() });
