import { randomUUID } from 'node:crypto';
import {
  applicationSettingsSchema,
  effectiveSignatureDefaults,
  originAllowedIn,
  generalSettingsInputSchema,
  parametersInputSchema,
  providerCredentialsInputSchema,
  signatureDefaultsLayerSchema,
  templatesInputSchema,
  type ApplicationSettings,
  type SignatureDefaultsLayer,
} from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { getApplication, settingsOf, changeApplication, withdrawCompanyIdentity, type ApplicationView } from '../tenants/index.ts';
import { findUserById, type UserRow } from '../users/index.ts';
import { checkLogo } from './logo.ts';
import { presentCredentials, presentSettings } from './presenter.ts';
import { openPassword, providerClientOf, sealPassword } from './provider.ts';
import * as repo from './repository.ts';
import { checkSmsLengths, normalizeTemplates } from './messages.ts';
import { assertMayConfigure, inSettings, type Options } from './access.ts';

type Part = 'general' | 'parameters' | 'templates' | 'logo' | 'provider';

/**
 * settings/configuration (docs/settings.md). Every change: the row, an audit entry and the domain event
 * `application.settings_changed`, in one transaction. Settings are not cached on the server: each request reads
 * the tenant's row, so a save is seen at once by every process.
 */
async function recordChange(tx: Tx, opts: Options, part: Part, changed: string[]) {
  const { platform, actor, appId } = opts;
  await audit(tx, {
    appId,
    actorUserId: actor.realUserId,
    action: `settings.${part}_changed`,
    targetType: 'application',
    targetId: appId,
    data: { changed },
    ip: actor.ip,
  });
  await platform.events.emit(tx, { type: 'application.settings_changed', appId, actorUserId: actor.realUserId, data: { part, changed } });
}

const changedKeys = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.keys(after).filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));

async function present(tx: Tx, application: ApplicationView) {
  return presentSettings(application, await repo.findCredentials(tx, application.id, null));
}

export function getSettings(opts: Options) {
  return inSettings(opts, (tx, application) => present(tx, application));
}

/** Saves settings fields (and the company), records what changed, answers the whole settings. */
async function saveSettings(tx: Tx, opts: Options, application: ApplicationView, part: Part, patch: Partial<ApplicationSettings>, company?: string) {
  const before = { ...settingsOf(application), company: application.company };
  const settings = applicationSettingsSchema.parse({ ...settingsOf(application), ...patch });
  const updated = (await changeApplication(tx, application.id, { settings, company }))!;
  // The platform CA certifies seals under this name: a verified identity no longer vouches for a new one.
  if (company !== undefined && company !== application.company)
    await withdrawCompanyIdentity(tx, application.id, 'company_renamed', { actorUserId: opts.actor.realUserId, ip: opts.actor.ip });
  await recordChange(tx, opts, part, changedKeys(before, { ...patch, ...(company ? { company } : {}) }));
  return present(tx, updated);
}

export function saveGeneral(opts: Options & { input: ReturnType<typeof generalSettingsInputSchema.parse> }) {
  const { company, ...settings } = opts.input;
  return inSettings(opts, (tx, application) => saveSettings(tx, opts, application, 'general', settings, company));
}

export function saveParameters(opts: Options & { input: ReturnType<typeof parametersInputSchema.parse> }) {
  const { signatureDefaults, expiryDays, ...rest } = opts.input;
  return inSettings(opts, (tx, application) => {
    if (rest.embedOrigins) assertEmbedOriginsAllowed(rest.embedOrigins, application.testMode);
    return saveSettings(tx, opts, application, 'parameters', { ...rest, signatureDefaults, signatureExpiryDays: expiryDays });
  });
}

/** A live tenant's signing page is framed by https pages only; test mode also allows http://localhost (docs/embedding.md). */
function assertEmbedOriginsAllowed(origins: readonly string[], testMode: boolean) {
  const refused = origins.flatMap((origin, index) => (originAllowedIn(origin, testMode) ? [] : [index]));
  if (refused.length === 0) return;
  const message = testMode ? 'https, or http on localhost in test mode.' : 'URL must be HTTPS (http://localhost only in test mode).';
  throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', {
    fields: refused.map((index) => ({ field: `embedOrigins.${index}`, rule: 'url_https', message })),
  });
}

export function saveTemplates(opts: Options & { input: ReturnType<typeof templatesInputSchema.parse> }) {
  return inSettings(opts, async (tx, application) => {
    const templates = normalizeTemplates(opts.input.templates);
    checkSmsLengths(opts.platform, application, templates);
    const updated = (await changeApplication(tx, application.id, { messageTemplates: templates }))!;
    const changed = Object.entries(templates).flatMap(([kind, byLanguage]) => Object.keys(byLanguage ?? {}).map((language) => `${kind}.${language}`));
    await recordChange(tx, opts, 'templates', changed);
    return present(tx, updated);
  });
}

// ---------------------------------------------------------------------------------------------------- logo

/** The logo's rule is checked on the bytes (docs/settings.md); the file is stored, then the row points at it. */
export async function uploadLogo(opts: Options & { data: Buffer }) {
  assertMayConfigure(opts.actor, opts.appId);
  const header = checkLogo(opts.data);
  const version = randomUUID();
  const key = `${opts.appId}/logo-${version}.${header.type === 'image/png' ? 'png' : 'jpg'}`;
  await opts.platform.storage.put(key, opts.data);
  let previous: string | undefined;
  const result = await inSettings(opts, async (tx, application) => {
    previous = application.logo?.key;
    const updated = (await changeApplication(tx, application.id, { logo: { key, version, ...header, sizeBytes: opts.data.byteLength } }))!;
    await recordChange(tx, opts, 'logo', ['logo']);
    return present(tx, updated);
  }).catch(async (error: unknown) => {
    await opts.platform.storage.delete(key);
    throw error;
  });
  // The old file goes once the row no longer names it (a failure leaves an orphan for the storage sweep).
  if (previous) await opts.platform.storage.delete(previous).catch(() => undefined);
  return result;
}

export async function deleteLogo(opts: Options) {
  let previous: string | undefined;
  const result = await inSettings(opts, async (tx, application) => {
    previous = application.logo?.key;
    const updated = (await changeApplication(tx, application.id, { logo: null }))!;
    if (previous) await recordChange(tx, opts, 'logo', ['logo']);
    return present(tx, updated);
  });
  if (previous) await opts.platform.storage.delete(previous).catch(() => undefined);
  return result;
}

/** The public logo: this version of this tenant's, or 404 (an old or guessed version tells nothing). */
export async function logoFile(opts: { platform: Platform; appId: string; version: string }) {
  const logo = await opts.platform.database.inTenant(opts.appId, async (tx) => (await getApplication(tx, opts.appId).catch(() => undefined))?.logo);
  if (!logo || logo.version !== opts.version) throw notFound('Logo');
  return { contentType: logo.type, body: await opts.platform.storage.get(logo.key) };
}

// ---------------------------------------------------------------------------------------------------- provider

async function userOfTenant(tx: Tx, appId: string, userId: string): Promise<UserRow> {
  const user = await findUserById(tx, userId);
  if (!user || user.appId !== appId) throw notFound('User');
  return user;
}

export function saveProvider(opts: Options & { input: ReturnType<typeof providerCredentialsInputSchema.parse> }) {
  const { platform, input } = opts;
  return inSettings(opts, async (tx) => {
    if (input.userId) await userOfTenant(tx, opts.appId, input.userId);
    const existing = await repo.findCredentials(tx, opts.appId, input.userId);
    const { password, userId, ...fields } = input;
    const row = await repo.upsertCredentials(tx, {
      appId: opts.appId,
      userId,
      ...fields,
      passwordSealed: password ? sealPassword(platform, password) : (existing?.passwordSealed ?? null),
    });
    const before = existing ? (presentCredentials(existing) as unknown as Record<string, unknown>) : {};
    const changed = changedKeys(before, fields);
    if (password) changed.push('password');
    await recordChange(tx, opts, 'provider', userId ? changed.map((field) => `user.${field}`) : changed);
    return presentCredentials(row);
  });
}

/**
 * Spec §6: the credentials a user signs with. Their own when they have some; otherwise, when the tenant lets children
 * inherit, the nearest ancestor's that has some; otherwise the tenant's.
 */
export async function effectiveCredentials(tx: Tx, application: ApplicationView, userId: string) {
  const user = await userOfTenant(tx, application.id, userId);
  const own = await repo.findCredentials(tx, application.id, user.id);
  if (own) return { source: 'user' as const, row: own };
  if (settingsOf(application).providerInheritance) {
    const ancestors: string[] = [];
    for (let parentId = user.parentId; parentId && ancestors.length < 100 && !ancestors.includes(parentId);) {
      ancestors.push(parentId);
      parentId = (await findUserById(tx, parentId))?.parentId ?? null;
    }
    const rows = await repo.credentialsOfUsers(tx, application.id, ancestors);
    const nearest = ancestors.map((id) => rows.find((row) => row.userId === id)).find(Boolean);
    if (nearest) return { source: 'ancestor' as const, row: nearest };
  }
  const tenant = await repo.findCredentials(tx, application.id, null);
  return tenant ? { source: 'tenant' as const, row: tenant } : { source: 'none' as const, row: undefined };
}

export function effectiveProvider(opts: Options & { userId: string }) {
  return inSettings(opts, async (tx, application) => {
    const { source, row } = await effectiveCredentials(tx, application, opts.userId);
    return { source, credentials: row ? presentCredentials(row) : null };
  });
}

/** Spec §8's three outcomes: fill the credentials first (400), incorrect (422), the provider is having difficulties (503). */
export async function testProvider(opts: Options & { userId?: string }) {
  const { source, row } = await inSettings(opts, async (tx, application) =>
    opts.userId ? effectiveCredentials(tx, application, opts.userId) : { source: 'tenant' as const, row: await repo.findCredentials(tx, application.id, null) },
  );
  if (!row?.login || !row.passwordSealed || !row.offerCode) {
    const missing = !row
      ? ['provider', 'login', 'password', 'offerCode']
      : [!row.login && 'login', !row.passwordSealed && 'password', !row.offerCode && 'offerCode'].filter((f): f is string => !!f);
    throw new AppError('PROVIDER_CREDENTIALS_INCOMPLETE', undefined, { fields: missing.map((field) => ({ field, rule: 'required', message: 'Required.' })) });
  }
  const verdict = await providerClientOf(opts.platform).test({
    provider: row.provider,
    login: row.login,
    password: openPassword(opts.platform, row.passwordSealed),
    offerCode: row.offerCode,
  });
  if (verdict === 'invalid') throw new AppError('PROVIDER_CREDENTIALS_INVALID');
  if (verdict === 'unavailable') throw new AppError('PROVIDER_UNAVAILABLE');
  return { ok: true as const, source };
}

// ---------------------------------------------------------------------------------------------------- defaults

/** The caller's defaults for a new request: theirs (tab User), the tenant's (tab Parameters), the product's. */
export async function mySignatureDefaults(opts: { platform: Platform; actor: Actor }) {
  const { actor } = opts;
  const { defaults, layers } = await opts.platform.database.inTenant(actor.appId, (tx) => signatureDefaultsOf(tx, actor));
  return { defaults, layers };
}

/** The same, inside the caller's transaction: for the domains that create a draft server-side (operations). */
export async function signatureDefaultsOf(tx: Tx, actor: Actor) {
  const application = await getApplication(tx, actor.appId);
  const user = await findUserById(tx, actor.userId);
  const settings = settingsOf(application);
  const userLayer: SignatureDefaultsLayer = signatureDefaultsLayerSchema.safeParse(user?.additionalData.signatureDefaults).data ?? {};
  const tenantLayer: SignatureDefaultsLayer = { ...settings.signatureDefaults, expiryDays: settings.signatureExpiryDays };
  return {
    defaults: effectiveSignatureDefaults(userLayer, tenantLayer),
    layers: { user: userLayer, tenant: tenantLayer },
    /** The signers' language: the one the user or the tenant chose, else the user's own (as the web forms do). */
    signersLanguage: userLayer.language ?? tenantLayer.language ?? user?.language ?? null,
  };
}
