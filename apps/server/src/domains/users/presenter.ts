import type { User } from '@paraphe/contracts';
import type { UserRow } from './repository.ts';
import { iso } from '../../platform/http/envelope.ts';

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    appId: row.appId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    pendingEmail: row.pendingEmail,
    mobile: row.mobile,
    phone: row.phone,
    language: row.language as User['language'],
    civility: row.civility,
    company: row.company,
    address: row.address,
    profile: row.profile,
    parentId: row.parentId,
    active: row.active,
    isProductAdmin: row.isProductAdmin,
    lastConnectionAt: iso(row.lastConnectionAt),
    createdAt: row.createdAt.toISOString(),
    additionnalData: row.additionalData as User['additionnalData'],
  };
}
