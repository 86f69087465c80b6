import { paymentEndpoints } from '@paraphe/contracts';
import { defineModule, defineSubscription } from '../../platform/modules.ts';
import { announceCardMode } from './card-provider.ts';
import { handlePaymentRequested } from './charging.ts';
import { referencedKeys } from './repository.ts';
import { paymentRoutes } from './routes.ts';
import { paymentTemplates } from './templates.ts';

/** Money, payment (docs/payments.md): card through Stripe, SEPA direct debit with pain.008, ledger, refunds, disputes. */
export const paymentsModule = defineModule({
  name: 'payments',
  endpoints: [paymentEndpoints],
  routes: paymentRoutes,
  templates: paymentTemplates,
  // The platform writes to the tenant about its subscription: never from the tenant's own sender (docs/mail-senders.md).
  platformMails: ['payment-auto-failed'],
  subscriptions: (platform) => [
    defineSubscription({
      name: 'payments.charge',
      events: ['billing.payment_requested'],
      // Its own transactions: the provider is called between them (idempotent by the payment id).
      mode: 'own',
      expireInSeconds: 120,
      batchSize: 5,
      handle: (event) => handlePaymentRequested(platform, event),
    }),
  ],
  storageReferences: (platform, keys) => platform.database.inSystem((tx) => referencedKeys(tx, keys)),
  init: (platform) => announceCardMode(platform),
});
