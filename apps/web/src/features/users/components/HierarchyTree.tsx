import { Badge, Center, List, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '@paraphe/contracts';
import { useChildren } from '../api.ts';
import { buildHierarchy, displayName, type HierarchyNode } from '../hierarchy.ts';

function Nodes({ nodes }: { nodes: HierarchyNode[] }) {
  const { t } = useTranslation('users');
  return (
    <List listStyleType="disc" withPadding spacing={4}>
      {nodes.map((node) => (
        <List.Item key={node.user.id}>
          <Text span size="sm" fw={500}>
            {displayName(node.user)}
          </Text>{' '}
          <Badge size="xs" variant="light">
            {t(`profiles.${node.user.profile}`)}
          </Badge>
          {node.children.length > 0 && <Nodes nodes={node.children} />}
        </List.Item>
      ))}
    </List>
  );
}

/** The recursive subordinates of one user (GET /api/Users/{id}/children?recursif=1). */
export function HierarchyTree({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const children = useChildren(user.id);
  if (children.isPending)
    return (
      <Center>
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Center>
    );
  if (children.isError) return <Text c="red">{t('errors.generic')}</Text>;
  const tree = buildHierarchy(user.id, children.data);
  return (
    <div role="group" aria-label={t('hierarchyOf', { name: displayName(user) })}>
      <Text fw={700}>{displayName(user)}</Text>
      {tree.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('noSubordinates')}
        </Text>
      ) : (
        <Nodes nodes={tree} />
      )}
    </div>
  );
}
