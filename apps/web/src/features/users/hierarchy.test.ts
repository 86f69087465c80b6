import { describe, expect, it } from 'vitest';
import type { User } from '@paraphe/contracts';
import { buildForest, buildHierarchy, displayName, possibleManagers, subordinateIds } from './hierarchy.ts';

function user(id: string, parentId: string | null, lastName = id, profile: User['profile'] = 'COMMERCIAL'): User {
  return {
    id,
    appId: 'app',
    firstName: 'Ann',
    lastName,
    email: `${id}@x.test`,
    pendingEmail: null,
    mobile: null,
    phone: null,
    language: 'fr',
    civility: null,
    company: null,
    address: null,
    profile,
    parentId,
    active: true,
    isProductAdmin: false,
    lastConnectionAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    additionnalData: {},
  };
}

describe('user hierarchy', () => {
  it('nests the recursive children under their parents, sorted by last name', () => {
    const tree = buildHierarchy('root', [user('c', 'b'), user('b', 'root', 'Zed'), user('a', 'root', 'Abel')]);
    expect(tree.map((n) => n.user.id)).toEqual(['a', 'b']);
    expect(tree[1]?.children.map((n) => n.user.id)).toEqual(['c']);
  });
  it('survives a cycle in the data without looping', () => {
    const tree = buildHierarchy('root', [user('x', 'y'), user('y', 'x'), user('z', 'root')]);
    expect(tree.map((n) => n.user.id)).toEqual(['z']);
  });
  it('shows LASTNAME firstname', () => {
    expect(displayName({ firstName: 'Jean', lastName: 'Dupont' })).toBe('DUPONT Jean');
  });
  it('builds the forest the caller sees: roots without a visible manager', () => {
    const forest = buildForest([user('m', 'hidden', 'M', 'MANAGER'), user('c', 'm'), user('g', null, 'G', 'GERANT')]);
    expect(forest.map((n) => n.user.id)).toEqual(['g', 'm']);
    expect(forest[1]?.children.map((n) => n.user.id)).toEqual(['c']);
  });
  it('offers as managers the GERANT and MANAGER users, never the user or their subordinates (no cycle)', () => {
    const users = [
      user('g', null, 'G', 'GERANT'),
      user('m', 'g', 'M', 'MANAGER'),
      user('n', 'm', 'N', 'MANAGER'),
      user('c', 'n'),
      user('o', 'g', 'O', 'MANAGER'),
    ];
    expect([...subordinateIds('m', users)].sort()).toEqual(['c', 'n']);
    expect(possibleManagers(users[1]!, users, ['GERANT', 'MANAGER']).map((u) => u.id)).toEqual(['g', 'o']);
  });
});
