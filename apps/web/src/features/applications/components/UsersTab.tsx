import { ActionIcon, Badge, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDots, IconMailForward, IconUserOff, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApplicationUser } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { isNarrowed } from '../../../shared/list/emptyState.ts';
import { listQueryOf } from '../../../shared/list/listParams.ts';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { useResendInvitation, useSetTenantUserActive, useTenantUsers } from '../api.ts';

const name = (u: ApplicationUser) => `${u.lastName.toUpperCase()} ${u.firstName}`;

function UserActions({ appId, user }: { appId: string; user: ApplicationUser }) {
  const { t } = useTranslation('applications');
  const resend = useResendInvitation(appId);
  const setActive = useSetTenantUserActive(appId);
  const toggle = () =>
    modals.openConfirmModal({
      title: t(user.active ? 'tenantUsers.deactivate' : 'tenantUsers.reactivate'),
      children: <Text size="sm">{t(user.active ? 'tenantUsers.deactivateConfirm' : 'tenantUsers.reactivateConfirm', { name: name(user) })}</Text>,
      labels: { confirm: t(user.active ? 'tenantUsers.deactivate' : 'tenantUsers.reactivate'), cancel: t('common.cancel') },
      confirmProps: { color: user.active ? 'red' : undefined },
      onConfirm: () =>
        setActive.mutate(
          { userId: user.id, active: !user.active },
          { onSuccess: () => notify(t(user.active ? 'tenantUsers.deactivated' : 'tenantUsers.reactivated'), 'success') },
        ),
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('tenantUsers.actionsFor', { name: name(user) })} onClick={(e) => e.stopPropagation()}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconMailForward size={16} />}
          disabled={!user.active}
          onClick={() => resend.mutate(user.id, { onSuccess: () => notify(t('tenantUsers.invitationSent', { email: user.email }), 'success') })}
        >
          {t('tenantUsers.resendInvitation')}
        </Menu.Item>
        <Menu.Item color={user.active ? 'red' : undefined} leftSection={user.active ? <IconUserOff size={16} /> : <IconUserCheck size={16} />} onClick={toggle}>
          {t(user.active ? 'tenantUsers.deactivate' : 'tenantUsers.reactivate')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Tab Users (product administrator): the account's users, their last connection and second factor; resend an invitation, deactivate. */
export function UsersTab({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation('applications');
  const { params, update } = useListParams();
  const list = useTenantUsers(applicationId, listQueryOf(params, {}));
  const columns: Column<ApplicationUser>[] = [
    {
      key: 'name',
      header: t('tenantUsers.name'),
      render: (u) => (
        <Text size="sm" fw={500}>
          {name(u)}
        </Text>
      ),
    },
    {
      key: 'email',
      header: t('tenantUsers.email'),
      render: (u) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {u.email}
        </Text>
      ),
      visibleFrom: 'sm',
    },
    {
      key: 'profile',
      header: t('tenantUsers.profile'),
      render: (u) => (
        <Badge variant="light" size="sm">
          {t(`tenantUsers.profiles.${u.profile}`)}
        </Badge>
      ),
    },
    {
      key: 'active',
      header: t('tenantUsers.state'),
      render: (u) => (
        <Badge variant="outline" size="sm" color={u.active ? 'teal' : 'gray'}>
          {t(u.active ? 'tenantUsers.active' : 'tenantUsers.inactive')}
        </Badge>
      ),
    },
    {
      key: 'last',
      header: t('tenantUsers.lastConnection'),
      render: (u) => (u.lastConnectionAt ? formatDateTime(u.lastConnectionAt, i18n.language) : t('tenantUsers.never')),
      visibleFrom: 'md',
    },
    {
      key: 'twofa',
      header: t('tenantUsers.secondFactor'),
      render: (u) => (
        <Tooltip label={t(`tenantUsers.secondFactors.${u.secondFactor}Help`)}>
          <Badge variant="light" size="sm" color={u.secondFactor === 'off' ? 'orange' : 'blue'}>
            {t(`tenantUsers.secondFactors.${u.secondFactor}`)}
          </Badge>
        </Tooltip>
      ),
      visibleFrom: 'sm',
    },
    {
      key: 'actions',
      header: '',
      render: (u) => (
        <Group justify="flex-end">
          <UserActions appId={applicationId} user={u} />
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="xs">
      <ListToolbar search={params.search} onSearch={(q) => update({ q })} searchLabel={t('tenantUsers.search')} />
      <PaginatedTable
        caption={t('tabs.users')}
        empty={{ nothingYet: t('emptyList.users.nothingYet'), nothingMatches: t('emptyList.users.nothingMatches'), narrowed: isNarrowed(params.search) }}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(u) => u.id}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
      />
    </Stack>
  );
}
