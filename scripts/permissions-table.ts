// Prints the permission matrix of packages/contracts as the Markdown table of docs/permissions.md.
import { permissionFeature, permissionMatrix, permissions, productAdminPermissions, profiles } from '../packages/contracts/src/shared/access.ts';

const header = `| Permission | ${profiles.join(' | ')} | Product admin | Needs feature |\n|---|${profiles.map(() => '---|').join('')}---|---|`;
const rows = permissions.map(
  (p) =>
    `| \`${p}\` | ${profiles.map((profile) => (permissionMatrix[profile].includes(p) ? '✓' : '')).join(' | ')} | ${productAdminPermissions.includes(p) ? '✓' : ''} | ${permissionFeature[p] ?? ''} |`,
);
console.log([header, ...rows].join('\n'));
