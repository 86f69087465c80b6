import type { Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { hashToken, newOpaqueToken } from '../../platform/http/tokens.ts';
import { brandingOf, type ApplicationView } from '../tenants/index.ts';
import { publicBaseUrl } from '../custom-domains/index.ts';
import * as repo from './repository.ts';
import type { UserRow } from './repository.ts';

const linkTtlHours = { confirm: 72, reset: 1, invite: 72 } as const;
/** How long the link mailed to a new address stays valid. */
export const emailChangeTtlHours = 24;
export type AccountLinkKind = keyof typeof linkTtlHours;

/** Creates a single-use link and queues the mail that carries it, in the caller's transaction. */
export async function sendAccountLink(opts: {
  platform: Platform;
  tx: Tx;
  user: UserRow;
  application: ApplicationView;
  kind: AccountLinkKind;
  invitedBy?: string;
}) {
  const { platform, tx, user, application, kind } = opts;
  const { token, hash } = newOpaqueToken();
  const now = platform.clock();
  await repo.insertOneTimeToken(tx, {
    appId: user.appId,
    userId: user.id,
    purpose: kind === 'confirm' ? 'confirm' : 'reset',
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + linkTtlHours[kind] * 3_600_000),
  });
  const path = kind === 'confirm' ? 'confirm' : 'reset';
  const link = `${publicBaseUrl(platform, application.id, 'backoffice')}/#/${path}?token=${token}`;
  // Always the application's id: links are also sent from tenant-scoped transactions (the platform application's
  // users invited by the administrator), where RLS refuses an outbox row without the tenant's app_id.
  const base = { appId: application.id, to: user.email, language: user.language, branding: brandingOf(application) };
  if (kind === 'confirm') {
    await platform.messaging.queueEmail(tx, {
      ...base,
      template: 'confirm-account',
      params: { firstName: user.firstName, company: application.company, link },
    });
  } else if (kind === 'invite') {
    await platform.messaging.queueEmail(tx, {
      ...base,
      template: 'set-password',
      params: { firstName: user.firstName, company: application.company, invitedBy: opts.invitedBy ?? application.company, link },
    });
  } else {
    await platform.messaging.queueEmail(tx, { ...base, template: 'reset-password', params: { firstName: user.firstName, link } });
  }
}

/**
 * An e-mail change waiting for the new address: a single-use link to that address (an earlier one is spent: only
 * the latest address can be confirmed) and a notice to the current address, in the caller's transaction.
 */
export async function sendEmailChangeLinks(opts: {
  platform: Platform;
  tx: Tx;
  user: UserRow;
  application: ApplicationView;
  newEmail: string;
  changedBy: string;
}) {
  const { platform, tx, user, application, newEmail } = opts;
  const now = platform.clock();
  await repo.spendOpenTokens(tx, user.id, now, ['email_change']);
  const { token, hash } = newOpaqueToken();
  await repo.insertOneTimeToken(tx, {
    appId: user.appId,
    userId: user.id,
    purpose: 'email_change',
    tokenHash: hash,
    email: newEmail,
    expiresAt: new Date(now.getTime() + emailChangeTtlHours * 3_600_000),
  });
  const link = `${publicBaseUrl(platform, application.id, 'backoffice')}/#/confirm-email?token=${token}`;
  const base = { appId: application.id, language: user.language, branding: brandingOf(application) };
  await platform.messaging.queueEmail(tx, {
    ...base,
    to: newEmail,
    template: 'confirm-email-change',
    params: { firstName: user.firstName, company: application.company, newEmail, hours: emailChangeTtlHours, link },
  });
  await platform.messaging.queueEmail(tx, {
    ...base,
    to: user.email,
    template: 'email-change-notice',
    params: { firstName: user.firstName, company: application.company, newEmail, changedBy: opts.changedBy },
  });
}

/** The link's token, consumed (a second use finds nothing); undefined when unknown, used or expired. */
export async function consumeAccountLink(db: Executor, token: string, purpose: repo.LinkPurpose, now: Date) {
  return repo.consumeOneTimeToken(db, hashToken(token), purpose, now);
}
