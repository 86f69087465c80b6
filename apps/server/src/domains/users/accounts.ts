import { permissionsFor, seesAllUsers, type Permission, type Profile } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { hashToken } from '../../platform/http/tokens.ts';
import { getApplication, settingsOf } from '../tenants/index.ts';
import { sendAccountLink } from './account-links.ts';
import * as repo from './repository.ts';
import type { UserRow } from './repository.ts';
import { assertEmailFree, withUniqueEmail } from './email.ts';

/**
 * What other domains need of user accounts (auth logs them in, applications create a tenant's director, the
 * signature domain scopes requests by hierarchy). They run in the caller's transaction.
 */
export type { UserRow } from './repository.ts';
export { findUserById, findUsersByIds, findUserByEmail, ancestorIds, descendantIds, displayNamesOf } from './repository.ts';

/**
 * The owners whose items `actor` sees (campaigns, operations): GERANT and COMPTABLE the whole tenant (no owner
 * filter), the others their own and their descendants'.
 */
export async function ownerScope(db: Executor, actor: Actor): Promise<{ appId: string; ownerIds?: string[] }> {
  if (seesAllUsers(actor.profile)) return { appId: actor.appId };
  return { appId: actor.appId, ownerIds: [actor.userId, ...(await repo.descendantIds(db, actor.appId, actor.userId))] };
}

/** Whether `actor` sees this user of their tenant: GERANT and COMPTABLE see everyone, the others their descendants. */
export async function isVisibleTo(db: Executor, actor: Pick<Actor, 'appId' | 'userId' | 'profile'>, user: Pick<UserRow, 'id' | 'appId'>): Promise<boolean> {
  if (user.appId !== actor.appId) return false;
  return seesAllUsers(actor.profile) || (await repo.descendantIds(db, actor.appId, actor.userId)).includes(user.id);
}

/**
 * Whether someone with these rights may act on this account (change its e-mail, profile or anything else, mail
 * it a password link, deactivate, delete, sign out or view the app as it): only when they hold every right the
 * account has — its profile's permissions, and the product administrator's when it is one. Otherwise taking the
 * account over would hand out those rights (a MANAGER above a COMPTABLE would gain billing.*).
 */
export function holdsRightsOf(rights: ReadonlySet<Permission>, target: Pick<UserRow, 'profile' | 'isProductAdmin'>): boolean {
  return permissionsFor(target.profile, target.isProductAdmin).every((p) => rights.has(p));
}

/** A successful login (or second-factor check). */
export async function recordConnection(tx: Tx, userId: string, now: Date): Promise<void> {
  await repo.updateUser(tx, userId, { lastConnectionAt: now });
}

/** A new password, set from a mailed link: that also proves the address. */
export async function setPasswordFromLink(tx: Tx, user: UserRow, passwordHash: string, now: Date): Promise<void> {
  await repo.updateUser(tx, user.id, { passwordHash, emailConfirmedAt: user.emailConfirmedAt ?? now, failedLogins: 0 });
}

/**
 * The product administrator's password, set from the command line; their next login counts as a first one
 * again (its code is shown on the console when no mail server is set).
 */
export async function setPasswordFromConsole(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  await repo.updateUser(tx, userId, { passwordHash, failedLogins: 0, lastConnectionAt: null });
}

export async function confirmEmail(tx: Tx, userId: string, now: Date): Promise<void> {
  await repo.updateUser(tx, userId, { emailConfirmedAt: now });
}

const emailChangeLinkExpired = () => new AppError('TOKEN_EXPIRED', 'This confirmation link has expired, was already used or was replaced by a newer one.');

/**
 * The link mailed to a pending address, used (system transaction: the link is its own proof): the address becomes
 * the account's login address. Only the latest pending address can be confirmed; every other open link of the
 * account (a reset link mailed to the former address…) is spent. An account without a password yet gets its
 * set-password link at the new address.
 */
export async function applyEmailChange(opts: { platform: Platform; tx: Tx; token: string }): Promise<UserRow> {
  const { platform, tx } = opts;
  const now = platform.clock();
  const link = await repo.consumeOneTimeToken(tx, hashToken(opts.token), 'email_change', now);
  if (!link?.email) throw emailChangeLinkExpired();
  const user = await repo.findUserById(tx, link.userId);
  if (!user?.pendingEmail || user.pendingEmail.toLowerCase() !== link.email.toLowerCase()) throw emailChangeLinkExpired();
  const newEmail = link.email;
  // Someone may have taken the address since it was set aside: it stays pending, nothing changes.
  await assertEmailFree(tx, newEmail, user.id);
  await withUniqueEmail(repo.updateUser(tx, user.id, { email: newEmail, pendingEmail: null, emailConfirmedAt: now }));
  await repo.spendOpenTokens(tx, user.id, now);
  const updated = (await repo.findUserById(tx, user.id))!;
  if (!updated.passwordHash) {
    const application = await getApplication(tx, user.appId);
    await sendAccountLink({ platform, tx, user: updated, application, kind: 'invite' });
  }
  await audit(tx, {
    appId: user.appId,
    actorUserId: user.id,
    action: 'user.email_changed',
    targetType: 'user',
    targetId: user.id,
    data: { from: user.email, to: newEmail },
  });
  await platform.events.emit(tx, {
    type: 'user.updated',
    appId: user.appId,
    actorUserId: user.id,
    data: { userId: user.id, profile: user.profile, changed: ['email'] },
  });
  return updated;
}

export interface OwnerInput {
  appId: string;
  email: string;
  firstName: string;
  lastName: string;
  language?: string;
  company?: string | null;
  passwordHash?: string | null;
  isProductAdmin?: boolean;
  emailConfirmedAt?: Date | null;
}

/**
 * A language was chosen for the account — by its owner (language menu, profile, sign-up) or by an administrator
 * (user form) — when `additionalData.theme.lang` holds it; the first-start administrator and a tenant owner
 * created by the product administrator have the column's default (fr), which nobody chose.
 */
export const languageChosen = (user: Pick<UserRow, 'additionalData'>) =>
  typeof (user.additionalData.theme as { lang?: unknown } | undefined)?.lang === 'string';

/** `additionalData` recording `language` as the account's chosen language (theme.lang, what /me's menu shows). */
export const withChosenLanguage = (additionalData: Record<string, unknown>, language: string) => ({
  ...additionalData,
  theme: { ...(additionalData.theme as Record<string, unknown> | undefined), lang: language },
});

/**
 * At login, the login page's language becomes the account's when nobody chose one (docs/languages.md: an English
 * browser no longer lands in the default French); a chosen language is never changed.
 */
export async function adoptLoginLanguage(tx: Tx, user: UserRow, language: string | undefined): Promise<UserRow> {
  if (!language || languageChosen(user)) return user;
  return repo.updateUserInScope(tx, user.appId, user.id, { language, additionalData: withChosenLanguage(user.additionalData, language) });
}

/** The director (GERANT) of a new tenant: sign-up, an administrator's creation, the first start. */
export async function createOwner(tx: Tx, input: OwnerInput, emailTakenMessage?: string): Promise<UserRow> {
  await assertEmailFree(tx, input.email, undefined, emailTakenMessage);
  return withUniqueEmail(
    repo.insertUser(tx, {
      appId: input.appId,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.language ?? 'fr',
      // Without a language (first start, a tenant created by the product administrator), none is chosen yet.
      ...(input.language ? { additionalData: withChosenLanguage({}, input.language) } : {}),
      company: input.company ?? null,
      profile: 'GERANT',
      passwordHash: input.passwordHash ?? null,
      isProductAdmin: input.isProductAdmin ?? false,
      emailConfirmedAt: input.emailConfirmedAt ?? null,
    }),
    emailTakenMessage,
  );
}

/**
 * A user created at their first single sign-on (docs/sso.md): the tenant's default profile and line manager, the
 * e-mail the identity provider verified (confirmed), no password (they sign in through the provider); audited and
 * `user.created` emitted in the caller's transaction.
 */
export async function createProvisionedUser(
  platform: Platform,
  tx: Tx,
  input: { appId: string; email: string; firstName: string; lastName: string; profile: Profile; parentId: string | null; language: string; now: Date },
): Promise<UserRow> {
  await assertEmailFree(tx, input.email);
  const user = await withUniqueEmail(
    repo.insertUser(tx, {
      appId: input.appId,
      email: input.email,
      firstName: input.firstName.slice(0, 100),
      lastName: input.lastName.slice(0, 100),
      language: input.language,
      company: null,
      profile: input.profile,
      parentId: input.parentId,
      passwordHash: null,
      emailConfirmedAt: input.now,
    }),
  );
  await recordUserCreated(platform, tx, user, { actorUserId: null, via: 'sso' });
  return user;
}

/** A new account's audit row and `user.created` event (an administrator's creation, a just-in-time one), in `tx`. */
export async function recordUserCreated(platform: Platform, tx: Tx, user: UserRow, by: { actorUserId: string | null; ip?: string; via?: 'sso' }) {
  await audit(tx, {
    appId: user.appId,
    actorUserId: by.actorUserId,
    action: 'user.created',
    targetType: 'user',
    targetId: user.id,
    data: { profile: user.profile, ...(by.via ? { via: by.via } : {}) },
    ip: by.ip,
  });
  await platform.events.emit(tx, {
    type: 'user.created',
    appId: user.appId,
    actorUserId: by.actorUserId ?? user.id,
    data: { userId: user.id, profile: user.profile, parentId: user.parentId },
  });
}

/**
 * The technical user public-API calls act as (one per tenant, created with its first API key): no password, so it
 * never logs in; a plain profile, its permissions given per call by the key's scopes.
 */
/** A technical user's address: nobody's mailbox (`.invalid` never resolves). */
const technicalMailDomain = 'api.paraphe.invalid';
export const isTechnicalUser = (user: Pick<UserRow, 'email' | 'passwordHash'>) => user.passwordHash === null && user.email.endsWith(`@${technicalMailDomain}`);

export async function createTechnicalUser(tx: Tx, input: { appId: string; firstName: string; lastName: string }): Promise<UserRow> {
  const email = `api-${input.appId}@${technicalMailDomain}`;
  return withUniqueEmail(
    repo.insertUser(tx, {
      ...input,
      email,
      language: 'en',
      company: null,
      profile: 'COMMERCIAL',
      passwordHash: null,
      isProductAdmin: false,
      emailConfirmedAt: new Date(),
    }),
  );
}

/**
 * Where a request owner's mails go (started, expired, signed documents): the owner's address; for the tenant's
 * technical user (a request made through an API key whose creator is gone: docs/api-v1.md), the tenant's support
 * e-mail (settings, General) — or nowhere when it has none. Undefined: no mail.
 */
export async function ownerMailboxOf(db: Executor, userId: string): Promise<Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'language'> | undefined> {
  const user = await repo.findUserById(db, userId);
  if (!user || !isTechnicalUser(user)) return user;
  const supportEmail = settingsOf(await getApplication(db, user.appId)).supportEmail;
  return supportEmail ? { email: supportEmail, firstName: user.firstName, lastName: user.lastName, language: user.language } : undefined;
}

export { ownersAndCounts } from './repository.ts';
