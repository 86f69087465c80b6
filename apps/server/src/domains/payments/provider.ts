import Stripe from 'stripe';
import type { SavedCard } from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';

/**
 * The card provider as the payments domain sees it (docs/payments.md). Cards are collected on the provider's
 * hosted page (PCI SAQ A: card numbers never reach this server); charges are off-session on the default card.
 */
export type ChargeResult =
  | { status: 'succeeded'; providerPaymentId: string; chargeId: string | null }
  | { status: 'requires_action'; providerPaymentId: string; actionUrl: string }
  | { status: 'failed'; providerPaymentId: string | null; message: string };

/** A verified provider event, reduced to what the payments domain applies. */
export type ProviderEvent =
  | { id: string; type: 'setup_completed'; customerId: string; paymentMethodId: string | null }
  | { id: string; type: 'payment_succeeded'; providerPaymentId: string; paymentId: string | null; chargeId: string | null }
  | { id: string; type: 'payment_failed'; providerPaymentId: string; paymentId: string | null; message: string }
  | { id: string; type: 'dispute'; providerPaymentId: string; status: 'opened' | 'won' | 'lost' }
  | { id: string; type: 'ignored'; eventType: string };

export interface PaymentProvider {
  readonly kind: 'stripe' | 'stripe-standin';
  ensureCustomer(input: { existing: string | null; appId: string; company: string; email: string }): Promise<string>;
  startCardSetup(input: { customerId: string; successUrl: string; cancelUrl: string }): Promise<{ url: string; sessionId: string }>;
  /** The card saved by a completed hosted session (null: not completed). */
  completedSetup(sessionId: string): Promise<{ customerId: string; paymentMethodId: string } | null>;
  listCards(customerId: string): Promise<SavedCard[]>;
  setDefaultCard(customerId: string, paymentMethodId: string): Promise<void>;
  detachCard(customerId: string, paymentMethodId: string): Promise<void>;
  /** Off-session charge of the default card; `idempotencyKey` is our payment id (a retried job charges once). */
  charge(input: {
    customerId: string;
    amountCents: number;
    idempotencyKey: string;
    returnUrl: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<ChargeResult>;
  paymentState(providerPaymentId: string): Promise<ChargeResult>;
  refund(input: { providerPaymentId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }>;
  /** Verifies the signature header over the raw body (5-minute tolerance); throws on a bad one. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

const toolTimeoutMs = 20_000;

/** Errors of the provider as the API's: a decline keeps the provider's message, anything else says little. */
function providerError(error: unknown, code: 'PAYMENT_METHOD_NOT_ADDED' | 'PAYMENT_METHOD_INVALID' | 'REFUND_FAILED'): AppError {
  const message = error instanceof Stripe.errors.StripeError ? error.message : 'The payment provider could not be reached.';
  return new AppError(code, `${new AppError(code).message} ${message}`.trim(), { cause: error instanceof Error ? new Error(error.message) : undefined });
}

function stateOf(intent: Stripe.PaymentIntent): ChargeResult {
  if (intent.status === 'succeeded')
    return {
      status: 'succeeded',
      providerPaymentId: intent.id,
      chargeId: typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null),
    };
  if (intent.status === 'requires_action' && intent.next_action?.redirect_to_url?.url)
    return { status: 'requires_action', providerPaymentId: intent.id, actionUrl: intent.next_action.redirect_to_url.url };
  if (intent.status === 'processing' || intent.status === 'requires_confirmation')
    return { status: 'requires_action', providerPaymentId: intent.id, actionUrl: '' };
  return { status: 'failed', providerPaymentId: intent.id, message: intent.last_payment_error?.message ?? 'The payment was not completed.' };
}

export function createStripeProvider(opts: { secretKey: string; webhookSecret: string; apiBase: string; standin: boolean }): PaymentProvider {
  const base = new URL(opts.apiBase);
  const stripe = new Stripe(opts.secretKey, {
    host: base.hostname,
    port: base.port ? Number(base.port) : undefined,
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    timeout: toolTimeoutMs,
    maxNetworkRetries: 1,
    telemetry: false,
  });

  const eventFrom = (event: Stripe.Event): ProviderEvent => {
    const object = event.data.object as unknown as Record<string, unknown>;
    const paymentId = ((object.metadata as Record<string, string> | undefined)?.paymentId as string | undefined) ?? null;
    const paymentIntentOf = (o: Record<string, unknown>) =>
      String(typeof o.payment_intent === 'string' ? o.payment_intent : ((o.payment_intent as { id?: string } | null)?.id ?? ''));
    switch (event.type) {
      case 'checkout.session.completed':
        return { id: event.id, type: 'setup_completed', customerId: String(object.customer), paymentMethodId: null };
      case 'setup_intent.succeeded':
        return { id: event.id, type: 'setup_completed', customerId: String(object.customer), paymentMethodId: String(object.payment_method) };
      case 'payment_intent.succeeded':
        return {
          id: event.id,
          type: 'payment_succeeded',
          providerPaymentId: String(object.id),
          paymentId,
          chargeId: (object.latest_charge as string | null) ?? null,
        };
      case 'payment_intent.payment_failed':
        return {
          id: event.id,
          type: 'payment_failed',
          providerPaymentId: String(object.id),
          paymentId,
          message: (object.last_payment_error as { message?: string } | null)?.message ?? 'The payment failed.',
        };
      case 'charge.dispute.created':
        return { id: event.id, type: 'dispute', providerPaymentId: paymentIntentOf(object), status: 'opened' };
      case 'charge.dispute.closed':
        return { id: event.id, type: 'dispute', providerPaymentId: paymentIntentOf(object), status: object.status === 'won' ? 'won' : 'lost' };
      default:
        // charge.refunded: refunds are made by this server and recorded when made.
        return { id: event.id, type: 'ignored', eventType: event.type };
    }
  };

  return {
    kind: opts.standin ? 'stripe-standin' : 'stripe',
    async ensureCustomer({ existing, appId, company, email }) {
      if (existing) return existing;
      try {
        const customer = await stripe.customers.create({ name: company, email, metadata: { appId } }, { idempotencyKey: `customer-${appId}` });
        return customer.id;
      } catch (error) {
        throw providerError(error, 'PAYMENT_METHOD_NOT_ADDED');
      }
    },
    async startCardSetup({ customerId, successUrl, cancelUrl }) {
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'setup',
          customer: customerId,
          currency: 'eur',
          success_url: successUrl,
          cancel_url: cancelUrl,
        });
        return { url: session.url!, sessionId: session.id };
      } catch (error) {
        throw providerError(error, 'PAYMENT_METHOD_NOT_ADDED');
      }
    },
    async completedSetup(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status !== 'complete' || !session.setup_intent) return null;
        const setupIntent = typeof session.setup_intent === 'string' ? await stripe.setupIntents.retrieve(session.setup_intent) : session.setup_intent;
        const pm = setupIntent.payment_method;
        return pm ? { customerId: String(session.customer), paymentMethodId: typeof pm === 'string' ? pm : pm.id } : null;
      } catch (error) {
        throw providerError(error, 'PAYMENT_METHOD_NOT_ADDED');
      }
    },
    async listCards(customerId) {
      const [customer, list] = await Promise.all([
        stripe.customers.retrieve(customerId),
        stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 20 }),
      ]);
      const defaultId = 'deleted' in customer && customer.deleted ? null : (customer as Stripe.Customer).invoice_settings?.default_payment_method;
      const defaultPm = typeof defaultId === 'string' ? defaultId : (defaultId?.id ?? null);
      return list.data.map((pm) => ({
        id: pm.id,
        brand: pm.card?.brand ?? 'card',
        last4: pm.card?.last4 ?? '????',
        expMonth: pm.card?.exp_month ?? 0,
        expYear: pm.card?.exp_year ?? 0,
        isDefault: pm.id === defaultPm,
      }));
    },
    async setDefaultCard(customerId, paymentMethodId) {
      try {
        await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
      } catch (error) {
        throw providerError(error, 'PAYMENT_METHOD_INVALID');
      }
    },
    async detachCard(_customerId, paymentMethodId) {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (error) {
        throw providerError(error, 'PAYMENT_METHOD_INVALID');
      }
    },
    async charge({ customerId, amountCents, idempotencyKey, returnUrl, description, metadata }) {
      try {
        const intent = await stripe.paymentIntents.create(
          { amount: amountCents, currency: 'eur', customer: customerId, confirm: true, off_session: true, description, metadata },
          { idempotencyKey },
        );
        return stateOf(intent);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        const intent = (error as Stripe.errors.StripeError & { payment_intent?: Stripe.PaymentIntent }).payment_intent;
        if (error.code === 'authentication_required' && intent) {
          // The bank wants 3-D Secure: the tenant is brought back on-session with a link to follow (return_url).
          const confirmed = await stripe.paymentIntents.confirm(intent.id, { return_url: returnUrl }, { idempotencyKey: `${idempotencyKey}-3ds` });
          return stateOf(confirmed);
        }
        if (error.type === 'StripeCardError') return { status: 'failed', providerPaymentId: intent?.id ?? null, message: error.message };
        if (error.code === 'parameter_missing' || error.code === 'resource_missing')
          return { status: 'failed', providerPaymentId: null, message: 'no payment method' };
        throw error;
      }
    },
    async paymentState(providerPaymentId) {
      return stateOf(await stripe.paymentIntents.retrieve(providerPaymentId));
    },
    async refund({ providerPaymentId, amountCents, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: providerPaymentId, amount: amountCents }, { idempotencyKey });
        return { refundId: refund.id };
      } catch (error) {
        throw providerError(error, 'REFUND_FAILED');
      }
    },
    verifyEvent(rawBody, signature) {
      if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header.');
      try {
        return eventFrom(stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret, 300));
      } catch (error) {
        throw new AppError('BAD_REQUEST', `Webhook signature verification failed: ${(error as Error).message}`);
      }
    },
  };
}
