import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';
import { profileSchema } from '../shared/access.ts';

/** Domain events of users (emitted in the transaction of the change). */
const user = { userId: uuidSchema, profile: profileSchema };

export const userEventSchemas = {
  'user.created': z.object({ ...user, parentId: uuidSchema.nullable() }),
  'user.updated': z.object({ ...user, changed: z.array(z.string()) }),
  'user.deleted': z.object(user),
} as const;
