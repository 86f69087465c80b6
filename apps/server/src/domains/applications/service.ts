import { applicationSettingsSchema, defaultFeatureFlags, type ApplicationCreateInput } from '@paraphe/contracts';
import { applicationCreateSchema, applicationUpdateSchema, companyIdentityInputSchema, signUpInputSchema } from '@paraphe/contracts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import {
  featuresOf,
  applicationById,
  addApplication,
  applicationsPage,
  recordCompanyIdentity,
  settingsOf,
  changeApplication,
  withdrawCompanyIdentity,
  type ApplicationFilter,
} from '../tenants/index.ts';
import { createOwner, displayNamesOf, hashPassword, ownersAndCounts, sendAccountLink } from '../users/index.ts';
import { recordSignUpConsents } from '../consents/index.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}

const accountExists = 'An account already exists with this email.';

/** Creates a tenant and its GERANT in one transaction (sign-up and administrator creation share it). */
async function createTenant(
  tx: Tx,
  input: {
    company: string;
    pack: ApplicationCreateInput['pack'];
    testMode: boolean;
    owner: { firstName: string; lastName: string; email: string; language?: string; passwordHash?: string };
  },
  consents?: { personalDataAt: Date; partnersAt: Date | null; brandPublicationAt: Date | null },
) {
  const now = new Date();
  const application = await addApplication(tx, {
    company: input.company,
    pack: input.pack ?? 'free',
    testMode: input.testMode,
    features: defaultFeatureFlags,
    settings: applicationSettingsSchema.parse({}),
    consentPersonalDataAt: consents?.personalDataAt ?? null,
    consentPartnersAt: consents?.partnersAt ?? null,
    consentBrandPublicationAt: consents?.brandPublicationAt ?? null,
    termsAcceptedAt: consents ? now : null,
  });
  const owner = await createOwner(tx, { appId: application.id, ...input.owner, company: input.company }, accountExists);
  const updated = (await changeApplication(tx, application.id, { ownerUserId: owner.id }))!;
  return { application: updated, owner };
}

/** Public sign-up: the application starts on the free pack in test mode; the GERANT confirms their address by mail. */
export async function signUp(opts: { platform: Platform; input: ReturnType<typeof signUpInputSchema.parse>; ip?: string }) {
  const { platform, input } = opts;
  const passwordHash = await hashPassword(input.password);
  return platform.database.inSystem(async (tx) => {
    const now = platform.clock();
    const { application, owner } = await createTenant(
      tx,
      { company: input.company, pack: 'free', testMode: true, owner: { ...input, passwordHash } },
      { personalDataAt: now, partnersAt: input.consents.partners ? now : null, brandPublicationAt: input.consents.brandPublication ? now : null },
    );
    const { terms, personalData, partners, brandPublication } = input.consents;
    const versions = await recordSignUpConsents(tx, {
      appId: application.id,
      userId: owner.id,
      answers: { terms, personalData, partners, brandPublication },
      shownVersions: input.consentVersions,
      at: now,
      ip: opts.ip,
    });
    await sendAccountLink({ platform, tx, user: owner, application, kind: 'confirm' });
    await audit(tx, {
      appId: application.id,
      actorUserId: owner.id,
      action: 'application.signed_up',
      targetType: 'application',
      targetId: application.id,
      data: { consents: input.consents, versions },
      ip: opts.ip,
    });
    await platform.events.emit(tx, {
      type: 'application.created',
      appId: application.id,
      actorUserId: owner.id,
      data: { company: application.company, pack: application.pack, testMode: application.testMode, source: 'signup' },
    });
    return { appId: application.id, userId: owner.id };
  });
}

export async function createApplication(opts: Options & { input: ReturnType<typeof applicationCreateSchema.parse> }) {
  const { platform, actor, input } = opts;
  return platform.database.inSystem(async (tx) => {
    const { application, owner } = await createTenant(tx, { company: input.company, pack: input.pack, testMode: input.testMode, owner: input.owner });
    // The owner chooses a password from the link (which also confirms the address).
    await sendAccountLink({ platform, tx, user: owner, application, kind: 'invite', invitedBy: application.company });
    await audit(tx, {
      appId: application.id,
      actorUserId: actor.realUserId,
      action: 'application.created',
      targetType: 'application',
      targetId: application.id,
      ip: actor.ip,
    });
    await platform.events.emit(tx, {
      type: 'application.created',
      appId: application.id,
      actorUserId: actor.realUserId,
      data: { company: application.company, pack: application.pack, testMode: application.testMode, source: 'admin' },
    });
    return present(tx, application.id);
  });
}

async function present(tx: Tx, id: string) {
  const app = await applicationById(tx, id);
  if (!app) throw notFound('Application');
  const { owners, counts } = await ownersAndCounts(tx, [app]);
  const verifier = app.companyIdentity
    ? (await displayNamesOf(tx, [app.companyIdentity.verifiedByUserId])).get(app.companyIdentity.verifiedByUserId)
    : undefined;
  return { row: app, owner: app.ownerUserId ? owners.get(app.ownerUserId) : undefined, userCount: counts.get(app.id) ?? 0, verifiedBy: verifier ?? null };
}

/** The product administrator sees every application; a GERANT only theirs. */
function assertMaySee(actor: Actor, id: string) {
  if (!actor.permissions.has('admin.applications') && !(actor.appId === id && actor.permissions.has('settings.configuration'))) throw notFound('Application');
}

export async function getApplication(opts: Options & { id: string }) {
  assertMaySee(opts.actor, opts.id);
  return opts.platform.database.inSystem((tx) => present(tx, opts.id));
}

export async function listApplications(opts: Options & { filter: ApplicationFilter }) {
  return opts.platform.database.inSystem(async (tx) => {
    const { rows, total } = await applicationsPage(tx, opts.filter);
    const { owners, counts } = await ownersAndCounts(tx, rows);
    return { total, items: rows.map((row) => ({ row, owner: row.ownerUserId ? owners.get(row.ownerUserId) : undefined, userCount: counts.get(row.id) ?? 0 })) };
  });
}

/** Administrators change everything; a GERANT only the Settings of their own application. */
export async function updateApplication(opts: Options & { id: string; input: ReturnType<typeof applicationUpdateSchema.parse> }) {
  const { platform, actor, input } = opts;
  assertMaySee(actor, opts.id);
  const isAdmin = actor.permissions.has('admin.applications');
  const { settings, ...adminOnly } = input;
  if (!isAdmin && Object.values(adminOnly).some((v) => v !== undefined)) throw new AppError('FORBIDDEN');
  return platform.database.inSystem(async (tx) => {
    const current = await applicationById(tx, opts.id);
    if (!current) throw notFound('Application');
    if (current.isPlatform && input.enabled === false) throw new AppError('CONFLICT', 'The platform application cannot be suspended.');
    const updated = (await changeApplication(tx, current.id, {
      company: input.company,
      pack: input.pack,
      enabled: input.enabled,
      testMode: input.testMode,
      features: input.features ? { ...featuresOf(current), ...input.features } : undefined,
      settings: settings ? applicationSettingsSchema.parse({ ...settingsOf(current), ...settings }) : undefined,
    }))!;
    if (input.company !== undefined && input.company !== current.company)
      await withdrawCompanyIdentity(tx, current.id, 'company_renamed', { actorUserId: actor.realUserId, ip: actor.ip });
    await audit(tx, {
      appId: current.id,
      actorUserId: actor.realUserId,
      action: 'application.updated',
      targetType: 'application',
      targetId: current.id,
      data: { changed: Object.keys(input) },
      ip: actor.ip,
    });
    await platform.events.emit(tx, {
      type: 'application.updated',
      appId: current.id,
      actorUserId: actor.realUserId,
      data: { changed: Object.keys(input), enabled: updated.enabled, testMode: updated.testMode, pack: updated.pack },
    });
    return present(tx, current.id);
  });
}

/**
 * "Company identity verified" (product administrator): the legal name and registration number checked, recorded with
 * the date and the administrator, audited. From then on the platform CA's seals of the account whose name is that
 * legal name are confirmed on the verification page (docs/stamps.md "Who a seal is attributed to").
 */
export async function verifyCompanyIdentity(opts: Options & { id: string; input: ReturnType<typeof companyIdentityInputSchema.parse> }) {
  const { platform, actor, input } = opts;
  return platform.database.inSystem(async (tx) => {
    const current = await applicationById(tx, opts.id);
    if (!current) throw notFound('Application');
    await recordCompanyIdentity(tx, current.id, input, { actorUserId: actor.realUserId, ip: actor.ip, at: platform.clock() });
    return present(tx, current.id);
  });
}

/** Withdraws the verification (the administrator's second thoughts), audited; an account without one is unchanged. */
export async function withdrawVerifiedCompanyIdentity(opts: Options & { id: string }) {
  const { platform, actor } = opts;
  return platform.database.inSystem(async (tx) => {
    const current = await applicationById(tx, opts.id);
    if (!current) throw notFound('Application');
    await withdrawCompanyIdentity(tx, current.id, 'withdrawn', { actorUserId: actor.realUserId, ip: actor.ip });
    return present(tx, current.id);
  });
}
