import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { authenticate } from 'mailauth';
import type { MailSender } from '@paraphe/contracts';
import { auditEvents, outboxMessages } from '../../src/platform/db/schema/index.ts';
import { unseal } from '../../src/platform/sealed.ts';
import { senderDomains } from '../../src/domains/senders/schema.ts';
import { privateKeyLabel } from '../../src/domains/senders/service.ts';
import { recheckQueue } from '../../src/domains/senders/module.ts';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { startSmtp, stopSmtp, type ReceivedMail, type SmtpSink } from '../support/smtp.ts';

/**
 * Issue 29, tenants' own mail senders (docs/mail-senders.md): a tenant declares `contrats@<domain>`, publishes the
 * DKIM record shown, and its mails then come from that address, DKIM-signed — verified here as a receiving server
 * would (mailauth, the DNS answered from the same stub zone the server reads). A real SMTP peer receives them.
 */

const domain = 'acme-mail.example';
const spfInclude = '_spf.paraphe-mail.test';
type Zone = Record<string, { TXT?: string[] }>;

describe(`a tenant's own mail sender, DKIM-signed once its record is published (${engine})`, () => {
  let t: TestContext;
  let sink: SmtpSink;
  let zoneFile: string;
  let zone: Zone = {};
  let appId: string;
  let gerant: TestClient;
  let other: { appId: string; client: TestClient };
  let sales: TestClient;

  const publish = (next: Zone) => {
    zone = next;
    fs.writeFileSync(zoneFile, JSON.stringify(zone));
  };
  const url = (id = appId, rest = '') => `/api/settings/${id}/mail-sender${rest}`;
  const view = async (client = gerant) => (await client.call('GET', url(), 'application')).json().data as MailSender | null;
  const save = (body: unknown, client = gerant, id = appId) => client.call('PUT', url(id), 'application', body);
  const check = async () => {
    const res = await gerant.call('POST', url(appId, '/check'), 'application');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MailSender;
  };
  const auditActions = async () =>
    (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.appId, appId), eq(auditEvents.targetType, 'sender_domain')))
    ).map((a) => a.action);

  /** A test mail of the tenant (settings → "send me a test") to `client`'s address, as the SMTP peer received it. */
  async function mailTo(client: TestClient): Promise<ReceivedMail & { headers: string }> {
    const before = sink.received.length;
    const res = await client.call('POST', `/api/settings/${appId}/templates/test`, 'application', { kind: 'invitation', language: 'en' });
    expect(res.statusCode, res.body).toBe(202);
    const to = res.json().data.to as string;
    const mail = await t.waitFor(async () => sink.received.slice(before).find((m) => m.to.includes(to)));
    return { ...mail, headers: mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')) };
  }
  const header = (headers: string, name: string) => new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(headers)?.[1]?.replace(/\r\n[ \t]/g, ' ');

  /** What a receiving server concludes: DKIM and DMARC, the DNS answered from the stub zone. */
  async function receiverVerdict(mail: ReceivedMail) {
    const resolver = async (name: string, type: string) => {
      const records = type === 'TXT' ? zone[name.toLowerCase()]?.TXT : undefined;
      if (!records) throw Object.assign(new Error(`no ${type} for ${name}`), { code: 'ENOTFOUND' });
      // A zone file's quoted strings are what the DNS answers as the record's parts (`"v=DKIM1; " "p=…"`).
      return records.map((r) => (r.startsWith('"') ? [...r.matchAll(/"([^"]*)"/g)].map((m) => m[1]!) : [r]));
    };
    const result = await authenticate(mail.raw, {
      resolver,
      sender: mail.from,
      ip: '127.0.0.1',
      helo: 'localhost',
      mta: 'mx.test',
      disableArc: true,
      disableBimi: true,
    });
    return { dkim: result.dkim.results.map((r) => ({ domain: r.signingDomain, selector: r.selector, result: r.status.result })), dmarc: result.dmarc };
  }

  beforeAll(async () => {
    sink = await startSmtp(0, { refuse: (address) => address.startsWith('refused-') });
    zoneFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-dns-')), 'zone.json');
    publish({});
    t = await createTestContext({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        DNS_STUB_FILE: zoneFile,
        MAIL_SPF_INCLUDE: spfInclude,
        MAIL_FROM: 'Paraphe <no-reply@paraphe-platform.test>',
        PUBLIC_URL: 'https://sign.paraphe-platform.test',
      },
    });
    const tenant = await t.factory.tenant({ company: 'Acme Corp', doubleAuth: false });
    appId = tenant.appId;
    gerant = await t.login(tenant.gerant.email);
    const salesUser = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: tenant.gerant.id });
    sales = await t.login(salesUser.email);
    const second = await t.factory.tenant({ doubleAuth: false });
    other = { appId: second.appId, client: await t.login(second.gerant.email) };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (sink) await stopSmtp(sink.server);
  });

  it('the ladder: no session 401, a sales user 403, another tenant 404 — nothing changed', async () => {
    await save({ domain, address: `contrats@${domain}` });
    const before = await t.snapshot();
    const calls = [
      ['GET', url()],
      ['PUT', url(), { domain, address: `contrats@${domain}` }],
      ['POST', url(appId, '/check')],
      ['DELETE', url()],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await t.request({ method, url: path, body }))?.statusCode, `${method} ${path}`).toBe(401);
      expect((await sales.call(method, path, 'application', body)).statusCode, `${method} ${path}`).toBe(403);
      const foreign = await other.client.call(method, path, 'application', body);
      expect(foreign.statusCode, `${method} ${path}`).toBe(404);
    }
    // Tenant B's own sender is its own: it sees none, and A's stays as it was.
    expect((await other.client.call('GET', url(other.appId), 'application')).json().data).toBeNull();
    expect(await t.snapshot()).toBe(before);
    expect((await gerant.call('DELETE', url(), 'application')).statusCode).toBe(200);
  });

  it('refuses a domain that is not a host name, an address of another domain, the platform’s own domains, over-long values', async () => {
    const before = await t.snapshot();
    const refusals: [unknown, string][] = [
      [{ domain: 'not a domain', address: 'a@b.example' }, 'domain'],
      [{ domain: 'localhost', address: 'a@acme.example' }, 'domain'],
      [{ domain: '-acme-.example', address: 'a@acme.example' }, 'domain'],
      [{ domain: 'https://acme.example/', address: 'a@acme.example' }, 'domain'],
      [{ domain: '192.168.1.10', address: 'a@acme.example' }, 'domain'],
      [{ domain, address: 'contrats@other.example' }, 'address'],
      [{ domain, address: `contrats@sub.${domain}` }, 'address'],
      [{ domain: 'paraphe-platform.test', address: 'x@paraphe-platform.test' }, 'domain'],
      [{ domain: 'mail.paraphe-platform.test', address: 'x@mail.paraphe-platform.test' }, 'domain'],
      [{ domain: 'sign.paraphe-platform.test', address: 'x@sign.paraphe-platform.test' }, 'domain'],
      [{ domain: `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.example`, address: 'a@b.example' }, 'domain'],
      [{ domain, address: `${'x'.repeat(250)}@${domain}` }, 'address'],
      [{ domain, address: `${'x'.repeat(65)}@${domain}` }, 'address'],
      [{ domain, address: `contrats@${domain}`, displayName: 'x'.repeat(101) }, 'displayName'],
      [{ domain, address: `contrats@${domain}`, displayName: 'Acme\r\nBcc: victim@example.com' }, 'displayName'],
      [{ domain, address: `contrats@${domain}`, displayName: 'Acme <evil@example.com>' }, 'displayName'],
    ];
    for (const [body, field] of refusals) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().error.fields.map((f: { field: string }) => f.field),
        JSON.stringify(body),
      ).toEqual([field]);
    }
    expect(await t.snapshot()).toBe(before);
  });

  it('declares the sender: the DKIM record shown holds the public part of the stored (sealed) key; mails keep the platform’s From with Reply-To', async () => {
    const res = await save({ domain: 'ACME-Mail.Example.', address: `Contrats@${domain}`, displayName: '' });
    expect(res.statusCode, res.body).toBe(200);
    const sender = res.json().data as MailSender;
    expect(sender).toMatchObject({
      domain,
      address: `contrats@${domain}`,
      displayName: null,
      effectiveDisplayName: 'Acme Corp',
      status: 'pending',
      sending: 'platform_with_reply_to',
      platformFrom: 'Paraphe <no-reply@paraphe-platform.test>',
    });
    expect(sender.selector).toMatch(/^paraphe\d{6}$/);
    expect(sender.records.dkim).toMatchObject({ name: `${sender.selector}._domainkey.${domain}`, required: true, state: null });
    expect(sender.records.spf).toMatchObject({ name: domain, value: `v=spf1 include:${spfInclude} ~all`, required: false });
    expect(sender.records.dmarc).toMatchObject({ name: `_dmarc.${domain}`, required: false });

    const [row] = await t.database.db.select().from(senderDomains).where(eq(senderDomains.appId, appId));
    expect(row!.privateKeySealed).not.toContain('PRIVATE KEY');
    const privateKey = unseal(t.server.platform.secret, privateKeyLabel, row!.privateKeySealed);
    const publicPart = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).toString('base64');
    expect(sender.records.dkim.value).toBe(`v=DKIM1; k=rsa; p=${publicPart}`);
    expect(createPublicKey(privateKey).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(await auditActions()).toContain('mail_sender.added');

    // Not verified: from the platform's sender, answers go to the tenant.
    const mail = await mailTo(gerant);
    expect(header(mail.headers, 'From')).toBe('Paraphe <no-reply@paraphe-platform.test>');
    expect(header(mail.headers, 'Reply-To')).toBe(`Acme Corp <contrats@${domain}>`);
    expect(header(mail.headers, 'DKIM-Signature')).toBeUndefined();
    expect(mail.from).toBe('no-reply@paraphe-platform.test');
  });

  it('checks the records: none published -> pending, missing; a DKIM record with another key -> failed, mismatch', async () => {
    const missing = await check();
    expect(missing).toMatchObject({ status: 'pending', records: { dkim: { state: 'missing' }, spf: { state: 'missing' }, dmarc: { state: 'missing' } } });
    expect(missing.lastError).toContain(`No DKIM record at ${missing.records.dkim.name}`);
    expect(missing.lastCheckedAt).not.toBeNull();

    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    publish({ [missing.records.dkim.name]: { TXT: [`v=DKIM1; k=rsa; p=${stranger}`] } });
    const mismatch = await check();
    expect(mismatch).toMatchObject({ status: 'failed', sending: 'platform_with_reply_to', records: { dkim: { state: 'mismatch' } } });
    expect(mismatch.lastError).toContain('mismatch');
    expect(await auditActions()).toContain('mail_sender.failed');
    const mail = await mailTo(gerant);
    expect(header(mail.headers, 'From')).toBe('Paraphe <no-reply@paraphe-platform.test>');
    expect(header(mail.headers, 'DKIM-Signature')).toBeUndefined();
  });

  it('the right record (pasted with quotes and splits) verifies it: mails come from the tenant, DKIM-signed, a receiver finds dkim=pass, dmarc=pass; a DNS outage changes nothing', async () => {
    const sender = (await view())!;
    const p = /p=(.+)$/.exec(sender.records.dkim.value!)![1]!;
    // As a zone file holds a long value: quoted strings of at most 255 characters, with spaces between.
    const pasted = `"v=DKIM1; k=rsa; " "p=${p.slice(0, 200)}" "${p.slice(200)}"`;
    publish({
      [sender.records.dkim.name]: { TXT: [pasted] },
      [domain]: { TXT: ['google-site-verification=abc', 'v=spf1 include:_spf.google.com ~all'] },
      [`_dmarc.${domain}`]: { TXT: ['v=DMARC1; p=reject; adkim=r'] },
    });
    const verified = await check();
    expect(verified).toMatchObject({
      status: 'verified',
      sending: 'own_address',
      lastError: null,
      records: { dkim: { state: 'ok' }, spf: { state: 'without_include' }, dmarc: { state: 'ok' } },
    });
    expect(verified.verifiedAt).not.toBeNull();
    expect(await auditActions()).toContain('mail_sender.verified');

    const mail = await mailTo(gerant);
    expect(header(mail.headers, 'From')).toBe(`Acme Corp <contrats@${domain}>`);
    expect(header(mail.headers, 'Reply-To')).toBeUndefined();
    expect(header(mail.headers, 'DKIM-Signature')).toContain(`d=${domain}`);
    // The envelope stays the platform's: bounces come back to it (and to its Outbox), not to the tenant's mailbox.
    expect(mail.from).toBe('no-reply@paraphe-platform.test');
    const verdict = await receiverVerdict(mail);
    expect(verdict.dkim).toEqual([{ domain, selector: verified.selector, result: 'pass' }]);
    expect(verdict.dmarc && verdict.dmarc.status.result).toBe('pass');
    // The same mail altered on the way no longer passes (mailauth's lenient mode says neutral for a body hash mismatch).
    const altered = { ...mail, raw: mail.raw.replace(/Acme Corp/g, 'Evil Corp') };
    expect((await receiverVerdict(altered)).dkim[0]!.result).not.toBe('pass');

    // The DNS does not answer (here: the stub zone unreadable): the state stays, the error is shown, mails still signed.
    const published = zone;
    fs.writeFileSync(zoneFile, '{ not json');
    const outage = await check();
    expect(outage).toMatchObject({ status: 'verified', sending: 'own_address', records: { dkim: { state: 'ok' } } });
    expect(outage.lastError).toContain('DNS_STUB_FILE unreadable');
    expect(header((await mailTo(gerant)).headers, 'DKIM-Signature')).toContain(`d=${domain}`);
    publish(published);

    // SPF names the platform's include once the tenant adds it.
    publish({ ...zone, [domain]: { TXT: [`v=spf1 include:_spf.google.com include:${spfInclude} -all`] } });
    expect((await check()).records.spf.state).toBe('ok');
  });

  it('the display name is the saved one; 409 for a domain another tenant verified, another domain, a second declaration at once', async () => {
    const renamed = await save({ domain, address: `signatures@${domain}`, displayName: 'Acme Contracts' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ status: 'verified', address: `signatures@${domain}`, effectiveDisplayName: 'Acme Contracts' });
    const mail = await mailTo(gerant);
    expect(header(mail.headers, 'From')).toBe(`Acme Contracts <signatures@${domain}>`);
    expect((await receiverVerdict(mail)).dkim[0]!.result).toBe('pass');

    const before = await t.snapshot();
    const taken = await save({ domain, address: `x@${domain}` }, other.client, other.appId);
    expect(taken.statusCode).toBe(409);
    // Another domain for A: remove the current sender first.
    expect((await save({ domain: 'other-acme.example', address: 'x@other-acme.example' })).statusCode).toBe(409);
    expect(await t.snapshot()).toBe(before);

    // Two declarations at once: one sender, the other 409.
    const [first, second] = await Promise.all([
      save({ domain: 'race.example', address: 'a@race.example' }, other.client, other.appId),
      save({ domain: 'race.example', address: 'b@race.example' }, other.client, other.appId),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await other.client.call('DELETE', url(other.appId), 'application')).statusCode).toBe(200);
  });

  it('a refused delivery of a tenant-sender mail shows in the Outbox as failed, with the server’s answer', async () => {
    const refused = await t.factory.user(appId, { profile: 'GERANT', email: `refused-${Date.now()}@example.com` });
    const client = await t.login(refused.email);
    const res = await client.call('POST', `/api/settings/${appId}/templates/test`, 'application', { kind: 'invitation', language: 'en' });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.messageId as string;
    const failed = await t.waitFor(async () => {
      const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      return row?.status === 'failed' ? row : undefined;
    });
    expect(failed.error).toContain('550');
    const admin = await t.login(adminEmail);
    const listed = (await admin.call('GET', `/api/outbox?status=failed&to=${encodeURIComponent(refused.email)}`, 'outbox')).json();
    expect(listed.data).toMatchObject([{ id, status: 'failed', appId }]);
  });

  it('a DKIM record removed later drops the domain to failed (Check now, and the daily check): mails fall back to the platform’s From', async () => {
    const published = zone;
    const { [(await view())!.records.dkim.name]: _removed, ...rest } = zone;
    publish(rest);
    const dropped = await check();
    expect(dropped).toMatchObject({ status: 'failed', sending: 'platform_with_reply_to', records: { dkim: { state: 'missing' } } });
    let mail = await mailTo(gerant);
    expect(header(mail.headers, 'From')).toBe('Paraphe <no-reply@paraphe-platform.test>');
    expect(header(mail.headers, 'Reply-To')).toBe(`Acme Contracts <signatures@${domain}>`);
    expect(header(mail.headers, 'DKIM-Signature')).toBeUndefined();

    // Published again, the daily check (one job per tenant) verifies it again; removed, it fails it again.
    publish(published);
    await t.database.inSystem((tx) => t.server.platform.jobs.enqueue(tx, recheckQueue, {}));
    await t.waitFor(async () => (await view())?.status === 'verified');
    publish(rest);
    await t.database.inSystem((tx) => t.server.platform.jobs.enqueue(tx, recheckQueue, {}));
    await t.waitFor(async () => (await view())?.status === 'failed');
    const actions = await auditActions();
    expect(actions.filter((a) => a === 'mail_sender.verified').length).toBe(2);
    expect(actions.filter((a) => a === 'mail_sender.failed').length).toBe(3);
    const daily = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.appId, appId), eq(auditEvents.action, 'mail_sender.failed')));
    expect(daily.some((a) => a.actorUserId === null)).toBe(true);

    // Removed: the platform's sender, without Reply-To; the key is gone with the row.
    const removed = await gerant.call('DELETE', url(), 'application');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toBeNull();
    expect(await view()).toBeNull();
    expect(await auditActions()).toContain('mail_sender.removed');
    mail = await mailTo(gerant);
    expect(header(mail.headers, 'From')).toBe('Paraphe <no-reply@paraphe-platform.test>');
    expect(header(mail.headers, 'Reply-To')).toBeUndefined();
    expect((await gerant.call('POST', url(appId, '/check'), 'application')).statusCode).toBe(404);
  });
});
