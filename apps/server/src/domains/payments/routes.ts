import { paymentEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { setStandinWebhookTarget } from './card-provider.ts';
import * as methods from './methods.ts';
import { presentBatch, presentPayment, presentRefund } from './presenter.ts';
import { refundInvoice } from './refunds.ts';
import * as sepa from './sepa/batches.ts';
import { getMandateState, mandatePdfOf, signMandate } from './sepa/mandate.ts';
import { receiveWebhook } from './webhook.ts';

/** The provider's webhooks are small; its raw bytes are kept for the signature. */
const webhookBodyLimit = 256 * 1024;

export async function paymentRoutes(app: App, platform: Platform) {
  const actorOf = (request: Parameters<typeof requireActor>[0]) => ({ platform, actor: requireActor(request) });
  serve(app, endpoints.methods, async (request) => item(await methods.paymentMethods(actorOf(request))));
  serve(app, endpoints.startCard, async (request) => item(await methods.startCardSetup(actorOf(request))));
  serve(app, endpoints.cardReturn, async (request) => item(await methods.cardReturn({ ...actorOf(request), sessionId: request.body.sessionId })));
  serve(app, endpoints.setDefaultCard, async (request) => item(await methods.setDefaultCard({ ...actorOf(request), cardId: request.params.cardId })));
  serve(app, endpoints.deleteCard, async (request) => item(await methods.deleteCard({ ...actorOf(request), cardId: request.params.cardId })));
  serve(app, endpoints.sepaMandate, async (request) => item(await getMandateState(actorOf(request))));
  serve(
    app,
    endpoints.signSepaMandate,
    async (request) => item(await signMandate({ ...actorOf(request), password: request.body.password, textSha256: request.body.textSha256 })),
    {
      rateLimit: { max: 10, timeWindow: '1 minute' },
    },
  );
  serve(app, endpoints.sepaMandatePdf, async (request, reply) => {
    const { rum, body } = await mandatePdfOf(actorOf(request));
    return sendFile(reply, { fileName: `mandate-${rum}.pdf`, contentType: 'application/pdf', body });
  });
  serve(app, endpoints.payments, async (request) => methods.tenantPayments({ ...actorOf(request), ...request.query }));
  serve(app, endpoints.refreshPayment, async (request) => item(await methods.refreshPayment({ ...actorOf(request), paymentId: request.params.id })));

  serve(app, endpoints.adminPayments, async (request) => methods.adminPayments({ ...actorOf(request), ...request.query }));
  serve(app, endpoints.refund, async (request) =>
    item(
      presentRefund(
        await refundInvoice({
          ...actorOf(request),
          saleId: request.params.saleId,
          amountCents: request.params.amountCents,
          reason: request.body.reason ?? null,
        }),
      ),
    ),
  );
  serve(app, endpoints.sepaOverview, async (request) => {
    const { pending, batches } = await sepa.sepaOverview(actorOf(request));
    return item({ pending: pending.map((p) => presentPayment(p, [])), batches: batches.map(presentBatch) });
  });
  serve(app, endpoints.createSepaBatch, async (request) => item(presentBatch(await sepa.createBatch(actorOf(request)))));
  serve(app, endpoints.sepaBatchXml, async (request, reply) => {
    const batch = await sepa.batchXml({ ...actorOf(request), batchId: request.params.id });
    return sendFile(reply, { fileName: `${batch.messageId}.xml`, contentType: 'application/xml', body: Buffer.from(batch.xml, 'utf8') });
  });
  serve(app, endpoints.collectSepaBatch, async (request) => item(presentBatch(await sepa.markCollected({ ...actorOf(request), batchId: request.params.id }))));
  serve(app, endpoints.rejectSepaDebit, async (request) =>
    item(presentPayment(await sepa.rejectDebit({ ...actorOf(request), paymentId: request.params.id, reasonCode: request.body.reasonCode }), [])),
  );

  // The webhook keeps its raw bytes (the signature covers them): its own JSON parser, in its own context.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: webhookBodyLimit }, (_request, body, done) => done(null, body));
    // Public like every webhook, so limited per address like every public endpoint; generous (the provider sends
    // bursts from a few addresses, and retries what got a 429 later).
    serve(
      scope as unknown as App,
      endpoints.stripeWebhook,
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return receiveWebhook(platform, raw, typeof signature === 'string' ? signature : undefined);
      },
      { rateLimit: { max: 600, timeWindow: '1 minute' } },
    );
  });
  // The in-process stand-in (no STRIPE_SECRET_KEY, outside production) sends its events to this same endpoint.
  setStandinWebhookTarget(
    platform,
    async (body, headers) => (await app.inject({ method: 'POST', url: endpoints.stripeWebhook.path, payload: body, headers })).statusCode,
  );
}
