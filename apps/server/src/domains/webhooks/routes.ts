import { webhookEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { presentDelivery, presentEndpoint } from './presenter.ts';
import * as webhooks from './service.ts';

export function webhookRoutes(app: App, platform: Platform) {
  const present = (row: Parameters<typeof presentEndpoint>[0]) => presentEndpoint(row, platform.clock());
  serve(app, endpoints.list, async (request) => ({ data: (await webhooks.listEndpoints({ platform, actor: requireActor(request) })).map(present) }));
  serve(app, endpoints.create, async (request) => {
    const { row, secret } = await webhooks.createEndpoint({ platform, actor: requireActor(request), input: request.body });
    return item({ ...present(row), secret });
  });
  serve(app, endpoints.get, async (request) => item(present(await webhooks.getEndpoint({ platform, actor: requireActor(request), id: request.params.id }))));
  serve(app, endpoints.update, async (request) =>
    item(present(await webhooks.updateEndpoint({ platform, actor: requireActor(request), id: request.params.id, input: request.body }))),
  );
  serve(app, endpoints.delete, async (request) => {
    await webhooks.deleteEndpoint({ platform, actor: requireActor(request), id: request.params.id });
    return { data: { ok: true as const } };
  });
  serve(app, endpoints.rotateSecret, async (request) => {
    const { row, secret } = await webhooks.rotateSecret({ platform, actor: requireActor(request), id: request.params.id });
    return item({ ...present(row), secret });
  });
  serve(app, endpoints.sendTest, async (request) =>
    item(presentDelivery(await webhooks.sendTestEvent({ platform, actor: requireActor(request), id: request.params.id }))),
  );
  serve(app, endpoints.deliveries, async (request) => {
    const { rows, nextCursor } = await webhooks.listDeliveries({ platform, actor: requireActor(request), id: request.params.id, ...request.query });
    return { data: rows.map(presentDelivery), nextCursor };
  });
  serve(app, endpoints.replay, async (request) =>
    item(
      presentDelivery(await webhooks.replayDelivery({ platform, actor: requireActor(request), id: request.params.id, deliveryId: request.params.deliveryId })),
    ),
  );
}
