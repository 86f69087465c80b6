// Runs the Stripe stand-in on its own (docs/payments.md), for a server started with STRIPE_SECRET_KEY /
// STRIPE_WEBHOOK_SECRET / STRIPE_API_BASE pointing at it:
//   node apps/server/scripts/stripe-standin.ts [port] [webhook URL]
// e.g. node apps/server/scripts/stripe-standin.ts 12111 http://127.0.0.1:3000/api/payments/webhooks/stripe
import { startStripeStandin } from '../dev/stripe-standin.ts';

const port = Number(process.argv[2] ?? 12111);
const webhook = process.argv[3] ?? 'http://127.0.0.1:3000/api/payments/webhooks/stripe';
const standin = await startStripeStandin({
  port,
  webhookTarget: webhook,
  secretKey: process.env.STRIPE_SECRET_KEY,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
});
process.stdout.write(
  `Stripe stand-in on ${standin.url}, webhooks to ${webhook}\n` +
    `Start the server with:\n  STRIPE_API_BASE=${standin.url} STRIPE_SECRET_KEY=${standin.secretKey} STRIPE_WEBHOOK_SECRET=${standin.webhookSecret}\n`,
);
// The stand-in's server is unref'd (in-process use); here it is the whole process.
setInterval(() => undefined, 1 << 30);
