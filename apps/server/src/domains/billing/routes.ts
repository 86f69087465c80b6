import { billingEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { xlsxMimeType } from '../../platform/spreadsheets/index.ts';
import { presentPrices, presentProfileState } from './presenter.ts';
import { goLive, liveModeState } from './liveMode.ts';
import * as billing from './service.ts';

export function billingRoutes(app: App, platform: Platform) {
  serve(app, endpoints.liveMode, async (request) => item(await liveModeState({ platform, actor: requireActor(request) })));
  serve(app, endpoints.goLive, async (request) => item(await goLive({ platform, actor: requireActor(request) })));
  serve(app, endpoints.getProfile, async (request) => item(presentProfileState(await billing.getProfile({ platform, actor: requireActor(request) }))));
  serve(app, endpoints.saveProfile, async (request) =>
    item(presentProfileState(await billing.saveProfile({ platform, actor: requireActor(request), input: request.body }))),
  );
  serve(app, endpoints.prices, async (request) => item(presentPrices(await billing.tenantPrices({ platform, actor: requireActor(request) }))));
  serve(app, endpoints.consumption, async (request) => item(await billing.consumptionReport({ platform, actor: requireActor(request), query: request.query })));
  serve(app, endpoints.userConsumption, async (request) =>
    item(await billing.userConsumptionReport({ platform, actor: requireActor(request), query: request.query, userId: request.params.userId })),
  );
  serve(app, endpoints.exportConsumption, async (request, reply) => {
    const { from, to } = request.query;
    const body = await billing.exportConsumption({ platform, actor: requireActor(request), query: request.query });
    return sendFile(reply, { fileName: `consumption-${from}-${to}.xlsx`, contentType: xlsxMimeType, body });
  });
  serve(app, endpoints.adminPrices, async (request) =>
    item(presentPrices(await billing.adminPrices({ platform, actor: requireActor(request), appId: request.params.id }))),
  );
  serve(app, endpoints.setAdminPrices, async (request) =>
    item(presentPrices(await billing.setAdminPrices({ platform, actor: requireActor(request), appId: request.params.id, prices: request.body }))),
  );
  serve(app, endpoints.resetAdminPrices, async (request) => {
    await billing.setAdminPrices({ platform, actor: requireActor(request), appId: request.params.id, prices: null });
    return { data: { ok: true as const } };
  });
}
