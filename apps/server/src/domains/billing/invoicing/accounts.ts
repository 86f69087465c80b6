import { issuerProblems, type IssuingCompanyInput } from '@paraphe/contracts';
import type { Actor, Platform } from '../../../platform/context.ts';
import type { Executor, Tx } from '../../../platform/db/client.ts';
import { audit } from '../../../platform/audit.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { inExistingTenant } from '../service.ts';
import * as repo from './repository.ts';

/**
 * Issuing companies (the sellers, platform-level, the product administrator's) and tenants' billing accounts
 * (which company invoices the tenant, automatic payment). docs/invoicing.md.
 */

interface Options {
  platform: Platform;
  actor: Actor;
}

const defaultPenaltyText =
  'Pénalités de retard : trois fois le taux d’intérêt légal, exigibles dès le lendemain de l’échéance. / Late payment penalties: three times the French legal interest rate, due from the day after the due date.';

/** First start: the default issuing company from the ISSUER_* settings (placeholders until the administrator edits it). */
export async function seedIssuingCompany(platform: Platform): Promise<void> {
  const i = platform.config.issuer;
  await platform.database.inSystem(async (tx) => {
    if (await repo.findDefaultCompany(tx)) return;
    await repo.seedDefaultCompany(tx, { ...i, latePenaltyText: defaultPenaltyText });
  });
}

export interface AccountView {
  issuingCompanyId: string;
  issuingCompanyName: string;
  autoPayment: boolean;
  company: repo.CompanyRow;
}

/** The tenant's account, or the defaults (default company, no automatic payment) when it has none. */
export async function accountOf(db: Executor, appId: string): Promise<AccountView> {
  const row = await repo.findAccount(db, appId);
  const company = row ? await repo.findCompany(db, row.issuingCompanyId) : await repo.findDefaultCompany(db);
  if (!company) throw new AppError('INTERNAL', 'No issuing company is configured: set one in Applications → Billing.');
  return { issuingCompanyId: company.id, issuingCompanyName: company.name, autoPayment: row?.autoPayment ?? false, company };
}

async function saveAccount(tx: Tx, actor: Actor, appId: string, change: { issuingCompanyId?: string; autoPayment?: boolean }): Promise<AccountView> {
  const current = await accountOf(tx, appId);
  if (change.issuingCompanyId && !(await repo.findCompany(tx, change.issuingCompanyId))) throw notFound('Issuing company');
  const next = { issuingCompanyId: change.issuingCompanyId ?? current.issuingCompanyId, autoPayment: change.autoPayment ?? current.autoPayment };
  await repo.saveAccount(tx, appId, next, actor.realUserId, new Date()); // updated_at: the wall clock, like every row's default
  await audit(tx, {
    appId,
    actorUserId: actor.realUserId,
    action: 'billing.account_saved',
    targetType: 'billing_account',
    targetId: appId,
    data: next,
    ip: actor.ip,
  });
  return accountOf(tx, appId);
}

export const tenantAccount = (opts: Options) => opts.platform.database.inTenant(opts.actor.appId, (tx) => accountOf(tx, opts.actor.appId));
/** The tenant's GERANT or COMPTABLE may turn automatic payment on or off (it is their consent to be charged). */
export const saveTenantAccount = (opts: Options & { autoPayment: boolean }) =>
  opts.platform.database.inTenant(opts.actor.appId, (tx) => saveAccount(tx, opts.actor, opts.actor.appId, { autoPayment: opts.autoPayment }));

export const adminAccount = (opts: Options & { appId: string }) => inExistingTenant(opts.platform, opts.appId, (tx) => accountOf(tx, opts.appId));
export const saveAdminAccount = (opts: Options & { appId: string; change: { issuingCompanyId?: string; autoPayment?: boolean } }) =>
  inExistingTenant(opts.platform, opts.appId, (tx) => saveAccount(tx, opts.actor, opts.appId, opts.change));

// ----- Issuing companies (product administrator) -----

export const listIssuingCompanies = (opts: Options) => opts.platform.database.inSystem((tx) => repo.listCompanies(tx));

export async function createIssuingCompany(opts: Options & { input: IssuingCompanyInput }): Promise<repo.CompanyRow> {
  const { platform, actor, input } = opts;
  return platform.database.inSystem(async (tx) => {
    assertIssuerComplete(input);
    await assertPrefixFree(tx, input.invoicePrefix, null);
    const row = await repo.insertCompany(tx, input);
    await audit(tx, {
      appId: null,
      actorUserId: actor.realUserId,
      action: 'billing.issuing_company_created',
      targetType: 'issuing_company',
      targetId: row.id,
      data: { name: row.name },
      ip: actor.ip,
    });
    return row;
  });
}

export async function saveIssuingCompany(opts: Options & { id: string; input: IssuingCompanyInput }): Promise<repo.CompanyRow> {
  const { platform, actor, id, input } = opts;
  return platform.database.inSystem(async (tx) => {
    const before = await repo.findCompany(tx, id);
    if (!before) throw notFound('Issuing company');
    // The prefix names the series: once a number was issued, changing it would make one series look like two.
    if (input.invoicePrefix !== before.invoicePrefix && (await repo.companyHasIssued(tx, id))) {
      throw new AppError('CONFLICT', 'This issuing company has issued invoices: its number prefix can no longer change.');
    }
    assertIssuerComplete(input);
    await assertPrefixFree(tx, input.invoicePrefix, id);
    const row = (await repo.updateCompany(tx, id, input, platform.clock()))!;
    const changed = (Object.keys(input) as (keyof IssuingCompanyInput)[]).filter((k) => input[k] !== before[k]);
    await audit(tx, {
      appId: null,
      actorUserId: actor.realUserId,
      action: 'billing.issuing_company_saved',
      targetType: 'issuing_company',
      targetId: id,
      data: { changed },
      ip: actor.ip,
    });
    return row;
  });
}

async function assertPrefixFree(tx: Tx, prefix: string, exceptId: string | null) {
  const taken = (await repo.listCompanies(tx)).some((c) => c.invoicePrefix === prefix && c.id !== exceptId);
  if (taken)
    throw new AppError('VALIDATION_FAILED', 'Another issuing company uses this number prefix.', {
      fields: [{ field: 'invoicePrefix', rule: 'invalid_value', message: 'Another issuing company uses this number prefix.' }],
    });
}

/** A saved company is one that can issue: every placeholder replaced, SIREN, VAT number, IBAN and BIC valid. */
function assertIssuerComplete(input: IssuingCompanyInput) {
  const problems = issuerProblems(input);
  if (!problems.length) return;
  const fields = problems.map((p) => ({ field: p.field, rule: 'invalid_value', message: `${p.field}: ${p.message}` }));
  throw new AppError('VALIDATION_FAILED', `The issuing company cannot be saved: ${fields.map((f) => f.message).join('; ')}.`, { fields });
}

/**
 * Issuing refuses a company still carrying the installation's placeholders (or a wrong SIREN): no invoice may ever
 * show `[ISSUER_NAME]` or SIREN 000000000. The message says where to fix it.
 */
export function assertCanIssue(company: repo.CompanyRow) {
  const problems = issuerProblems(company);
  if (!problems.length) return;
  throw new AppError(
    'CONFLICT',
    `Invoice generation failed: the issuing company "${company.name}" is not filled in (${problems.map((p) => p.field).join(', ')}). Complete it in Applications → Billing → Issuing companies.`,
    { details: { issuingCompanyId: company.id, fields: problems.map((p) => p.field) } },
  );
}
