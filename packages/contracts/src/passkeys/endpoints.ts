import { idParamsSchema, okSchema } from '../shared/common.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import { loginResponse } from '../auth/schemas.ts';
import {
  passkeyAssertionInputSchema,
  passkeyAvailabilityResponse,
  passkeyListResponse,
  passkeyOptionsResponse,
  passkeyResponse,
  registerPasskeyInputSchema,
  renamePasskeyInputSchema,
} from './schemas.ts';

/** One's own passkeys, from the profile (docs/passkeys.md). A commuted view may not touch them. */
const own = { audience: 'user', permission: 'settings.profile' } as const;
/** The second-factor step: a session whose code is still pending. */
const pendingSession = { audience: 'user', allowUnverified: true, allowSuspended: true } as const;

export const passkeyEndpoints = defineEndpoints(['passkeys'], {
  list: { method: 'GET', path: '/api/passkeys', summary: "The caller's passkeys", auth: own, responses: { 200: passkeyListResponse } },
  registrationOptions: {
    method: 'POST',
    path: '/api/passkeys/registration-options',
    summary: 'Start registering a passkey: a one-time challenge, valid five minutes',
    auth: own,
    responses: { 200: passkeyOptionsResponse },
  },
  register: {
    method: 'POST',
    path: '/api/passkeys',
    summary: "Register a passkey from the browser's answer to the challenge",
    auth: own,
    body: registerPasskeyInputSchema,
    responses: { 201: passkeyResponse },
  },
  rename: {
    method: 'PATCH',
    path: '/api/passkeys/:id',
    summary: 'Rename a passkey',
    auth: own,
    params: idParamsSchema,
    body: renamePasskeyInputSchema,
    responses: { 200: passkeyResponse },
  },
  remove: {
    method: 'DELETE',
    path: '/api/passkeys/:id',
    summary: 'Remove a passkey (the session must have proved its factors in the last 10 minutes)',
    auth: own,
    params: idParamsSchema,
    responses: { 200: okSchema },
  },
  secondFactorAvailability: {
    method: 'GET',
    path: '/api/auth/passkeys/second-factor',
    summary: 'Whether the pending session may use a passkey instead of the code',
    tags: ['auth'],
    auth: pendingSession,
    responses: { 200: passkeyAvailabilityResponse },
  },
  secondFactorOptions: {
    method: 'POST',
    path: '/api/auth/passkeys/second-factor/options',
    summary: "A one-time challenge for the session's own passkeys",
    tags: ['auth'],
    auth: pendingSession,
    responses: { 200: passkeyOptionsResponse },
  },
  verifySecondFactor: {
    method: 'POST',
    path: '/api/auth/passkeys/second-factor',
    summary: 'Pass the second factor with a passkey instead of the code',
    tags: ['auth'],
    auth: pendingSession,
    body: passkeyAssertionInputSchema,
    responses: { 200: okSchema },
  },
  loginOptions: {
    method: 'POST',
    path: '/api/auth/passkeys/login/options',
    summary: 'A one-time challenge for a passwordless login (any discoverable passkey)',
    tags: ['auth'],
    auth: { public: true },
    responses: { 200: passkeyOptionsResponse },
  },
  login: {
    method: 'POST',
    path: '/api/auth/passkeys/login',
    summary: "Log in with a passkey alone, when the account's tenant allows it (sets the session cookie)",
    tags: ['auth'],
    auth: { public: true },
    body: passkeyAssertionInputSchema,
    responses: { 200: loginResponse },
  },
});
