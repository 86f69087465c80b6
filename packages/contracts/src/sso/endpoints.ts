import { defineEndpoints } from '../shared/endpoint.ts';
import {
  ssoCallbackQuerySchema,
  ssoConfigInputSchema,
  ssoConfigResponse,
  ssoDiscoverBodySchema,
  ssoDiscoverResponse,
  ssoStartParamsSchema,
} from './schemas.ts';

/** The configuration: whoever manages the tenant's configuration (its director). */
const manage = { audience: 'application', permission: 'settings.configuration' } as const;
const browserHop = { 302: { kind: 'empty' } } as const;

export const ssoEndpoints = defineEndpoints(['sso'], {
  config: {
    method: 'GET',
    path: '/api/sso/config',
    summary: "The tenant's single sign-on configuration (the client secret is never returned)",
    auth: manage,
    responses: { 200: ssoConfigResponse },
  },
  saveConfig: {
    method: 'PUT',
    path: '/api/sso/config',
    summary: "Save the tenant's OpenID Connect provider: its discovery document is fetched and checked first",
    auth: manage,
    body: ssoConfigInputSchema,
    responses: { 200: ssoConfigResponse },
  },
  testConfig: {
    method: 'POST',
    path: '/api/sso/config/test',
    summary: "Fetch the saved provider's discovery document again (and keep it): says whether the provider answers",
    auth: manage,
    responses: { 200: ssoConfigResponse },
  },
  discover: {
    method: 'POST',
    path: '/api/public/sso/discover',
    summary: "The login page: whether this e-mail's domain signs in with a tenant's provider, and where to start",
    auth: { public: true },
    body: ssoDiscoverBodySchema,
    responses: { 200: ssoDiscoverResponse },
  },
  start: {
    method: 'GET',
    path: '/api/public/sso/:appId/start',
    summary: "Start a tenant's SSO login: the browser is sent to its provider (state, nonce and PKCE kept server-side)",
    auth: { public: true },
    params: ssoStartParamsSchema,
    responses: browserHop,
  },
  callback: {
    method: 'GET',
    path: '/api/public/sso/callback',
    summary: "The provider's redirect: the code is exchanged, the ID token checked, the session opened, the browser sent home",
    auth: { public: true },
    query: ssoCallbackQuerySchema,
    responses: browserHop,
  },
});
