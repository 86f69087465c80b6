import nodemailer from 'nodemailer';

/** An address with its display name (nodemailer encodes the name). */
export interface MailAddress {
  name: string;
  address: string;
}
export interface MailMessage {
  from: string | MailAddress;
  to: string;
  replyTo?: MailAddress;
  /** DKIM signature of the mail (a tenant's verified sender domain: platform/messaging/senders.ts). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** SMTP envelope when it differs from the headers: a tenant's From, the platform's return path. */
  envelope?: { from: string; to: string };
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (Content-Language: the recipient's language, as a BCP 47 tag). */
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}
/** Delivers a mail; undefined transport means "capture in the outbox" (the embedded default). */
export interface MailTransport {
  kind: 'smtp';
  send(message: MailMessage): Promise<void>;
  verify(): Promise<void>;
  close(): void;
  /** Messages it can carry at once (pooled connections): the sender's pace (pacing.ts) keeps to it. */
  maxConnections?: number;
}

/**
 * Bounds of one SMTP exchange. nodemailer waits 2 minutes to connect and 10 minutes of silence by default: a
 * server that stopped answering would hold a delivery job (and its batch mates) far past its expiry.
 */
export const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export interface SmtpPoolOptions {
  /** Connections kept open and used at once (SMTP_MAX_CONNECTIONS, default 5). */
  maxConnections?: number;
  /** Messages sent over one connection before it is renewed (SMTP_MAX_MESSAGES, default 100). */
  maxMessages?: number;
}

/**
 * A pool of SMTP connections (nodemailer `pool: true`), made once and shared by every delivery job of the
 * process; closed at shutdown (server.ts). A connection the server closes (421, idle timeout) is replaced.
 */
export function createSmtpTransport(url: string, pool: SmtpPoolOptions = {}): MailTransport {
  const maxConnections = pool.maxConnections ?? 5;
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections, maxMessages: pool.maxMessages ?? 100, ...smtpTimeouts });
  return {
    kind: 'smtp',
    maxConnections,
    async send(message) {
      await transporter.sendMail(message);
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * What a failed delivery means for the message and for the sender:
 * - `throttled`: the server asks to slow down or try later (SMTP 421, 450, 451, 452; HTTP 429): every sender
 *   pauses, the message is planned again without counting a failure — never dropped;
 * - `unreachable`: no connection (refused, timed out, reset): every sender pauses briefly, and the message
 *   follows its retry schedule (after which it is `failed`);
 * - `permanent`: the server refused this message for good (SMTP 5xx to the envelope or the data): `failed` at
 *   once, with the server's answer;
 * - `transient`: anything else (other 4xx, authentication, TLS): the retry schedule.
 */
export type DeliveryFailure = 'throttled' | 'unreachable' | 'permanent' | 'transient';

const throttleCodes = new Set([421, 450, 451, 452]);
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNECTION',
  'ESOCKET',
]);

export function classifyFailure(error: unknown): DeliveryFailure {
  const e = (error ?? {}) as { responseCode?: number; code?: string; status?: number; cause?: { code?: string } };
  const status = e.responseCode ?? e.status;
  if (status !== undefined && throttleCodes.has(status)) return 'throttled';
  if (status === 429) return 'throttled';
  // A 5xx to the envelope (recipient, sender) or to the message itself: this message will never be taken.
  // A 5xx to the login (EAUTH) is the configuration's fault, not the message's: retried like any outage.
  if (status !== undefined && status >= 500 && status < 600 && (e.code === 'EENVELOPE' || e.code === 'EMESSAGE')) return 'permanent';
  if ((e.code && unreachableCodes.has(e.code)) || (e.cause?.code && unreachableCodes.has(e.cause.code))) return 'unreachable';
  return 'transient';
}

export interface SmsMessage {
  to: string;
  text: string;
  sender: string;
}
export interface SmsProvider {
  kind: 'http';
  send(message: SmsMessage): Promise<void>;
}

/** A generic HTTP SMS gateway: POST JSON {to, text, sender}; any 2xx is accepted. */
export function createHttpSmsProvider(url: string, fetchImpl: typeof fetch = fetch): SmsProvider {
  return {
    kind: 'http',
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        const retryAfter = Number(response.headers.get('retry-after'));
        throw Object.assign(new Error(`SMS gateway answered ${response.status}`), {
          status: response.status,
          ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
        });
      }
    },
  };
}
