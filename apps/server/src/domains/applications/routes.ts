import { z } from 'zod';
import {
  applicationCreateSchema,
  applicationListQuerySchema,
  applicationListResponse,
  applicationResponse,
  applicationUpdateSchema,
  signUpInputSchema,
  signUpResponse,
  uuidSchema,
} from '@paraphe/contracts';
import type { DomainRoutes } from '../../platform/http/app.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { presentApplication } from './presenter.ts';
import * as applications from './service.ts';

const tags = ['applications'];
const idParams = z.object({ id: uuidSchema });
const presentOne = (p: Awaited<ReturnType<typeof applications.getApplication>>) => presentApplication(p.row, p.owner, p.userCount);

export const applicationRoutes: DomainRoutes = (app, platform) => {
  app.post(
    '/api/applications/public',
    { schema: { tags, body: signUpInputSchema, response: { 201: signUpResponse } }, config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
    async (request, reply) => reply.status(201).send(item(await applications.signUp({ platform, input: request.body, ip: request.ip }))),
  );

  app.get('/api/applications', { schema: { tags, querystring: applicationListQuerySchema, response: { 200: applicationListResponse } }, config: { audience: 'application', permission: 'admin.applications' } }, async (request) => {
    const q = request.query;
    const { items, total } = await applications.listApplications({
      platform,
      actor: requireActor(request),
      filter: { ...q, enabled: q.enabled === undefined ? undefined : q.enabled === 'true' },
    });
    return list(items.map(presentOne), total, q);
  });

  app.post('/api/applications', { schema: { tags, body: applicationCreateSchema, response: { 201: applicationResponse } }, config: { audience: 'application', permission: 'admin.applications' } }, async (request, reply) =>
    reply.status(201).send(item(presentOne(await applications.createApplication({ platform, actor: requireActor(request), input: request.body })))),
  );

  app.get('/api/applications/:id', { schema: { tags, params: idParams, response: { 200: applicationResponse } }, config: { audience: 'application' } }, async (request) =>
    item(presentOne(await applications.getApplication({ platform, actor: requireActor(request), id: request.params.id }))),
  );

  app.put('/api/applications/:id', { schema: { tags, params: idParams, body: applicationUpdateSchema, response: { 200: applicationResponse } }, config: { audience: 'application' } }, async (request) =>
    item(presentOne(await applications.updateApplication({ platform, actor: requireActor(request), id: request.params.id, input: request.body }))),
  );
};
