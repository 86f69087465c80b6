import type { User } from '@paraphe/contracts';

export type HierarchyNode = { user: User; children: HierarchyNode[] };

/** Builds the subordinate tree under `rootId` from the flat recursive list of children. */
export function buildHierarchy(rootId: string, users: readonly User[]): HierarchyNode[] {
  const byParent = new Map<string, User[]>();
  for (const user of users) {
    if (!user.parentId) continue;
    const siblings = byParent.get(user.parentId) ?? [];
    siblings.push(user);
    byParent.set(user.parentId, siblings);
  }
  const seen = new Set<string>([rootId]);
  const childrenOf = (id: string): HierarchyNode[] =>
    (byParent.get(id) ?? [])
      .filter((user) => !seen.has(user.id) && seen.add(user.id))
      .sort((a, b) => a.lastName.localeCompare(b.lastName))
      .map((user) => ({ user, children: childrenOf(user.id) }));
  return childrenOf(rootId);
}

/** Spec §5 display rule: LASTNAME firstname. */
export function displayName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.lastName.toUpperCase()} ${user.firstName}`;
}

/**
 * The whole tree the caller sees, from a flat list: its roots are the users without a manager, or whose manager
 * the caller does not see (a MANAGER sees their own tree only).
 */
export function buildForest(users: readonly User[]): HierarchyNode[] {
  const ids = new Set(users.map((u) => u.id));
  const roots = users.filter((u) => !u.parentId || !ids.has(u.parentId)).sort((a, b) => a.lastName.localeCompare(b.lastName));
  return roots.map((user) => ({ user, children: buildHierarchy(user.id, users) }));
}

/** Every subordinate of `id`, at any depth (a user may not be moved under one of them: spec §5). */
export function subordinateIds(id: string, users: readonly User[]): Set<string> {
  const found = new Set<string>();
  const walk = (parent: string) => {
    for (const u of users) {
      if (u.parentId === parent && !found.has(u.id)) {
        found.add(u.id);
        walk(u.id);
      }
    }
  };
  walk(id);
  return found;
}

/** Where `user` may go: an active GERANT or MANAGER other than themselves and their subordinates. */
export function possibleManagers(user: User, users: readonly User[], managerProfiles: readonly string[]): User[] {
  const excluded = subordinateIds(user.id, users).add(user.id);
  return users.filter((u) => u.active && managerProfiles.includes(u.profile) && !excluded.has(u.id)).sort((a, b) => a.lastName.localeCompare(b.lastName));
}
