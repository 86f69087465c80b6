import { Badge, Drawer, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@paraphe/contracts';
import { ListToolbar } from '../common/ListToolbar.tsx';
import { PaginatedTable, type Column } from '../common/PaginatedTable.tsx';
import { listQueryOf } from '../common/listParams.ts';
import { useListParams } from '../common/useListParams.ts';
import { formatDateTime } from '../common/format.ts';
import { useOutboxList } from './api.ts';
import { OutboxMessageView } from './OutboxMessageView.tsx';

const filterNames = ['channel', 'to'] as const;

/** `outbox` (product administrator): mails and SMS captured instead of being sent. */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const { params, update } = useListParams(filterNames);
  const [searchParams] = useSearchParams();
  const openId = searchParams.get('message');
  const list = useOutboxList(listQueryOf(params));

  const columns: Column<OutboxMessage>[] = [
    { key: 'date', header: t('fields.createdAt'), render: (m) => formatDateTime(m.createdAt, i18n.language), visibleFrom: 'sm' },
    { key: 'channel', header: t('outbox.channel'), render: (m) => <Badge variant="light">{t(`outbox.channels.${m.channel}`)}</Badge> },
    { key: 'to', header: t('outbox.to'), render: (m) => <Text size="sm" style={{ wordBreak: 'break-all' }}>{m.to}</Text> },
    { key: 'subject', header: t('outbox.subject'), render: (m) => m.subject ?? m.text.slice(0, 60) },
    { key: 'template', header: t('outbox.template'), render: (m) => m.template, visibleFrom: 'md' },
  ];

  return (
    <Stack gap="xs">
      <Title order={2}>{t('screens.outbox')}</Title>
      <ListToolbar search={params.search} onSearch={(q) => update({ q })} searchLabel={t('outbox.search')}>
        <TextInput
          key={params.filters.to ?? ''}
          label={t('outbox.recipient')}
          defaultValue={params.filters.to ?? ''}
          onBlur={(event) => update({ to: event.currentTarget.value.trim() || null })}
          onKeyDown={(event) => event.key === 'Enter' && update({ to: event.currentTarget.value.trim() || null })}
          w={240}
        />
        <SegmentedControl
          aria-label={t('outbox.channel')}
          value={params.filters.channel ?? 'all'}
          onChange={(value) => update({ channel: value === 'all' ? null : value })}
          data={[
            { value: 'all', label: t('common.all') },
            { value: 'email', label: t('outbox.channels.email') },
            { value: 'sms', label: t('outbox.channels.sms') },
          ]}
        />
      </ListToolbar>
      <PaginatedTable
        caption={t('screens.outbox')}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(m) => m.id}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
        onRowClick={(m) => update({ message: m.id, page: params.page })}
      />
      <Drawer
        opened={!!openId}
        onClose={() => update({ message: null, page: params.page })}
        position="right"
        size="xl"
        title={t('outbox.message')}
      >
        {openId && <OutboxMessageView id={openId} />}
      </Drawer>
    </Stack>
  );
}
