import { createHash } from 'node:crypto';
import { SigningError } from '@paraphe/signing';
import type { Actor, Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { trustServices } from '../pki/index.ts';
import { getApplication } from '../tenants/index.ts';
import { checkIdentity, checkPkcs12, type CheckedIdentity } from './certificate.ts';
import { forgetAccountIdentity, sealAccountIdentity } from './identities.ts';
import * as repo from './repository.ts';

/** Stamp accounts (spec §3 Stamp): list, import a PKCS#12, issue a built-in one, choose the default, delete. */
interface Options {
  platform: Platform;
  actor: Actor;
}

interface NewAccount {
  label: string;
  reason: string;
  isDefault: boolean;
}

/** A tenant may keep this many accounts (a handful in practice: one per certificate or per reason). */
export const maxAccountsPerTenant = 50;

export function listAccounts({ platform, actor }: Options): Promise<repo.StampAccountRow[]> {
  return platform.database.inTenant(actor.appId, (tx) => repo.listAccounts(tx, actor.appId));
}

export async function importAccount(opts: Options & NewAccount & { pkcs12: Uint8Array; password: string }): Promise<repo.StampAccountRow> {
  const checked = await checkPkcs12(opts.platform.workers, opts.pkcs12, opts.password, opts.platform.clock());
  return storeAccount(opts, 'imported', checked);
}

/** A certificate of the platform CA naming the tenant's company (RSA-2048, the CA's seal profile, one year). */
export async function createBuiltinAccount(opts: Options & NewAccount): Promise<repo.StampAccountRow> {
  const { platform, actor } = opts;
  const application = await platform.database.inSystem((tx) => getApplication(tx, actor.appId));
  const authority = await trustServices(platform).authority();
  let identity;
  try {
    identity = await authority.issueSealCertificate({ organizationName: application.company });
  } catch (error) {
    if (error instanceof SigningError && error.code === 'CERTIFICATE_INVALID') {
      throw new AppError('VALIDATION_FAILED', 'Set the company name in the account settings before creating a stamp.', { cause: error });
    }
    throw error;
  }
  return storeAccount(opts, 'builtin', checkIdentity(identity, platform.clock()));
}

async function storeAccount(opts: Options & NewAccount, source: 'imported' | 'builtin', checked: CheckedIdentity): Promise<repo.StampAccountRow> {
  const { platform, actor } = opts;
  const sealed = await sealAccountIdentity(platform, checked.identity);
  const { description } = checked;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const existing = await repo.countAccounts(tx, actor.appId);
    if (existing >= maxAccountsPerTenant) throw new AppError('CONFLICT', `A tenant keeps at most ${maxAccountsPerTenant} stamp accounts: delete one first.`);
    let row = await repo.insertAccount(tx, {
      appId: actor.appId,
      label: opts.label,
      reason: opts.reason,
      source,
      sealed,
      subject: description.subject,
      issuer: description.issuer,
      certificateSha256: createHash('sha256').update(checked.identity.certificate).digest('hex'),
      notBefore: description.notBefore,
      notAfter: description.notAfter,
      warnings: checked.warnings,
      createdBy: actor.userId,
    });
    await repo.recordCertificate(tx, { certificateSha256: row.certificateSha256, appId: actor.appId, source, subject: row.subject, issuer: row.issuer });
    // The first account is the default one: sealing without choosing an account then works at once.
    if (opts.isDefault || existing === 0) row = (await repo.makeDefault(tx, actor.appId, row.id))!;
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'stamp_account.created',
      targetType: 'stamp_account',
      targetId: row.id,
      data: { source, label: row.label, subject: row.subject, notAfter: row.notAfter.toISOString() },
      ip: actor.ip,
    });
    await platform.events.emit(tx, {
      type: 'stamp.account_created',
      appId: actor.appId,
      actorUserId: actor.realUserId,
      data: { accountId: row.id, source, label: row.label },
    });
    return row;
  });
}

export function setDefaultAccount({ platform, actor, id }: Options & { id: string }): Promise<repo.StampAccountRow> {
  return platform.database.inTenant(actor.appId, async (tx) => {
    await requireAccount(tx, actor.appId, id);
    const row = (await repo.makeDefault(tx, actor.appId, id))!;
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'stamp_account.default_set',
      targetType: 'stamp_account',
      targetId: id,
      data: { label: row.label },
      ip: actor.ip,
    });
    return row;
  });
}

/**
 * Deleting an account deletes its sealed key; the history keeps what it sealed (label and subject are copied into
 * each seal). Deleting the default leaves no default when others remain: the next seal must name its account.
 */
export async function deleteAccount({ platform, actor, id }: Options & { id: string }): Promise<void> {
  await platform.database.inTenant(actor.appId, async (tx) => {
    const row = await repo.deleteAccount(tx, actor.appId, id);
    if (!row) throw notFound('Stamp account');
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'stamp_account.deleted',
      targetType: 'stamp_account',
      targetId: id,
      data: { label: row.label, subject: row.subject },
      ip: actor.ip,
    });
    await platform.events.emit(tx, {
      type: 'stamp.account_deleted',
      appId: actor.appId,
      actorUserId: actor.realUserId,
      data: { accountId: id, label: row.label },
    });
  });
  forgetAccountIdentity(platform, id);
}

export async function requireAccount(tx: Tx, appId: string, id: string): Promise<repo.StampAccountRow> {
  const row = await repo.findAccount(tx, appId, id);
  if (!row) throw notFound('Stamp account');
  return row;
}
