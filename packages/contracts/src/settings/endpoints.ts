import { defineEndpoints, file, multipart } from '../shared/endpoint.ts';
import {
  appIdParamsSchema,
  effectiveProviderResponse,
  generalSettingsInputSchema,
  logoParamsSchema,
  logoRuleText,
  mySignatureDefaultsResponse,
  parametersInputSchema,
  providerCredentialsInputSchema,
  providerCredentialsResponse,
  providerScopeQuerySchema,
  providerTestResponse,
  templatePreviewInputSchema,
  templatePreviewResponse,
  templatesInputSchema,
  templateTestInputSchema,
  templateTestResponse,
  tenantSettingsResponse,
} from './schemas.ts';
import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';

/**
 * settings/configuration of a tenant (docs/settings.md). `:appId` is the caller's own tenant (its GERANT:
 * `settings.configuration`) or, for the product administrator, any tenant; another tenant's id is a 404.
 */
const tenant = { audience: 'application', permission: 'settings.configuration' } as const;

export const settingsEndpoints = defineEndpoints(['settings'], {
  get: { method: 'GET', path: '/api/settings/:appId', summary: "The tenant's settings (General, Parameters, templates, logo, provider without its password)", auth: tenant, params: appIdParamsSchema, responses: { 200: tenantSettingsResponse } },
  saveGeneral: {
    method: 'PUT',
    path: '/api/settings/:appId/general',
    summary: 'Tab General: company, issuing company, address, support address, default language, theme colour',
    auth: tenant,
    params: appIdParamsSchema,
    body: generalSettingsInputSchema,
    responses: { 200: tenantSettingsResponse },
  },
  saveParameters: {
    method: 'PUT',
    path: '/api/settings/:appId/parameters',
    summary: 'Tab Parameters: signature defaults, expiry, redirections, SMS sender, provider inheritance',
    auth: tenant,
    params: appIdParamsSchema,
    body: parametersInputSchema,
    responses: { 200: tenantSettingsResponse },
  },
  saveTemplates: {
    method: 'PUT',
    path: '/api/settings/:appId/templates',
    summary: 'The tenant’s mail and SMS texts per kind and language (empty = the product’s); unknown placeholders are refused',
    auth: tenant,
    params: appIdParamsSchema,
    body: templatesInputSchema,
    responses: { 200: tenantSettingsResponse },
  },
  previewTemplate: {
    method: 'POST',
    path: '/api/settings/:appId/templates/preview',
    summary: 'A text rendered with sample data, as the signer would receive it (subject, HTML, SMS)',
    auth: tenant,
    params: appIdParamsSchema,
    body: templatePreviewInputSchema,
    responses: { 200: templatePreviewResponse },
  },
  sendTestTemplate: {
    method: 'POST',
    path: '/api/settings/:appId/templates/test',
    summary: 'Sends the saved text with sample data to the caller (mail, or SMS to their mobile) through the outbox',
    auth: tenant,
    params: appIdParamsSchema,
    body: templateTestInputSchema,
    responses: { 202: templateTestResponse },
  },
  uploadLogo: {
    method: 'PUT',
    path: '/api/settings/:appId/logo',
    summary: `The tenant's logo: ${logoRuleText}`,
    auth: tenant,
    params: appIdParamsSchema,
    body: multipart(`Part \`file\`: the logo (${logoRuleText})`),
    responses: { 200: tenantSettingsResponse },
  },
  deleteLogo: { method: 'DELETE', path: '/api/settings/:appId/logo', summary: "Removes the tenant's logo", auth: tenant, params: appIdParamsSchema, responses: { 200: tenantSettingsResponse } },
  logo: {
    method: 'GET',
    path: '/api/public/logos/:appId/:version',
    summary: "A tenant's logo (mails, signing page): public and cacheable; the version is unguessable and changes with each upload",
    auth: { public: true },
    params: logoParamsSchema,
    responses: { 200: file('image/png', 'image/jpeg') },
  },
  saveProvider: {
    method: 'PUT',
    path: '/api/settings/:appId/provider',
    summary: "Signing-provider credentials of the tenant, or of one of its users (userId); the password is stored encrypted and never returned",
    auth: tenant,
    params: appIdParamsSchema,
    body: providerCredentialsInputSchema,
    responses: { 200: providerCredentialsResponse },
  },
  effectiveProvider: {
    method: 'GET',
    path: '/api/settings/:appId/provider/effective/:userId',
    summary: "The credentials a user signs with: their own, the nearest ancestor's (inheritance on), the tenant's",
    auth: tenant,
    params: appIdParamsSchema.extend({ userId: uuidSchema }),
    responses: { 200: effectiveProviderResponse },
  },
  testProvider: {
    method: 'POST',
    path: '/api/settings/:appId/provider/test',
    summary: 'Connection test of the provider credentials (the tenant’s, or those a user would use: ?userId=)',
    auth: tenant,
    params: appIdParamsSchema,
    query: providerScopeQuerySchema,
    body: z.object({}).optional(),
    responses: { 200: providerTestResponse },
  },
  mySignatureDefaults: {
    method: 'GET',
    path: '/api/settings/me/signature-defaults',
    summary: "The caller's defaults for a new request: their own (tab User), else the tenant's (tab Parameters), else the product's",
    auth: { audience: 'user' },
    responses: { 200: mySignatureDefaultsResponse },
  },
});

