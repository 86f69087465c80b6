import { idParamsSchema, okSchema } from '../shared/common.ts';
import { defineEndpoints, file } from '../shared/endpoint.ts';
import {
  billingProfileInputSchema,
  billingProfileResponse,
  consumptionQuerySchema,
  consumptionReportResponse,
  goLiveInputSchema,
  liveModeStateResponse,
  priceListInputSchema,
  tenantPricesResponse,
  userConsumptionParamsSchema,
} from './schemas.ts';

const read = { audience: 'billing', permission: 'billing.read' } as const;
const manage = { audience: 'billing', permission: 'billing.manage' } as const;
/** Prices are the product administrator's (spec §6): the same audience and permission as the other application calls. */
const admin = { audience: 'application', permission: 'admin.applications' } as const;
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Money, first part (spec §7 Money: conso, users conso, prices; settings → Billing). */
export const billingEndpoints = defineEndpoints(['billing'], {
  liveMode: {
    method: 'GET',
    path: '/api/billing/live-mode',
    summary: 'Whether the tenant is in test mode and whether its billing profile lets it go live',
    auth: read,
    responses: { 200: liveModeStateResponse },
  },
  goLive: {
    method: 'POST',
    path: '/api/billing/live-mode',
    summary: 'Switches the tenant to live mode (the GERANT, once the billing profile is complete; confirmation required)',
    auth: { audience: 'billing', permission: 'settings.configuration' },
    body: goLiveInputSchema,
    responses: { 200: liveModeStateResponse },
  },
  getProfile: {
    method: 'GET',
    path: '/api/billing/profile',
    summary: "The tenant's billing profile (null until saved) and whether it is complete (live sending needs it)",
    auth: read,
    responses: { 200: billingProfileResponse },
  },
  saveProfile: {
    method: 'PUT',
    path: '/api/billing/profile',
    summary: 'Saves the billing profile; registration number (SIREN/SIRET for France), VAT number, IBAN and BIC are checked',
    auth: manage,
    body: billingProfileInputSchema,
    responses: { 200: billingProfileResponse },
  },
  prices: {
    method: 'GET',
    path: '/api/billing/prices',
    summary: "The tenant's prices in force (its own, or its pack's defaults), cents excluding VAT",
    auth: read,
    responses: { 200: tenantPricesResponse },
  },
  consumption: {
    method: 'GET',
    path: '/api/billing/conso',
    summary: 'Consumption from month `from` to month `to` (YYYY-MM, UTC): per month and kind with amounts and discounts, per user',
    auth: read,
    query: consumptionQuerySchema,
    responses: { 200: consumptionReportResponse },
  },
  exportConsumption: {
    method: 'GET',
    path: '/api/billing/conso/export',
    summary: 'The consumption of the range as an xlsx file (one row per month, user and kind)',
    auth: read,
    query: consumptionQuerySchema,
    responses: { 200: file(xlsx) },
  },
  userConsumption: {
    method: 'GET',
    path: '/api/billing/conso/users/:userId',
    summary: "One user's consumption (their share of each month's discount)",
    auth: read,
    params: userConsumptionParamsSchema,
    query: consumptionQuerySchema,
    responses: { 200: consumptionReportResponse },
  },
  adminPrices: {
    method: 'GET',
    path: '/api/billing/applications/:id/prices',
    summary: "A client account's prices (product administrator)",
    auth: admin,
    params: idParamsSchema,
    responses: { 200: tenantPricesResponse },
  },
  setAdminPrices: {
    method: 'PUT',
    path: '/api/billing/applications/:id/prices',
    summary: "Sets a client account's prices and volume discounts (product administrator); applies to consumption from now on",
    auth: admin,
    params: idParamsSchema,
    body: priceListInputSchema,
    responses: { 200: tenantPricesResponse },
  },
  resetAdminPrices: {
    method: 'DELETE',
    path: '/api/billing/applications/:id/prices',
    summary: "Back to the pack's default prices (product administrator)",
    auth: admin,
    params: idParamsSchema,
    responses: { 200: okSchema },
  },
});
