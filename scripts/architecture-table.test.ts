import { describe, expect, it } from 'vitest';
import { domainTable, generate, ownsPlaceholder, registryOrder, type DomainImports } from './architecture-table.ts';

const imports = (uses: string[], references: string[] = []): DomainImports => ({ uses: new Set(uses), references: new Set(references) });

describe('the domain table of docs/architecture.md', () => {
  it('is the one the code gives (rows in registry order, every domain, the imports between them)', () => {
    const { doc, updatedDoc, problems } = generate();
    expect(problems).toEqual([]);
    expect(doc, 'run `node scripts/architecture-table.ts --write` and commit docs/architecture.md').toBe(updatedDoc);
  });

  it('reads the registry order from modules.ts, leaving out platform modules and comments', () => {
    const source = `import { messagingModule } from './platform/messaging/module.ts';
import { usersModule } from './domains/users/index.ts';
import { tenantsModule } from './domains/tenants/index.ts';
export const modules: readonly Module[] = [
  messagingModule,
  tenantsModule,
  // users after tenants, usersModule is mentioned here
  usersModule,
];`;
    expect(registryOrder(source)).toEqual(['tenants', 'users']);
  });

  it('lists uses and foreign keys in registry order and keeps the hand-written description', () => {
    const graph = new Map([
      ['tenants', imports([])],
      ['users', imports([])],
      ['crm', imports(['users', 'tenants'], ['users'])],
    ]);
    const owns = new Map([
      ['tenants', 'the tenants'],
      ['users', 'the users'],
      ['crm', 'the CRM'],
    ]);
    const { table, problems } = domainTable(['tenants', 'users', 'crm'], ['tenants', 'users', 'crm'], graph, owns);
    expect(problems).toEqual([]);
    expect(table.split('\n').slice(2)).toEqual([
      '| `tenants` | the tenants | — | — |',
      '| `users` | the users | — | — |',
      '| `crm` | the CRM | tenants, users | users |',
    ]);
  });

  it('refuses a domain that is not registered, one that uses a domain below it, and one nobody described', () => {
    const graph = new Map([
      ['tenants', imports(['users'])],
      ['users', imports([], ['tenants'])],
      ['help', imports([])],
    ]);
    const { table, problems } = domainTable(['tenants', 'users'], ['tenants', 'users', 'help'], graph, new Map([['tenants', 'the tenants']]));
    expect(problems).toEqual([
      'domains/help is not registered in apps/server/src/modules.ts',
      'tenants uses users, which modules.ts lists below it (a domain only uses those above it)',
      'users: describe what it owns in docs/architecture.md (the "owns" cell)',
    ]);
    expect(table).toContain(`| \`users\` | ${ownsPlaceholder} | — | tenants |`);
  });
});
