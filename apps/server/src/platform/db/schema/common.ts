import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The role tenant-scoped transactions switch to; RLS policies apply to it (see migrations/0000_roles.sql). */
export const appUserRole = pgRole('app_user').existing();

export const tenantIdSetting = sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

/** Second wall behind the repositories: a tenant-scoped transaction only sees its tenant's rows. */
export function tenantPolicy(table: string) {
  return pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: appUserRole,
    using: sql`app_id = ${tenantIdSetting}`,
    withCheck: sql`app_id = ${tenantIdSetting}`,
  });
}

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
