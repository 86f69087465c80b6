import { ActionIcon, Anchor, Badge, Button, Group, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChecks, IconMail, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@paraphe/contracts';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { isNarrowed } from '../../../shared/list/emptyState.ts';
import { listQueryOf, oneOf } from '../../../shared/list/listParams.ts';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { notify } from '../../../shared/api/notify.ts';
import { useDeleteNotification, useMarkAllNotificationsRead, useMarkNotification, useNotificationsList } from '../api.ts';

const filterNames = ['read'] as const;
const readFilter = ['true', 'false'] as const;

/** Where a notification leads: the request, campaign or operation it is about, or the address-book import it reports. */
function linkOf(n: Notification): string | undefined {
  const { requestId, importId, campaignId, operationId, certificateId } = n.data;
  if (typeof requestId === 'string') return `/signatures/view/${requestId}`;
  if (typeof certificateId === 'string') return '/certificate';
  if (typeof campaignId === 'string') return `/campaigns/view/${campaignId}`;
  if (typeof operationId === 'string') return `/batches/view/${operationId}`;
  if (typeof importId === 'string') return `/phonebooks/import?id=${encodeURIComponent(importId)}`;
  return undefined;
}

/** `notifications/list`: read / unread, mark, delete, mark all read. */
export function NotificationsListPage() {
  const { t, i18n } = useTranslation('notifications');
  const { params, update } = useListParams(filterNames);
  const { search: _search, ...withoutSearch } = listQueryOf(params, { read: oneOf(params.filters.read, readFilter) });
  const list = useNotificationsList(withoutSearch);
  const mark = useMarkNotification();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const unread = typeof list.data?.additionnalData?.unread === 'number' ? list.data.additionnalData.unread : 0;

  const confirmDelete = (n: Notification) =>
    modals.openConfirmModal({
      title: t('deleteTitle'),
      children: <Text size="sm">{t('deleteText')}</Text>,
      labels: { confirm: t('delete'), cancel: t('keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(n.id, { onSuccess: () => notify(t('deleted'), 'success') }),
    });

  const columns: Column<Notification>[] = [
    {
      key: 'state',
      header: t('columns.state'),
      render: (n) => (
        <Badge variant="dot" color={n.read ? 'gray' : 'blue'}>
          {t(n.read ? 'read' : 'unread')}
        </Badge>
      ),
    },
    {
      key: 'message',
      header: t('columns.message'),
      render: (n) => {
        const link = linkOf(n);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={n.read ? 400 : 700}>
              {n.message}
            </Text>
            {link && (
              <Anchor component={Link} to={link} size="xs">
                {t('open')}
              </Anchor>
            )}
          </Stack>
        );
      },
    },
    { key: 'type', header: t('columns.type'), render: (n) => t(`types.${n.type}`, { defaultValue: n.type }), visibleFrom: 'sm' },
    { key: 'date', header: t('columns.date'), render: (n) => formatDateTime(n.createdAt, i18n.language), visibleFrom: 'sm' },
    {
      key: 'actions',
      header: t('common.actions', { ns: 'common' }),
      render: (n) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t(n.read ? 'markUnread' : 'markRead')}>
            <ActionIcon variant="subtle" aria-label={t(n.read ? 'markUnread' : 'markRead')} onClick={() => mark.mutate({ id: n.id, read: !n.read })}>
              {n.read ? <IconMail size={18} /> : <IconMailOpened size={18} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('delete')}>
            <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => confirmDelete(n)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>{t('title')}</Title>
          {unread > 0 && <Badge color="red">{t('unreadCount', { count: unread })}</Badge>}
        </Group>
        <Button
          variant="default"
          leftSection={<IconChecks size={16} />}
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onSuccess: () => notify(t('allMarked'), 'success') })}
        >
          {t('markAllRead')}
        </Button>
      </Group>
      <Group mb="sm">
        <SegmentedControl
          aria-label={t('filter')}
          value={params.filters.read ?? 'all'}
          onChange={(value) => update({ read: value === 'all' ? null : value })}
          data={[
            { value: 'all', label: t('filters.all') },
            { value: 'false', label: t('filters.unread') },
            { value: 'true', label: t('filters.read') },
          ]}
        />
      </Group>
      <PaginatedTable
        caption={t('title')}
        empty={{ nothingYet: t('emptyList.nothingYet'), nothingMatches: t('emptyList.nothingMatches'), narrowed: isNarrowed(undefined, withoutSearch.read) }}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(n) => n.id}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
      />
    </Stack>
  );
}
