import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { permissionMatrix, permissionsFor, productAdminPermissions, seesAllUsers } from './access.ts';

describe('permission matrix', () => {
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
