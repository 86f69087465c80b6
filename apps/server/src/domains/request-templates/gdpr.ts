import type { Executor, Tx } from '../../platform/db/client.ts';
import { replaceVersionRoles, versionsNamingEmail } from './repository-gdpr.ts';

/** A role of a template version whose prefilled person is the one a GDPR request is about (docs/gdpr.md). */
export type PersonTemplateRoleView = {
  templateId: string;
  templateName: string;
  version: number;
  role: string;
  firstname: string;
  lastname: string;
  emailAddress: string;
  phoneNum: string | null;
};

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Access (art. 15): every role, in every version of the tenant's templates, prefilled with this person. */
export async function templateRolesOfPerson(db: Executor, appId: string, email: string): Promise<PersonTemplateRoleView[]> {
  const versions = await versionsNamingEmail(db, appId, email);
  return versions.flatMap((v) =>
    v.roles.flatMap((role) =>
      role.prefill && sameAddress(role.prefill.emailAddress, email)
        ? [
            {
              templateId: v.templateId,
              templateName: v.templateName,
              version: v.version,
              role: role.name,
              firstname: role.prefill.firstname,
              lastname: role.prefill.lastname,
              emailAddress: role.prefill.emailAddress,
              phoneNum: role.prefill.phoneNum ?? null,
            },
          ]
        : [],
    ),
  );
}

/**
 * Erasure (art. 17): the person leaves every role they were prefilled in, in every version — the one change a
 * version ever gets. The role stays; whoever uses the template then names its person (docs/templates.md). Returns
 * the number of roles cleared.
 */
export async function eraseTemplatePrefillsOf(tx: Tx, appId: string, email: string): Promise<number> {
  let cleared = 0;
  for (const v of await versionsNamingEmail(tx, appId, email)) {
    const roles = v.roles.map((role) => {
      if (!role.prefill || !sameAddress(role.prefill.emailAddress, email)) return role;
      cleared++;
      return { ...role, prefill: null };
    });
    await replaceVersionRoles(tx, appId, v.templateId, v.version, roles);
  }
  return cleared;
}
