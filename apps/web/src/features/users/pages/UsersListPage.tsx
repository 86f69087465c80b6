import { ActionIcon, Badge, Button, Group, Menu, Select, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconEye, IconHierarchy, IconPencil, IconPlus, IconTrash, IconUserCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { profiles, type User } from '@paraphe/contracts';
import { useMe } from '../../auth/index.ts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { isNarrowed } from '../../../shared/list/emptyState.ts';
import { listQueryOf, oneOf } from '../../../shared/list/listParams.ts';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useUsersList } from '../api.ts';
import { displayName } from '../hierarchy.ts';
import { useUserActions } from '../useUserActions.tsx';

const filterNames = ['profile'] as const;

/** `users/list`: search, profile filter, pagination; row actions by permission. */
export function UsersListPage() {
  const { t, i18n } = useTranslation('users');
  const me = useMe();
  const navigate = useNavigate();
  const { params, update } = useListParams(filterNames);
  const list = useUsersList(listQueryOf(params, { profile: oneOf(params.filters.profile, profiles) }));
  const actions = useUserActions();
  const can = (permission: 'users.create' | 'users.update' | 'users.delete' | 'users.commute') => me.permissions.includes(permission);

  const columns: Column<User>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      render: (u) => (
        <Text size="sm" fw={500}>
          {displayName(u)}
        </Text>
      ),
    },
    { key: 'email', header: t('fields.email'), render: (u) => u.email, visibleFrom: 'sm' },
    { key: 'profile', header: t('fields.profile'), render: (u) => <Badge variant="light">{t(`profiles.${u.profile}`)}</Badge> },
    {
      key: 'status',
      header: t('fields.status'),
      render: (u) => (
        <Badge color={u.active ? 'teal' : 'gray'} variant="dot">
          {t(u.active ? 'active' : 'inactive')}
        </Badge>
      ),
      visibleFrom: 'sm',
    },
    { key: 'last', header: t('fields.lastConnection'), render: (u) => formatDateTime(u.lastConnectionAt, i18n.language), visibleFrom: 'md' },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (u) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('actionsFor', { name: displayName(u) })} onClick={(e) => e.stopPropagation()}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            {can('users.update') && (
              <Menu.Item leftSection={<IconPencil size={16} />} component={Link} to={`/users/edit/${u.id}`}>
                {t('common.edit')}
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconHierarchy size={16} />} onClick={() => actions.showHierarchy(u)}>
              {t('hierarchy')}
            </Menu.Item>
            {can('users.commute') && u.id !== me.user.id && u.active && (
              <Menu.Item leftSection={<IconEye size={16} />} onClick={() => actions.viewAs(u)}>
                {t('viewAs')}
              </Menu.Item>
            )}
            {can('users.update') && !u.active && (
              <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={() => actions.activate(u)}>
                {t('activate')}
              </Menu.Item>
            )}
            {can('users.delete') && u.id !== me.user.id && (
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void actions.remove(u)}>
                {t('common.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>{t('screens.users')}</Title>
        {can('users.create') && (
          <Button component={Link} to="/users/new" leftSection={<IconPlus size={16} />}>
            {t('new')}
          </Button>
        )}
      </Group>
      <ListToolbar search={params.search} onSearch={(q) => update({ q })} searchLabel={t('search')}>
        <Select
          label={t('fields.profile')}
          placeholder={t('common.all')}
          clearable
          data={profiles.map((p) => ({ value: p, label: t(`profiles.${p}`) }))}
          value={params.filters.profile ?? null}
          onChange={(profile) => update({ profile })}
          w={200}
        />
      </ListToolbar>
      <PaginatedTable
        caption={t('screens.users')}
        empty={{
          nothingYet: t('emptyList.nothingYet', { action: t('new') }),
          nothingMatches: t('emptyList.nothingMatches'),
          narrowed: isNarrowed(params.search, params.filters.profile),
        }}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(u) => u.id}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
        onRowClick={can('users.update') ? (u) => void navigate(`/users/edit/${u.id}`) : undefined}
      />
    </Stack>
  );
}
