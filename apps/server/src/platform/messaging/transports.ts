import nodemailer from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}
/** Delivers a mail; undefined transport means "capture in the outbox" (the embedded default). */
export interface MailTransport {
  kind: 'smtp';
  send(message: MailMessage): Promise<void>;
  verify(): Promise<void>;
  close(): void;
}

/**
 * Bounds of one SMTP exchange. nodemailer waits 2 minutes to connect and 10 minutes of silence by default: a
 * server that stopped answering would hold a delivery job (and its batch mates) far past its expiry.
 */
export const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...smtpTimeouts });
  return {
    kind: 'smtp',
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
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
