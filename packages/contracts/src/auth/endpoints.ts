import { z } from 'zod';
import { okSchema, uuidSchema } from '../shared/common.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import {
  commuteInputSchema,
  confirmAccountInputSchema,
  confirmEmailChangeInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  loginResponse,
  meResponse,
  resetPasswordInputSchema,
  secondFactorCodeQuerySchema,
  secondFactorResponse,
  tokenInputSchema,
  tokenResponse,
} from './schemas.ts';

/** `:id` is the client's name in the legacy paths (any short string); the session decides who is asked about. */
const clientParam = z.string().max(40);
const anySession = { audience: 'user', allowUnverified: true, allowSuspended: true } as const;

export const authEndpoints = defineEndpoints(['auth'], {
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Log in with e-mail and password (sets the session cookie)',
    auth: { public: true },
    body: loginInputSchema,
    responses: { 200: loginResponse },
  },
  token: {
    method: 'POST',
    path: '/api/auth/token',
    summary: 'A 5-minute access token for one audience, from the session cookie',
    auth: { public: true },
    body: tokenInputSchema,
    responses: { 200: tokenResponse },
  },
  me: {
    method: 'GET',
    path: '/api/Users/:id/me',
    summary: 'The caller, their tenant and permissions (206 while the second factor is pending)',
    tags: ['users'],
    auth: anySession,
    params: z.object({ id: clientParam }),
    responses: { 200: meResponse, 206: secondFactorResponse },
  },
  verifySecondFactor: {
    method: 'PATCH',
    path: '/api/Users/:id/:appId/logged/:userId',
    summary: 'Check the second-factor code of the session',
    tags: ['users'],
    auth: anySession,
    params: z.object({ id: clientParam, appId: uuidSchema, userId: uuidSchema }),
    query: secondFactorCodeQuerySchema,
    responses: { 200: okSchema },
  },
  resendCode: { method: 'POST', path: '/api/auth/code/resend', summary: 'Send a new second-factor code', auth: anySession, responses: { 200: okSchema } },
  signOutUser: {
    method: 'DELETE',
    path: '/api/Users/logged/:userId',
    summary: 'Log out (oneself), or sign another user out everywhere',
    tags: ['users'],
    auth: anySession,
    params: z.object({ userId: uuidSchema }),
    responses: { 200: okSchema },
  },
  logout: { method: 'POST', path: '/api/auth/logout', summary: 'End the session of the cookie', auth: { public: true }, responses: { 200: okSchema } },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/password/forgot',
    summary: 'Mail a password-reset link (the answer never says whether the address has an account)',
    auth: { public: true },
    body: forgotPasswordInputSchema,
    responses: { 200: okSchema },
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/password/reset',
    summary: 'Set a new password from a mailed link',
    auth: { public: true },
    body: resetPasswordInputSchema,
    responses: { 200: okSchema },
  },
  confirmAccount: {
    method: 'POST',
    path: '/api/auth/confirm',
    summary: 'Confirm an e-mail address from a mailed link',
    auth: { public: true },
    body: confirmAccountInputSchema,
    responses: { 200: okSchema },
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/api/auth/email/confirm',
    summary: "Confirm a new e-mail address from the link mailed to it: the account's login address changes then",
    auth: { public: true },
    body: confirmEmailChangeInputSchema,
    responses: { 200: okSchema },
  },
  enterCommutedMode: {
    method: 'POST',
    path: '/api/auth/commute',
    summary: 'View the application as another user',
    auth: { audience: 'user', allowSuspended: true },
    body: commuteInputSchema,
    responses: { 200: okSchema },
  },
  leaveCommutedMode: {
    method: 'DELETE',
    path: '/api/auth/commute',
    summary: 'Back to oneself',
    auth: { audience: 'user', allowSuspended: true },
    responses: { 200: okSchema },
  },
});
