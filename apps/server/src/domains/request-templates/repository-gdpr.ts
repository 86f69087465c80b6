import { and, asc, eq, sql } from 'drizzle-orm';
import type { TemplateRole } from '@paraphe/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { requestTemplates, requestTemplateVersions } from './schema.ts';

/** The tenant's template versions with a role whose prefilled person has this address (case ignored). */
export function versionsNamingEmail(db: Executor, appId: string, email: string) {
  return db
    .select({
      templateId: requestTemplateVersions.templateId,
      templateName: requestTemplates.name,
      version: requestTemplateVersions.version,
      roles: requestTemplateVersions.roles,
    })
    .from(requestTemplateVersions)
    .innerJoin(requestTemplates, eq(requestTemplates.id, requestTemplateVersions.templateId))
    .where(
      and(
        eq(requestTemplateVersions.appId, appId),
        sql`exists (select 1 from jsonb_array_elements(${requestTemplateVersions.roles}) as r where lower(r->'prefill'->>'emailAddress') = lower(${email}))`,
      ),
    )
    .orderBy(asc(requestTemplates.name), asc(requestTemplateVersions.templateId), asc(requestTemplateVersions.version));
}

/** Replaces a version's roles: only an erasure does this (a version is otherwise never changed once written). */
export async function replaceVersionRoles(db: Executor, appId: string, templateId: string, version: number, roles: TemplateRole[]): Promise<void> {
  await db
    .update(requestTemplateVersions)
    .set({ roles })
    .where(and(eq(requestTemplateVersions.appId, appId), eq(requestTemplateVersions.templateId, templateId), eq(requestTemplateVersions.version, version)));
}
