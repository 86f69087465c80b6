import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createLogger, redactUrl } from '../../src/platform/logger.ts';
import { signingLink } from '../../src/domains/signatures/index.ts';
import { adminEmail, createTestContext, engine, password, type TestContext, tenantWithoutDomain } from '../support/harness.ts';
import { draft, placed, signer, tenantWithGerant } from '../support/signatures.ts';

/** What the server logged, as text. */
function memoryLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe(`secrets never reach the log; the first login code reaches the console (${engine})`, () => {
  let t: TestContext;
  const log = memoryLog();
  beforeAll(async () => {
    t = await createTestContext({ logger: log.logger });
  });
  afterAll(async () => t?.close());

  it("shows the product administrator's first login code on the console, and only the first", async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: adminEmail, password } });
    expect(res.statusCode).toBe(200);
    const mail = await t.lastMessageTo(adminEmail);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    expect(t.notices.join('\n')).toContain(`your login code is ${code}`);

    await t.login(adminEmail); // completes a login: the administrator has connected once
    const shown = t.notices.length;
    await t.request({ method: 'POST', url: '/api/auth/login', body: { email: adminEmail, password } });
    expect(t.notices.length).toBe(shown);
    // Mails are captured (no SMTP): their subjects and codes are not in the log.
    await t.waitFor(async () => log.lines.some((l) => l.includes('mail captured in the outbox')));
    expect(log.lines.join('')).not.toContain(code);
    expect(log.lines.join('')).not.toMatch(/login code|code de connexion/i);
  });

  it('logs signing-page URLs without the link token, and no password or reset token', async () => {
    const { client } = await tenantWithGerant(t);
    const request = await draft(t, client, { signers: [signer(0)], documents: [placed('contract.pdf', [0])] });
    const link = signingLink(t.server.platform, {
      appId: tenantWithoutDomain,
      requestId: request.id,
      signerId: request.signers[0]!.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const token = link.split('/#/sign/')[1]!;
    await t.request({ method: 'GET', url: `/api/public/sign/${token}` });
    await t.request({ method: 'POST', url: '/api/auth/password/reset', body: { token: 'a-secret-reset-token-123', password: 'New-pass1!' } });
    const all = log.lines.join('');
    expect(all).toContain('/api/public/sign/[redacted]');
    expect(all).not.toContain(token);
    expect(all).not.toContain(password);
    expect(all).not.toContain('a-secret-reset-token-123');
  });

  it('redacts tokens and codes in any URL', () => {
    expect(redactUrl('/api/public/sign/abc.def/documents/1?x=1')).toBe('/api/public/sign/[redacted]/documents/1?x=1');
    expect(redactUrl('/api/Users/web/a/logged/b?code=123456')).toBe('/api/Users/web/a/logged/b?code=[redacted]');
    expect(redactUrl('/#/reset?token=zzz&lang=fr')).toBe('/#/reset?token=[redacted]&lang=fr');
  });
});
