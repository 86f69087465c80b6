import { directorOnlyProfiles, managerProfiles, mayGiveProfile, seesAllUsers, type Profile } from '@paraphe/contracts';
import { userInputSchema, profileInputSchema } from '@paraphe/contracts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { getApplication } from '../tenants/index.ts';
import { sendAccountLink, sendEmailChangeLinks } from './account-links.ts';
import { holdsRightsOf, languageChosen, recordUserCreated, withChosenLanguage } from './accounts.ts';
import * as repo from './repository.ts';
import type { UserRow } from './repository.ts';
import { assertEmailFree, emailTakenError, withUniqueEmail } from './email.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}
type ParsedInput = ReturnType<typeof userInputSchema.parse>;

/** GERANT and COMPTABLE see the whole tenant; the others only their descendants (spec §6). */
async function scopeOf(tx: Tx, actor: Actor): Promise<repo.Scope> {
  if (seesAllUsers(actor.profile)) return { appId: actor.appId };
  return { appId: actor.appId, visibleIds: await repo.descendantIds(tx, actor.appId, actor.userId) };
}

async function findVisible(tx: Tx, actor: Actor, id: string): Promise<UserRow> {
  const user = await repo.findInScope(tx, await scopeOf(tx, actor), id);
  if (!user) throw notFound('User');
  return user;
}

/**
 * A user the actor may change, mail a password link, deactivate or delete: visible, and holding no right the actor
 * lacks (docs/permissions.md). A product administrator is changed only by a product administrator (else a GERANT
 * of the platform could take the account over); a COMPTABLE placed under a MANAGER is out of the MANAGER's reach.
 */
async function findChangeable(tx: Tx, actor: Actor, id: string): Promise<UserRow> {
  const user = await findVisible(tx, actor, id);
  if (user.isProductAdmin && !actor.isProductAdmin) throw new AppError('FORBIDDEN');
  if (!holdsRightsOf(actor.permissions, user)) throw new AppError('FORBIDDEN', 'This user has rights you do not have: you cannot change this account.');
  return user;
}

/**
 * Only a GERANT hands out GERANT or COMPTABLE; a manager creates managers and sales users under them. In general
 * nobody gives a profile with a right they lack.
 */
function assertMayAssignProfile(actor: Actor, profile: Profile) {
  if (mayGiveProfile(actor, profile)) return;
  throw new AppError(
    'FORBIDDEN',
    directorOnlyProfiles.includes(profile) && actor.profile !== 'GERANT'
      ? 'Only a director (GERANT) can give this profile.'
      : 'This profile has rights you do not have.',
  );
}

/** The line manager must be a visible GERANT/MANAGER of the tenant, and neither the user nor one of their subordinates. */
async function assertValidLineManager(tx: Tx, actor: Actor, parentId: string | null | undefined, userId?: string) {
  if (!parentId) return;
  if (userId && parentId === userId) throw new AppError('INVALID_LINE_MANAGER');
  const parent =
    parentId === actor.userId ? await repo.findInScope(tx, { appId: actor.appId }, parentId) : await repo.findInScope(tx, await scopeOf(tx, actor), parentId);
  if (!parent)
    throw new AppError('VALIDATION_FAILED', 'Line manager not found.', {
      fields: [{ field: 'parentId', rule: 'invalid_value', message: 'Line manager not found.' }],
    });
  // A subordinate is refused as such first, whatever their profile: that is the error the user can act on.
  if (userId && (await repo.descendantIds(tx, actor.appId, userId)).includes(parentId)) throw new AppError('INVALID_LINE_MANAGER');
  if (!managerProfiles.includes(parent.profile)) {
    throw new AppError('VALIDATION_FAILED', 'A line manager must be a director or a manager.', {
      fields: [{ field: 'parentId', rule: 'invalid_value', message: 'A line manager must be a director or a manager.' }],
    });
  }
}

export async function listUsers(opts: Options & { filter: repo.UserListFilter }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => repo.listInScope(tx, await scopeOf(tx, actor), opts.filter));
}

export async function getUser(opts: Options & { id: string }) {
  return opts.platform.database.inTenant(opts.actor.appId, (tx) => findVisible(tx, opts.actor, opts.id));
}

export async function usersByProfiles(opts: Options & { profiles: Profile[] }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const { rows } = await repo.listInScope(tx, await scopeOf(tx, actor), {
      profiles: opts.profiles,
      active: true,
      limit: 1000,
      offset: 0,
      order: 'ASC',
      orderBy: 'lastName',
    });
    // A manager may always pick themselves (e.g. as line manager of a user they create).
    const self = await repo.findInScope(tx, { appId: actor.appId }, actor.userId);
    const withSelf = self && opts.profiles.includes(self.profile) && !rows.some((r) => r.id === self.id) ? [self, ...rows] : rows;
    return withSelf;
  });
}

export async function childrenOfUser(opts: Options & { id: string; recursive: boolean }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const root = opts.id === actor.userId ? await repo.findInScope(tx, { appId: actor.appId }, opts.id) : await findVisible(tx, actor, opts.id);
    if (!root) throw notFound('User');
    if (!opts.recursive) return repo.childrenOf(tx, actor.appId, root.id);
    return repo.findManyInScope(tx, { appId: actor.appId }, await repo.descendantIds(tx, actor.appId, root.id));
  });
}

export async function parentOfUser(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const user = opts.id === actor.userId ? await repo.findInScope(tx, { appId: actor.appId }, opts.id) : await findVisible(tx, actor, opts.id);
    if (!user) throw notFound('User');
    return user.parentId ? ((await repo.findInScope(tx, { appId: actor.appId }, user.parentId)) ?? null) : null;
  });
}

export async function isUserUsed(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const user = await findVisible(tx, actor, opts.id);
    const subordinates = await repo.countChildren(tx, actor.appId, user.id);
    return { isUsed: subordinates > 0, subordinates };
  });
}

/** Whether a user of the caller's tenant has the address: other tenants' users are none of its business. */
export async function emailExists(opts: Options & { email: string }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, (tx) => repo.emailTakenInTenant(tx, actor.appId, opts.email));
}

export async function createUser(opts: Options & { input: ParsedInput }) {
  const { platform, actor, input } = opts;
  assertMayAssignProfile(actor, input.profile);
  return platform.database.inTenant(actor.appId, async (tx) => {
    // A manager's new user lands under them unless they chose one of their subordinates.
    const parentId = input.parentId ?? (actor.profile === 'GERANT' ? null : actor.userId);
    await assertValidLineManager(tx, actor, parentId);
    await assertEmailFree(tx, input.email);
    const user = await withUniqueEmail(
      repo.insertUser(tx, {
        appId: actor.appId,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        mobile: input.mobile ?? null,
        phone: input.phone ?? null,
        language: input.language,
        additionalData: withChosenLanguage({}, input.language),
        civility: input.civility ?? null,
        company: input.company ?? null,
        address: input.address ?? null,
        profile: input.profile,
        parentId,
        active: input.active,
      }),
    );
    const application = await getApplication(tx, actor.appId);
    const inviter = await repo.findInScope(tx, { appId: actor.appId }, actor.userId);
    // sendReinit: the new user chooses a password from a mailed link.
    await sendAccountLink({
      platform,
      tx,
      user,
      application,
      kind: 'invite',
      invitedBy: inviter ? `${inviter.firstName} ${inviter.lastName}` : application.company,
    });
    await recordUserCreated(platform, tx, user, { actorUserId: actor.realUserId, ip: actor.ip });
    return user;
  });
}

export async function updateUser(opts: Options & { id: string; input: ParsedInput }) {
  const { platform, actor, input } = opts;
  // Addresses are unique across tenants, and a tenant transaction sees only its own users: ask the whole platform
  // (the answer is only used once the user is known to be the caller's to change).
  const emailTakenElsewhere = await platform.database.inSystem((tx) => repo.emailTaken(tx, input.email, opts.id));
  return platform.database.inTenant(actor.appId, async (tx) => {
    const user = await findChangeable(tx, actor, opts.id);
    if (input.profile !== user.profile) assertMayAssignProfile(actor, input.profile);
    const parentId = input.parentId === undefined ? user.parentId : input.parentId;
    // Outside the directors, users live in their manager's tree: detaching one would hide it from its manager.
    if (parentId === null && !seesAllUsers(actor.profile)) {
      throw new AppError('VALIDATION_FAILED', 'A line manager is required.', {
        fields: [{ field: 'parentId', rule: 'required', message: 'A line manager is required.' }],
      });
    }
    if (parentId !== user.parentId) await assertValidLineManager(tx, actor, parentId, user.id);
    // A new address only replaces the login address once its owner confirms it from the mailed link: until then it
    // waits in pendingEmail (the current address is told). The current address, or the one already pending,
    // changes nothing.
    const requestedEmail = input.email !== user.email.toLowerCase() && input.email !== user.pendingEmail?.toLowerCase() ? input.email : undefined;
    if (requestedEmail && emailTakenElsewhere) throw emailTakenError();
    if (!input.active && (user.id === actor.userId || user.id === actor.realUserId)) {
      throw new AppError('CONFLICT', 'You cannot deactivate your own account.');
    }
    const updated = await repo.updateUserInScope(tx, actor.appId, user.id, {
      ...(requestedEmail ? { pendingEmail: requestedEmail } : {}),
      firstName: input.firstName,
      lastName: input.lastName,
      mobile: input.mobile ?? null,
      phone: input.phone ?? null,
      ...languageChange(user, input.language),
      civility: input.civility ?? null,
      company: input.company ?? null,
      address: input.address ?? null,
      profile: input.profile,
      parentId,
      active: input.active,
    });
    await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'user.updated', targetType: 'user', targetId: user.id, ip: actor.ip });
    if (requestedEmail) {
      const application = await getApplication(tx, actor.appId);
      const changer = await repo.findInScope(tx, { appId: actor.appId }, actor.realUserId);
      const changedBy = changer ? `${changer.firstName} ${changer.lastName}` : application.company;
      await sendEmailChangeLinks({ platform, tx, user, application, newEmail: requestedEmail, changedBy });
      await audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'user.email_change_requested',
        targetType: 'user',
        targetId: user.id,
        data: { from: user.email, to: requestedEmail },
        ip: actor.ip,
      });
    }
    const changed = [...(Object.keys(input) as (keyof ParsedInput)[]), 'pendingEmail' as const].filter(
      (k) => (updated[k as keyof UserRow] ?? null) !== (user[k as keyof UserRow] ?? null),
    );
    await platform.events.emit(tx, {
      type: 'user.updated',
      appId: actor.appId,
      actorUserId: actor.realUserId,
      data: { userId: user.id, profile: updated.profile, changed },
    });
    return updated;
  });
}

/**
 * Moves a user under another line manager (the Hierarchy tab's drag and drop): the same rules as an edit — the
 * manager is a GERANT or MANAGER the actor sees, never the user nor one of their subordinates (409
 * INVALID_LINE_MANAGER, nothing changed); only directors may detach a user (no manager).
 */
export async function moveUser(opts: Options & { id: string; parentId: string | null }) {
  const { platform, actor, parentId } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const user = await findChangeable(tx, actor, opts.id);
    if (parentId === user.parentId) return user;
    if (parentId === null && !seesAllUsers(actor.profile)) {
      throw new AppError('VALIDATION_FAILED', 'A line manager is required.', {
        fields: [{ field: 'parentId', rule: 'required', message: 'A line manager is required.' }],
      });
    }
    await assertValidLineManager(tx, actor, parentId, user.id);
    const updated = await repo.updateUserInScope(tx, actor.appId, user.id, { parentId });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'user.moved',
      targetType: 'user',
      targetId: user.id,
      data: { from: user.parentId, to: parentId },
      ip: actor.ip,
    });
    await platform.events.emit(tx, {
      type: 'user.updated',
      appId: actor.appId,
      actorUserId: actor.realUserId,
      data: { userId: user.id, profile: updated.profile, changed: ['parentId'] },
    });
    return updated;
  });
}

export async function deleteUser(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  await platform.database.inTenant(actor.appId, async (tx) => {
    const user = await findChangeable(tx, actor, opts.id);
    if (user.id === actor.userId || user.id === actor.realUserId) throw new AppError('CONFLICT', 'You cannot delete your own account.');
    if ((await repo.countChildren(tx, actor.appId, user.id)) > 0) throw new AppError('USER_IN_USE');
    const application = await getApplication(tx, actor.appId);
    if (application.ownerUserId === user.id) throw new AppError('CONFLICT', 'The owner of the account cannot be deleted.');
    await repo.deleteUserInScope(tx, actor.appId, user.id);
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'user.deleted',
      targetType: 'user',
      targetId: user.id,
      data: { email: user.email },
      ip: actor.ip,
    });
    await platform.events.emit(tx, {
      type: 'user.deleted',
      appId: actor.appId,
      actorUserId: actor.realUserId,
      data: { userId: user.id, profile: user.profile },
    });
  });
}

export async function sendPasswordLink(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  await platform.database.inTenant(actor.appId, async (tx) => {
    const user = await findChangeable(tx, actor, opts.id);
    const application = await getApplication(tx, actor.appId);
    await sendAccountLink({ platform, tx, user, application, kind: 'reset' });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'user.password_link_sent',
      targetType: 'user',
      targetId: user.id,
      ip: actor.ip,
    });
  });
}

/**
 * The language columns of a saved form: the language, recorded as chosen (docs/languages.md) when it changes or
 * was already chosen — saving a form that shows the default unchanged chooses nothing.
 */
function languageChange(user: UserRow, language: string) {
  if (language === user.language && !languageChosen(user)) return {};
  return { language, additionalData: withChosenLanguage(user.additionalData, language) };
}

export async function updateOwnProfile(opts: Options & { input: ReturnType<typeof profileInputSchema.parse> }) {
  const { platform, actor, input } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const current = (await repo.findInScope(tx, { appId: actor.appId }, actor.userId))!;
    const updated = await repo.updateUserInScope(tx, actor.appId, actor.userId, {
      firstName: input.firstName,
      lastName: input.lastName,
      mobile: input.mobile ?? null,
      phone: input.phone ?? null,
      ...languageChange(current, input.language),
      civility: input.civility ?? null,
      company: input.company ?? null,
      address: input.address ?? null,
    });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'user.profile_updated',
      targetType: 'user',
      targetId: actor.userId,
      ip: actor.ip,
    });
    return updated;
  });
}

/**
 * The most a user's preferences may weigh once merged (JSON text): they come back with every `/me`, so a client
 * cannot grow them without bound. Interface preferences (language, tour, table options) take a few hundred bytes.
 */
export const maxAdditionalDataBytes = 16 * 1024;

export async function updateOwnAdditionalData(opts: Options & { data: Record<string, unknown> }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const user = (await repo.findInScope(tx, { appId: actor.appId }, actor.userId))!;
    const merged = { ...user.additionalData, ...opts.data };
    const size = Buffer.byteLength(JSON.stringify(merged));
    if (size > maxAdditionalDataBytes) {
      const message = `Preferences are limited to ${maxAdditionalDataBytes / 1024} KB (these would take ${Math.ceil(size / 1024)} KB).`;
      throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'additionnalData', rule: 'too_large', message }] });
    }
    const theme = (opts.data.theme as { lang?: string } | undefined)?.lang;
    return repo.updateUserInScope(tx, actor.appId, actor.userId, { additionalData: merged, ...(theme ? { language: theme } : {}) });
  });
}
