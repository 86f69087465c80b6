import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { addHealthDetail } from '../../platform/http/health.ts';
import { createStripeProvider, type PaymentProvider } from './provider.ts';

/**
 * Which card provider this server uses (docs/payments.md): Stripe with STRIPE_SECRET_KEY; otherwise, outside
 * production, a Stripe stand-in started in-process on a loopback port, so a new user can try card payment; in
 * production without a key, none (card calls answer 503 PAYMENTS_UNAVAILABLE).
 */
export type CardMode = 'stripe' | 'stripe-standin' | 'unavailable';

/** Where the stand-in sends its webhooks: a URL, or a function delivering them in-process. */
export type WebhookTarget = string | ((body: string, headers: Record<string, string>) => Promise<number>);

/**
 * The Stripe stand-in is a development and test tool, not production source: it lives in `apps/server/dev/` and is
 * loaded at run time, only in the `stripe-standin` mode (never under NODE_ENV=production). What this file uses of it:
 */
interface StandinHandle {
  url: string;
  secretKey: string;
  webhookSecret: string;
  setWebhookTarget(target: WebhookTarget | null): void;
}
const standinModule = new URL('../../../dev/stripe-standin.ts', import.meta.url).href;
async function startStandin(webhookTarget: WebhookTarget | null): Promise<StandinHandle> {
  const { startStripeStandin } = (await import(standinModule)) as { startStripeStandin(opts: { webhookTarget: WebhookTarget | null }): Promise<StandinHandle> };
  return startStripeStandin({ webhookTarget });
}

interface CardState {
  mode: CardMode;
  provider?: Promise<PaymentProvider>;
  standin?: Promise<StandinHandle>;
  webhookTarget?: WebhookTarget;
}
const states = new WeakMap<Platform, CardState>();

export function cardMode(platform: Platform): CardMode {
  const { payments, production } = platform.config;
  if (payments.stripeSecretKey) return 'stripe';
  return production ? 'unavailable' : 'stripe-standin';
}

function stateOf(platform: Platform): CardState {
  let state = states.get(platform);
  if (!state) states.set(platform, (state = { mode: cardMode(platform) }));
  return state;
}

/** At module init: the operator's line, and the mode on /healthz. */
export function announceCardMode(platform: Platform): void {
  const mode = stateOf(platform).mode;
  addHealthDetail(platform, 'card', () => mode);
  if (mode === 'stripe-standin') platform.notice('card payments use the local Stripe stand-in (no STRIPE_SECRET_KEY): test cards only, nothing is charged');
  if (mode === 'unavailable') platform.notice('card payments are unavailable: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/payments.md)');
}

/** Where the in-process stand-in sends its webhooks (the routes give the app's own endpoint). */
export function setStandinWebhookTarget(platform: Platform, target: WebhookTarget): void {
  const state = stateOf(platform);
  state.webhookTarget = target;
  void state.standin?.then((s) => s.setWebhookTarget(target));
}

export function cardProvider(platform: Platform): Promise<PaymentProvider> {
  const state = stateOf(platform);
  if (state.mode === 'unavailable') throw new AppError('PAYMENTS_UNAVAILABLE');
  if (!state.provider) {
    const { payments } = platform.config;
    if (state.mode === 'stripe') {
      state.provider = Promise.resolve(
        createStripeProvider({
          secretKey: payments.stripeSecretKey!,
          webhookSecret: payments.stripeWebhookSecret!,
          apiBase: payments.stripeApiBase,
          standin: false,
        }),
      );
    } else {
      // Started on first use: servers that never take a card open no port.
      state.standin = startStandin(state.webhookTarget ?? null);
      state.provider = state.standin.then((s) =>
        createStripeProvider({ secretKey: s.secretKey, webhookSecret: s.webhookSecret, apiBase: s.url, standin: true }),
      );
    }
  }
  return state.provider;
}
