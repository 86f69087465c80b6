import { z } from 'zod';
import { idParamsSchema, okSchema, uuidSchema } from '../shared/common.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import { signUpInputSchema, signUpResponse } from '../auth/schemas.ts';
import { applicationUserListResponse, applicationUserResponse } from './tenantUsers.ts';
import { userListQuerySchema } from '../users/schemas.ts';
import { applicationCreateSchema, applicationListQuerySchema, applicationListResponse, applicationResponse, applicationUpdateSchema } from './schemas.ts';
import { companyIdentityInputSchema } from './company-identity.ts';

const admin = { audience: 'application', permission: 'admin.applications' } as const;

export const applicationEndpoints = defineEndpoints(['applications'], {
  signUp: {
    method: 'POST',
    path: '/api/applications/public',
    summary: 'Public sign-up: a new client account (free pack, test mode) and its director',
    auth: { public: true },
    body: signUpInputSchema,
    responses: { 201: signUpResponse },
    idempotent: true,
  },
  list: {
    method: 'GET',
    path: '/api/applications',
    summary: 'Every client account (product administrator)',
    auth: admin,
    query: applicationListQuerySchema,
    responses: { 200: applicationListResponse },
  },
  create: {
    method: 'POST',
    path: '/api/applications',
    summary: 'Create a client account and invite its director',
    auth: admin,
    body: applicationCreateSchema,
    responses: { 201: applicationResponse },
    idempotent: true,
  },
  get: {
    method: 'GET',
    path: '/api/applications/:id',
    summary: 'One client account (administrator, or its own director)',
    auth: { audience: 'application' },
    params: idParamsSchema,
    responses: { 200: applicationResponse },
  },
  update: {
    method: 'PUT',
    path: '/api/applications/:id',
    summary: 'Change a client account (administrator: everything; its director: the settings)',
    auth: { audience: 'application' },
    params: idParamsSchema,
    body: applicationUpdateSchema,
    responses: { 200: applicationResponse },
  },
  users: {
    method: 'GET',
    path: '/api/applications/:id/users',
    summary: 'The users of a client account, with their last connection and second factor (product administrator)',
    auth: admin,
    params: idParamsSchema,
    query: userListQuerySchema,
    responses: { 200: applicationUserListResponse },
  },
  resendInvitation: {
    method: 'POST',
    path: '/api/applications/:id/users/:userId/invitation',
    summary: 'Mail a user a new invitation (or a password link when they already have a password) (product administrator)',
    auth: admin,
    params: z.object({ id: uuidSchema, userId: uuidSchema }),
    responses: { 200: okSchema },
  },
  setUserActive: {
    method: 'PUT',
    path: '/api/applications/:id/users/:userId/active',
    summary: 'Deactivate or reactivate a user of a client account (product administrator)',
    auth: admin,
    params: z.object({ id: uuidSchema, userId: uuidSchema }),
    body: z.object({ active: z.boolean() }),
    responses: { 200: applicationUserResponse },
  },
  verifyCompanyIdentity: {
    method: 'PUT',
    path: '/api/applications/:id/company-identity',
    summary: "Record that the client account's company identity was verified: legal name and registration number checked (product administrator, audited)",
    auth: admin,
    params: idParamsSchema,
    body: companyIdentityInputSchema,
    responses: { 200: applicationResponse },
  },
  withdrawCompanyIdentity: {
    method: 'DELETE',
    path: '/api/applications/:id/company-identity',
    summary: "Withdraw the verification of the client account's company identity (product administrator, audited)",
    auth: admin,
    params: idParamsSchema,
    responses: { 200: applicationResponse },
  },
});
