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
