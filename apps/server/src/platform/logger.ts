import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

/**
 * Secrets never reach the log: bearer tokens and cookies, passwords and codes in bodies, the signing-link token
 * in a URL path (`/api/public/sign/<token>/…`), and token or code query parameters. Mails are logged without
 * subject or body (their subjects carry login and signing codes).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/public\/sign\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:token|code|key)=)[^&#]*/gi, '$1[redacted]');
}

/** Provider secrets (Stripe keys, webhook secrets) never reach the log, whatever error text carried them. */
const providerSecret = /\b(sk|rk|pk)_(live|test)_[A-Za-z0-9_]+|\bwhsec_[A-Za-z0-9_]+/g;
export const scrubSecrets = (text: string) => text.replace(providerSecret, '[redacted]');

function errorSerializer(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  return JSON.parse(scrubSecrets(JSON.stringify(serialized))) as Record<string, unknown>;
}

/** `destination`: stdout by default; tests give a memory stream to read what was logged. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({
    level,
    base: { service: 'paraphe' },
    redact: ['stripeSecretKey', '*.stripeSecretKey', '*.stripeWebhookSecret', 'req.headers["stripe-signature"]', 'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.code', '*.token', '*.subject'],
    serializers: {
      err: errorSerializer,
      req: (req: { method?: string; url?: string; hostname?: string; remoteAddress?: string; remotePort?: number }) => ({
        method: req.method,
        url: req.url ? redactUrl(req.url) : req.url,
        hostname: req.hostname,
        remoteAddress: req.remoteAddress,
        remotePort: req.remotePort,
      }),
    },
  }, destination);
}
