import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { MailSender, MailSenderInput } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { addressOf } from '../../platform/messaging/senders.ts';
import { normalizeHostName } from '../../platform/net/dns-records.ts';
import { seal } from '../../platform/sealed.ts';
import { displayCompanyOf, getApplication } from '../tenants/index.ts';
import { dkimNameOf, dkimValueOf, dmarcAdvice, dmarcNameOf, spfValueOf } from './records.ts';
import * as repo from './repository.ts';

/** The private key's sealing label: a key of its own, derived from the instance secret (platform/sealed.ts). */
export const privateKeyLabel = 'paraphe:senders:dkim-private-key:v1';

export interface Options {
  platform: Platform;
  actor: Actor;
  appId: string;
}

/** Its own tenant for the caller (the endpoint asked settings.configuration); any tenant for the product administrator. */
function assertMayConfigure(actor: Actor, appId: string) {
  if (actor.appId !== appId && !actor.permissions.has('admin.applications')) throw notFound('Application');
}

/** The name mails show: the saved display name, else the tenant's company as its signers know it. */
export const effectiveNameOf = (row: Pick<repo.SenderRow, 'displayName'>, company: string) => row.displayName || company;

export function present(platform: Platform, row: repo.SenderRow, company: string): MailSender {
  const include = platform.config.mailSpfInclude;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    appId: row.appId,
    domain: row.domain,
    address: row.address,
    displayName: row.displayName,
    effectiveDisplayName: effectiveNameOf(row, company),
    selector: row.selector,
    status: row.status,
    records: {
      dkim: { name: dkimNameOf(row.selector, row.domain), type: 'TXT', value: dkimValueOf(row.publicKey), required: true, state: row.dkimState },
      spf: { name: row.domain, type: 'TXT', value: include ? spfValueOf(include) : null, required: false, state: row.spfState },
      dmarc: { name: dmarcNameOf(row.domain), type: 'TXT', value: dmarcAdvice, required: false, state: row.dmarcState },
    },
    sending: row.status === 'verified' ? 'own_address' : 'platform_with_reply_to',
    platformFrom: platform.config.mailFrom,
    lastCheckedAt: iso(row.lastCheckedAt),
    lastError: row.lastError,
    verifiedAt: iso(row.verifiedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function viewOf(platform: Platform, tx: Executor, appId: string): Promise<MailSender | null> {
  const row = await repo.findSender(tx, appId);
  return row ? present(platform, row, displayCompanyOf(await getApplication(tx, appId))) : null;
}

function inSenders<T>(opts: Options, fn: (tx: Tx) => Promise<T>): Promise<T> {
  assertMayConfigure(opts.actor, opts.appId);
  return opts.platform.database.inTenant(opts.appId, async (tx) => {
    await getApplication(tx, opts.appId);
    return fn(tx);
  });
}

export const getSender = (opts: Options) => inSenders(opts, (tx) => viewOf(opts.platform, tx, opts.appId));

/** The domains the platform itself sends from or answers on (MAIL_FROM, PUBLIC_URL): no tenant may sign for them. */
function platformDomains(platform: Platform): string[] {
  const mail = normalizeHostName(addressOf(platform.config.mailFrom).split('@').pop() ?? '');
  const web = normalizeHostName(new URL(platform.config.publicUrl).hostname);
  return [mail, web].filter((d): d is string => Boolean(d));
}
const sameOrWithin = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

/** The domain and address as stored (ASCII, lower case), once they are a host name, of one another, not the platform's. */
function validated(platform: Platform, input: MailSenderInput): { domain: string; address: string } {
  const domain = normalizeHostName(input.domain);
  if (!domain) throw fieldError('domain', 'invalid_value', 'The domain must be a host name such as customer.com.');
  if (platformDomains(platform).some((own) => sameOrWithin(domain, own)))
    throw fieldError('domain', 'invalid_value', "This is the platform's own domain: declare your company's domain.");
  const at = input.address.lastIndexOf('@');
  const local = input.address.slice(0, at);
  if (normalizeHostName(input.address.slice(at + 1)) !== domain)
    throw fieldError('address', 'invalid_value', `The address must be of the domain ${domain} (e.g. contracts@${domain}).`);
  if (local.length > 64) throw fieldError('address', 'invalid_value', 'The part before @ is 64 characters at most.');
  return { domain, address: `${local}@${domain}` };
}

const generateRsa = promisify(generateKeyPair);

/** A new DKIM key pair (RSA 2048, on libuv's thread pool: the event loop goes on meanwhile). */
async function newKeyPair(): Promise<{ publicKey: string; privateKey: string }> {
  const { publicKey, privateKey } = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: publicKey.toString('base64'), privateKey };
}

/** A selector per month of creation (`paraphe202612`): a tenant re-declaring its domain later publishes a new name. */
const selectorOf = (now: Date) => `paraphe${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * Declares the tenant's sender (a key pair generated for its domain, status pending), or changes the address and
 * display name of the one it has (same domain: its key and state stay). Another domain: remove the sender first.
 */
export async function saveSender(opts: Options & { input: MailSenderInput }): Promise<MailSender | null> {
  const { platform, actor, appId, input } = opts;
  assertMayConfigure(actor, appId);
  const { domain, address } = validated(platform, input);
  const displayName = input.displayName?.trim() || null;
  const current = await platform.database.inTenant(appId, (tx) => repo.findSender(tx, appId));
  if (current && current.domain !== domain)
    throw new AppError('CONFLICT', `The sender of ${current.domain} is declared: remove it before declaring another domain.`);
  if (!current && (await platform.database.inSystem((tx) => repo.verifiedElsewhere(tx, appId, domain))))
    throw new AppError('CONFLICT', `Another account already sends from ${domain}.`);
  const keys = current ? undefined : await newKeyPair();
  const view = await inSenders(opts, async (tx) => {
    const now = platform.clock();
    if (keys) {
      const selector = selectorOf(now);
      await repo.insertSender(tx, {
        appId,
        domain,
        address,
        displayName,
        selector,
        privateKeySealed: seal(platform.secret, privateKeyLabel, keys.privateKey),
        publicKey: keys.publicKey,
        createdBy: actor.realUserId,
        createdAt: now,
        updatedAt: now,
      });
      await auditSender(tx, actor, appId, 'mail_sender.added', { domain, address, displayName, selector });
    } else {
      await repo.renameSender(tx, appId, { address, displayName, updatedAt: now });
      await auditSender(tx, actor, appId, 'mail_sender.updated', { domain, address, displayName });
    }
    return viewOf(platform, tx, appId);
  }).catch((error: unknown) => {
    // Two declarations at once: the second finds the first's row (one sender per tenant).
    if (isDuplicate(error)) throw new AppError('CONFLICT', 'A sender was declared meanwhile: reload to see it.');
    throw error;
  });
  platform.messaging.senders.forget(appId);
  return view;
}

/** The primary key's violation (the driver's error may be wrapped by drizzle). */
function isDuplicate(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

/** Removes the tenant's sender (its key with it): its mails go from the platform's sender again, without Reply-To. */
export async function removeSender(opts: Options): Promise<null> {
  const { platform, actor, appId } = opts;
  await inSenders(opts, async (tx) => {
    const row = await repo.findSender(tx, appId);
    if (!row || !(await repo.deleteSender(tx, appId))) throw notFound('Mail sender');
    await auditSender(tx, actor, appId, 'mail_sender.removed', { domain: row.domain, address: row.address, status: row.status });
  });
  platform.messaging.senders.forget(appId);
  return null;
}

export async function auditSender(tx: Executor, actor: Actor | null, appId: string, action: string, data: Record<string, unknown>) {
  await audit(tx, {
    appId,
    actorUserId: actor?.realUserId ?? null,
    action,
    targetType: 'sender_domain',
    targetId: appId,
    data,
    ip: actor?.ip,
  });
}
