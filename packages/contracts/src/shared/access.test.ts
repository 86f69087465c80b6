import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { mayGiveProfile, permissionMatrix, permissionsFor, productAdminPermissions, seesAllUsers } from './access.ts';

const profilesGivenBy = (actor: Parameters<typeof mayGiveProfile>[0]) =>
  (['GERANT', 'COMPTABLE', 'MANAGER', 'COMMERCIAL'] as const).filter((p) => mayGiveProfile(actor, p));

describe('permission matrix', () => {
  it('lets a GERANT give every profile, the accountant included; a MANAGER only MANAGER and COMMERCIAL (issue 25 item 19)', () => {
    const as = (profile: keyof typeof permissionMatrix) => ({ profile, permissions: permissionsFor(profile, false) });
    expect(profilesGivenBy(as('GERANT'))).toEqual(['GERANT', 'COMPTABLE', 'MANAGER', 'COMMERCIAL']);
    expect(profilesGivenBy(as('MANAGER'))).toEqual(['MANAGER', 'COMMERCIAL']);
    // The accountant lacks the senders' rights: nothing to give (and has no users.create anyway).
    expect(profilesGivenBy(as('COMPTABLE'))).toEqual([]);
    // A product administrator commuted as a MANAGER acts with the MANAGER's rights: still no accountant.
    expect(mayGiveProfile({ profile: 'MANAGER', permissions: permissionsFor('MANAGER', true) }, 'COMPTABLE')).toBe(false);
  });

  it('gives administration rights only to the product administrator', () => {
    for (const profile of Object.keys(permissionMatrix) as (keyof typeof permissionMatrix)[]) {
      expect(permissionsFor(profile, false).some((p) => p.startsWith('admin.'))).toBe(false);
      expect(permissionsFor(profile, true)).toEqual(expect.arrayContaining(productAdminPermissions));
    }
  });

  it('keeps the accountant from sending and the sales user from managing users', () => {
    expect(permissionMatrix.COMPTABLE).not.toContain('signatures.create');
    expect(permissionMatrix.COMMERCIAL).not.toContain('users.read');
    expect(permissionMatrix.MANAGER).toContain('users.create');
    expect(seesAllUsers('GERANT') && seesAllUsers('COMPTABLE')).toBe(true);
    expect(seesAllUsers('MANAGER') || seesAllUsers('COMMERCIAL')).toBe(false);
  });

  it('is the table documented in docs/permissions.md', () => {
    const root = new URL('../../../../', import.meta.url).pathname;
    const table = execFileSync(process.execPath, ['scripts/permissions-table.ts'], { cwd: root, encoding: 'utf8' }).trim();
    expect(fs.readFileSync(`${root}docs/permissions.md`, 'utf8')).toContain(table);
  });
});
