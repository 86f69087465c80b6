import { useState, type DragEvent } from 'react';
import { Badge, Box, Center, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { managerProfiles, type User } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { useMe } from '../../auth/index.ts';
import { useMoveUser, useUsersList } from '../api.ts';
import { buildForest, displayName, possibleManagers, subordinateIds, type HierarchyNode } from '../hierarchy.ts';

type MoveContext = {
  users: readonly User[];
  canMove: boolean;
  dragged: User | null;
  setDragged: (user: User | null) => void;
  move: (user: User, parentId: string) => void;
};

/** Whether `target` may receive `dragged` (the server decides in the end: 409 on a cycle, 400 on a profile). */
function accepts(target: User, dragged: User | null, users: readonly User[]): boolean {
  if (!dragged || dragged.id === target.id || dragged.parentId === target.id) return false;
  return managerProfiles.includes(target.profile) && !subordinateIds(dragged.id, users).has(target.id);
}

function NodeRow({ node, ctx, depth }: { node: HierarchyNode; ctx: MoveContext; depth: number }) {
  const { t } = useTranslation('users');
  const [over, setOver] = useState(false);
  const { user } = node;
  const droppable = ctx.canMove && accepts(user, ctx.dragged, ctx.users);
  const options = ctx.canMove ? possibleManagers(user, ctx.users, managerProfiles).filter((m) => m.id !== user.parentId) : [];
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (ctx.dragged && droppable) ctx.move(ctx.dragged, user.id);
    ctx.setDragged(null);
  };
  return (
    <li>
      <Group
        gap="xs"
        wrap="nowrap"
        py={4}
        px="xs"
        draggable={ctx.canMove}
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', user.id);
          ctx.setDragged(user);
        }}
        onDragEnd={() => ctx.setDragged(null)}
        onDragOver={(event) => {
          if (!droppable) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        style={{
          borderRadius: 6,
          marginLeft: depth * 24,
          outline: over ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
          background: over ? 'var(--mantine-primary-color-light)' : undefined,
          cursor: ctx.canMove ? 'grab' : undefined,
          opacity: user.active ? 1 : 0.55,
        }}
        data-testid={`hierarchy-node-${user.id}`}
      >
        {ctx.canMove && <IconGripVertical size={16} aria-hidden opacity={0.5} />}
        <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate="end">
          {displayName(user)}
        </Text>
        <Badge size="xs" variant="light">
          {t(`profiles.${user.profile}`)}
        </Badge>
        {!user.active && (
          <Badge size="xs" color="gray" variant="outline">
            {t('inactive')}
          </Badge>
        )}
        {ctx.canMove && options.length > 0 && (
          <Select
            size="xs"
            w={200}
            placeholder={t('moveUnder')}
            aria-label={t('moveUnderFor', { name: displayName(user) })}
            data={options.map((m) => ({ value: m.id, label: displayName(m) }))}
            value={null}
            searchable
            onChange={(value) => value && ctx.move(user, value)}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
      {node.children.length > 0 && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {node.children.map((child) => (
            <NodeRow key={child.user.id} node={child} ctx={ctx} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * Settings → Hierarchy: the tree of the users the caller sees. Drag a user onto a director or manager to make them
 * their line manager, or use "Move under…" (keyboard). A manager can never go under one of their subordinates.
 */
export function HierarchySettingsTab() {
  const { t } = useTranslation('users');
  const me = useMe();
  const list = useUsersList({ limit: 500, offset: 0, order: 'ASC' });
  const moveUser = useMoveUser();
  const [dragged, setDragged] = useState<User | null>(null);
  if (list.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  if (list.isError) return <Text c="red">{t('errors.generic')}</Text>;
  const users = list.data.data;
  const ctx: MoveContext = {
    users,
    canMove: me.permissions.includes('users.update') && !moveUser.isPending,
    dragged,
    setDragged,
    move: (user, parentId) =>
      moveUser.mutate(
        { id: user.id, parentId },
        {
          onSuccess: (moved) =>
            notify(t('moved', { name: displayName(moved), manager: displayName(users.find((u) => u.id === parentId) ?? moved) }), 'success'),
        },
      ),
  };
  return (
    <Stack>
      <Title order={3}>{t('hierarchy')}</Title>
      <Text size="sm" c="dimmed">
        {ctx.canMove || moveUser.isPending ? t('hierarchyHelp') : t('hierarchyReadOnly')}
      </Text>
      <Paper withBorder p="sm" radius="md" aria-busy={moveUser.isPending}>
        <Box component="ul" aria-label={t('hierarchy')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {buildForest(users).map((node) => (
            <NodeRow key={node.user.id} node={node} ctx={ctx} depth={0} />
          ))}
        </Box>
      </Paper>
    </Stack>
  );
}
