import { z } from 'zod';
import { idParamsSchema, itemEnvelope, okSchema, uuidSchema } from '../shared/common.ts';
import { profileSchema } from '../shared/access.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import {
  childrenQuerySchema,
  emailSchema,
  isExistResponse,
  isUsedResponse,
  profileInputSchema,
  userAdditionalDataSchema,
  userInputSchema,
  userListQuerySchema,
  userListResponse,
  userResponse,
  userSchema,
} from './schemas.ts';

const read = { audience: 'user', permission: 'users.read' } as const;

export const userEndpoints = defineEndpoints(['users'], {
  list: { method: 'GET', path: '/api/Users', summary: 'Users the caller sees', auth: read, query: userListQuerySchema, responses: { 200: userListResponse } },
  isExist: {
    method: 'GET',
    path: '/api/Users/isExist',
    summary: 'Whether an e-mail address is already used by a user',
    auth: { audience: 'user', permission: 'users.create' },
    query: z.object({ email: emailSchema }),
    responses: { 200: isExistResponse },
  },
  byProfiles: {
    method: 'GET',
    path: '/api/Users/byProfiles/:profiles',
    summary: 'Active users of these profiles (comma-separated) the caller sees',
    auth: { audience: 'user' },
    params: z.object({
      profiles: z
        .string()
        .max(200)
        .transform((s) => s.split(','))
        .pipe(z.array(profileSchema).min(1)),
    }),
    responses: { 200: userListResponse },
  },
  isUsed: {
    method: 'GET',
    path: '/api/Users/isUsed/:id',
    summary: 'Whether a user has subordinates',
    auth: read,
    params: idParamsSchema,
    responses: { 200: isUsedResponse },
  },
  updateOwnProfile: {
    method: 'PUT',
    path: '/api/Users/me',
    summary: "The caller's own profile",
    auth: { audience: 'user', permission: 'settings.profile' },
    body: profileInputSchema,
    responses: { 200: userResponse },
  },
  updateOwnAdditionalData: {
    method: 'PATCH',
    path: '/api/Users/additionnalData',
    summary: "The caller's own preferences (theme language…)",
    auth: { audience: 'user', allowSuspended: true },
    body: userAdditionalDataSchema,
    responses: { 200: userResponse },
  },
  get: { method: 'GET', path: '/api/Users/:id', summary: 'One user', auth: read, params: idParamsSchema, responses: { 200: userResponse } },
  children: {
    method: 'GET',
    path: '/api/Users/:id/children',
    summary: "A user's subordinates (recursif=1: all levels)",
    auth: { audience: 'user' },
    params: idParamsSchema,
    query: childrenQuerySchema,
    responses: { 200: userListResponse },
  },
  parent: {
    method: 'GET',
    path: '/api/Users/:id/parent',
    summary: "A user's line manager (null when none)",
    auth: { audience: 'user' },
    params: idParamsSchema,
    responses: { 200: itemEnvelope(userSchema.nullable()) },
  },
  create: {
    method: 'POST',
    path: '/api/Users',
    summary: 'Create a user (mails a set-password link)',
    auth: { audience: 'user', permission: 'users.create' },
    body: userInputSchema,
    responses: { 201: userResponse },
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/api/Users/:id',
    summary: 'Update a user',
    auth: { audience: 'user', permission: 'users.update' },
    params: idParamsSchema,
    body: userInputSchema,
    responses: { 200: userResponse },
  },
  move: {
    method: 'PUT',
    path: '/api/Users/:id/parent',
    summary: 'Move a user under another line manager (null: none, directors only); a subordinate of the user is refused (409)',
    auth: { audience: 'user', permission: 'users.update' },
    params: idParamsSchema,
    body: z.object({ parentId: uuidSchema.nullable() }),
    responses: { 200: userResponse },
  },
  delete: {
    method: 'DELETE',
    path: '/api/Users/:id',
    summary: 'Delete a user without subordinates',
    auth: { audience: 'user', permission: 'users.delete' },
    params: idParamsSchema,
    responses: { 200: okSchema },
  },
  sendPasswordLink: {
    method: 'POST',
    path: '/api/Users/:id/password/:client',
    summary: 'Mail a user a link to (re)set their password',
    auth: { audience: 'user', permission: 'users.update' },
    params: z.object({ id: uuidSchema, client: z.string().max(40) }),
    responses: { 200: okSchema },
  },
});
