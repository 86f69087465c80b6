import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/domains/users/schema.ts';
import { freshIp, type TestContext } from './harness.ts';

export interface ReceivedMail {
  /** The envelope sender (MAIL FROM): where bounces go. */
  from: string;
  to: string[];
  raw: string;
}
export interface SmtpSink {
  server: SMTPServer;
  port: number;
  received: ReceivedMail[];
}

/**
 * A real SMTP server in this process: the product's nodemailer transport talks to it over TCP. `refuse` names the
 * recipients it refuses for good (550), as a mail server does an unknown mailbox.
 */
export function startSmtp(port = 0, options: { refuse?: (address: string) => boolean } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Stopping the server ends at once the pooled connections the sender keeps open (as a mail server's restart
    // does), instead of waiting 30 s for them.
    closeTimeout: 100,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return listenSmtp(server, port).then((listening) => ({ server, port: listening, received }));
}

/**
 * Starts `server` on 127.0.0.1:`port` (0: any free port) and resolves with the port. Once listening, a sender
 * killed mid-session (kill -9, the fault tests' point) resets its connection, which smtp-server reports as an
 * 'error' event on the server — expected, and without a listener an uncaught exception that fails the whole run.
 */
export function listenSmtp(server: SMTPServer, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.removeListener('error', reject);
      server.on('error', () => undefined);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

export const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * A new user of the tenant writing in English (plain-ASCII subjects) asks for a reset link; resolves with the user
 * and the outbox message, once the job queued it (forgot-password does the same work whether the address exists or not).
 */
export async function forgotPasswordMail(t: TestContext, appId: string, parentId: string) {
  const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId });
  await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, user.id));
  const res = await t.request({ method: 'POST', url: '/api/auth/password/forgot', body: { email: user.email }, headers: freshIp() });
  expect(res.statusCode).toBe(200);
  return { user, message: await t.waitFor(() => t.lastMessageTo(user.email)) };
}
