import type { SurveyConnect, SurveySettings } from '@paraphe/contracts';
import { audit } from '../../platform/audit.ts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { seal, unseal } from '../../platform/sealed.ts';
import { getApplication } from '../tenants/index.ts';
import { presentConnection } from './presenter.ts';
import * as repo from './repository.ts';
import { TypeformError, typeformClient, type TypeformClient } from './typeform.ts';

/**
 * The survey connector (docs/connectors.md, "Survey (Typeform)"): the tenant's managers connect a Typeform account
 * with a personal access token, choose a form and turn the survey mail on. Calls to Typeform happen outside any
 * database transaction (a slow answer holds no connection); what they tell is then written in one.
 */
interface Options {
  platform: Platform;
  actor: Actor;
}

/** The token's own key, derived from the instance secret (the settings domain seals provider passwords the same way). */
const TOKEN_LABEL = 'paraphe:surveys:typeform-token:v1';

const inTenant = <T>(opts: Options, work: (tx: Tx) => Promise<T>) => opts.platform.database.inTenant(opts.actor.appId, work);
const auditOf = (opts: Options, tx: Tx, action: string, data?: Record<string, unknown>) =>
  audit(tx, { appId: opts.actor.appId, actorUserId: opts.actor.realUserId, action, targetType: 'survey_connection', targetId: null, data, ip: opts.actor.ip });

const clientFor = (platform: Platform, token: string): TypeformClient => typeformClient({ baseUrl: platform.config.typeformApiBase, token });

/** Typeform's failure as our stable codes: a refused token 422 (not 401: the caller's own session is fine), the rest 503. */
function asAppError(error: unknown): never {
  if (!(error instanceof TypeformError)) throw error;
  if (error.reason === 'invalid') throw new AppError('SURVEY_TOKEN_INVALID', error.message, { cause: error });
  throw new AppError('SURVEY_UNAVAILABLE', error.message, { cause: error });
}

async function presentFor(tx: Tx, appId: string) {
  return presentConnection(await repo.findConnection(tx, appId), await repo.invitationCount(tx, appId));
}

export const getConnection = (opts: Options) => inTenant(opts, (tx) => presentFor(tx, opts.actor.appId));

/** The product administrator's view of one tenant (tab Marketplace): an unknown tenant is a 404. */
export const connectionOfApplication = (opts: { platform: Platform; appId: string }) =>
  opts.platform.database.inTenant(opts.appId, async (tx) => {
    await getApplication(tx, opts.appId);
    return presentFor(tx, opts.appId);
  });

/** The connection and a client with its token, or 409 when the tenant has none. */
async function connected(opts: Options) {
  const row = await inTenant(opts, (tx) => repo.findConnection(tx, opts.actor.appId));
  if (!row) throw new AppError('SURVEY_NOT_CONNECTED');
  let token: string;
  try {
    token = unseal(opts.platform.secret, TOKEN_LABEL, row.tokenSealed);
  } catch (error) {
    opts.platform.logger.error({ err: error }, 'surveys: a Typeform token cannot be decrypted: SECRET_KEY differs from the one that sealed it');
    throw new AppError('SURVEY_TOKEN_INVALID', 'The saved Typeform token cannot be read: connect again.', { cause: error });
  }
  return { row, client: clientFor(opts.platform, token) };
}

/** A call with the saved token; a refusal marks the connection broken (the panel says so) before answering 422. */
async function withSavedToken<T>(opts: Options, work: (client: TypeformClient, row: repo.SurveyConnectionRow) => Promise<T>): Promise<T> {
  const { row, client } = await connected(opts);
  try {
    return await work(client, row);
  } catch (error) {
    if (error instanceof TypeformError && error.reason === 'invalid') {
      await inTenant(opts, (tx) => repo.updateConnection(tx, opts.actor.appId, { state: 'broken', lastError: error.message }));
    }
    throw error;
  }
}

export async function connect(opts: Options & { input: SurveyConnect }) {
  const { platform, actor, input } = opts;
  const account = await clientFor(platform, input.token).me().catch(asAppError);
  return inTenant(opts, async (tx) => {
    const previous = await repo.findConnection(tx, actor.appId);
    // A new token for the same account (e.g. after a revoked one) keeps the chosen form and the switch.
    const sameAccount = !!previous && previous.accountEmail === account.email && previous.accountName === account.alias;
    await repo.upsertConnection(tx, actor.appId, {
      provider: 'typeform',
      tokenSealed: seal(platform.secret, TOKEN_LABEL, input.token),
      accountName: account.alias,
      accountEmail: account.email,
      formId: sameAccount ? previous.formId : null,
      formTitle: sameAccount ? previous.formTitle : null,
      formUrl: sameAccount ? previous.formUrl : null,
      enabled: sameAccount ? previous.enabled : false,
      connectedBy: actor.realUserId,
      connectedAt: platform.clock(),
      state: 'ok',
      lastError: null,
    });
    await auditOf(opts, tx, 'survey.connected', { provider: 'typeform', account: account.email ?? account.alias });
    return presentFor(tx, actor.appId);
  });
}

/** Always succeeds locally: the token is forgotten here (a personal token cannot be revoked through the API). */
export async function disconnect(opts: Options) {
  await inTenant(opts, async (tx) => {
    if (await repo.deleteConnection(tx, opts.actor.appId)) await auditOf(opts, tx, 'survey.disconnected', { provider: 'typeform' });
  });
}

export const listForms = (opts: Options) => withSavedToken(opts, (client) => client.forms()).catch(asAppError);

export async function saveSettings(opts: Options & { input: SurveySettings }) {
  const { input } = opts;
  if (input.enabled && !input.formId) throw fieldError('formId', 'required', 'Choose a form before turning the survey on.');
  const form = input.formId
    ? await withSavedToken(opts, (client) => client.form(input.formId!)).catch((error: unknown) => {
        if (error instanceof TypeformError && error.reason === 'not_found')
          throw fieldError('formId', 'invalid_value', 'The Typeform account has no such form.');
        return asAppError(error);
      })
    : null;
  if (form && !form.url) throw fieldError('formId', 'invalid_value', 'This form has no public address yet: publish it in Typeform first.');
  return inTenant(opts, async (tx) => {
    const row = await repo.updateConnection(tx, opts.actor.appId, {
      formId: form?.id ?? null,
      formTitle: form?.title ?? null,
      formUrl: form?.url ?? null,
      enabled: input.enabled,
      // Typeform just answered with the token: whatever broke it before is over.
      ...(form ? { state: 'ok' as const, lastError: null } : {}),
    });
    if (!row) throw new AppError('SURVEY_NOT_CONNECTED');
    await auditOf(opts, tx, 'survey.settings_saved', { formId: row.formId, enabled: row.enabled });
    return presentFor(tx, opts.actor.appId);
  });
}

export async function responseCount(opts: Options) {
  return withSavedToken(opts, async (client, row) => {
    if (!row.formId) throw new AppError('SURVEY_NOT_CONNECTED', 'Choose a form first.');
    try {
      return { formId: row.formId, total: await client.responseCount(row.formId) };
    } catch (error) {
      if (!(error instanceof TypeformError && error.reason === 'not_found')) throw error;
      // Deleted in Typeform: no signer must get a dead link; the manager picks another form.
      const lastError = 'The chosen form no longer exists in Typeform.';
      await inTenant(opts, (tx) => repo.updateConnection(tx, opts.actor.appId, { state: 'broken', lastError, enabled: false }));
      throw new AppError('SURVEY_NOT_CONNECTED', `${lastError} Choose another one.`);
    }
  }).catch(asAppError);
}
