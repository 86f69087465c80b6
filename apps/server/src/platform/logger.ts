import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

/**
 * Secrets never reach the log (docs/security.md, "Capability URLs and secrets in logs"): bearer tokens and cookies,
 * passwords and codes in bodies, provider keys in error texts, mails without subject or body (their subjects carry
 * login and signing codes), and every capability URL — a URL whose path or query IS the credential (a signing
 * link, a GDPR export or copies download link, a reset or invitation link).
 *
 * Capability paths are not listed by hand: every route the HTTP app registers goes through
 * `registerCapabilityRoute` (an onRoute hook in platform/http/app.ts), and a route with a path parameter named
 * `token` (or `…Token`) adds its pattern to the one table below. A new capability route is therefore redacted as
 * soon as it exists; test/platform/capability-logs.test.ts checks every public route's parameters are classified.
 *
 * The table is applied to each whole log line, in one place (the destination every line goes through), so that
 * request logs, Fastify's own warnings and errors (which quote `req.url` in their message), error serializers and
 * any module's log line are covered alike.
 */

/**
 * A path parameter carrying a credential: `:token`, `:downloadToken`…, and a direct link's `:slug` (whoever holds it
 * may make requests from the template: docs/templates.md, "Direct links").
 */
export const isCapabilityParam = (name: string) => /^(token|slug)$|Token$/.test(name);

/** Links of the web app whose fragment carries a credential (mailed or published links; they are not server routes). */
const webCapabilityLinks = ['/#/sign/:token', '/#/d/:slug'];
/** Query parameters whose value is a credential (login code, reset/confirm tokens, OAuth code and state, keys). */
const secretQueryKeys = ['token', 'code', 'key', 'state', 'secret', 'password', 'signature'];

/** One segment of a URL path as it can appear in a log line (JSON-escaped text): no separator, quote or space. */
const segment = String.raw`[^/?#&\s"'\\<>]+`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The table: one rule per capability route pattern (prefix up to the token), then the query rule. */
const rules = new Map<string, RegExp>();
let combined: RegExp[] = [];

/** `/api/public/sign/:token/signed/:docId` → a regex matching `/api/public/sign/` and capturing it before the token. */
function ruleOf(path: string): string | null {
  const parts = path.split('/');
  const index = parts.findIndex((part) => part.startsWith(':') && isCapabilityParam(part.slice(1).replace(/\?$/, '')));
  if (index < 0) return null;
  const prefix = parts.slice(0, index).map((part) => (part.startsWith(':') ? segment : escapeRegExp(part)));
  return `(${prefix.join('/')}/)${segment}`;
}

function rebuild() {
  combined = [...rules.values()];
}

/** Adds a route's pattern to the table when one of its path parameters is a credential. Returns whether it did. */
export function registerCapabilityRoute(path: string): boolean {
  const source = ruleOf(path);
  if (!source) return false;
  if (!rules.has(source)) {
    rules.set(source, new RegExp(source, 'g'));
    rebuild();
  }
  return true;
}
for (const link of webCapabilityLinks) registerCapabilityRoute(link);

const secretQuery = new RegExp(String.raw`([?&](?:${secretQueryKeys.join('|')})=)[^&#\s"'\\]*`, 'gi');

/** Any text (a URL, a message, a whole JSON log line) with every capability token and secret query value redacted. */
export function redactUrl(text: string): string {
  let out = text;
  for (const rule of combined) {
    rule.lastIndex = 0;
    out = out.replace(rule, '$1[redacted]');
  }
  return out.replace(secretQuery, '$1[redacted]');
}

/** Provider secrets (Stripe keys, webhook secrets) never reach the log, whatever error text carried them. */
const providerSecret = /\b(sk|rk|pk)_(live|test)_[A-Za-z0-9_]+|\bwhsec_[A-Za-z0-9_]+/g;
export const scrubSecrets = (text: string) => text.replace(providerSecret, '[redacted]');

function errorSerializer(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  return JSON.parse(scrubSecrets(JSON.stringify(serialized))) as Record<string, unknown>;
}

/** The destination, behind the one redaction every line goes through. */
function redacting(destination: DestinationStream): DestinationStream {
  const flushable = destination as DestinationStream & { flushSync?: () => void; flush?: (cb?: () => void) => void };
  return {
    write: (line: string) => destination.write(redactUrl(line)),
    ...(flushable.flushSync ? { flushSync: () => flushable.flushSync!() } : {}),
    ...(flushable.flush ? { flush: (cb?: () => void) => flushable.flush!(cb) } : {}),
  } as DestinationStream;
}

/** `destination`: stdout by default; tests give a memory stream to read what was logged. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'paraphe' },
      redact: [
        'stripeSecretKey',
        '*.stripeSecretKey',
        '*.stripeWebhookSecret',
        'req.headers["stripe-signature"]',
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
        '*.code',
        'token',
        '*.token',
        '*.subject',
      ],
      serializers: {
        err: errorSerializer,
        req: (req: { method?: string; url?: string; hostname?: string; remoteAddress?: string; remotePort?: number }) => ({
          method: req.method,
          url: req.url,
          hostname: req.hostname,
          remoteAddress: req.remoteAddress,
          remotePort: req.remotePort,
        }),
      },
    },
    redacting(destination ?? pino.destination(1)),
  );
}
