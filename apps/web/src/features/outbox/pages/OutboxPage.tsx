import { Badge, Button, Drawer, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { outboxChannelSchema, outboxListAdditionalDataSchema, outboxStatusSchema, type OutboxMessage } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { ListToolbar } from '../../../shared/list/ListToolbar.tsx';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { isNarrowed } from '../../../shared/list/emptyState.ts';
import { listQueryOf, oneOf } from '../../../shared/list/listParams.ts';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useOutboxList, useResendMessages } from '../api.ts';
import { OutboxMessageView } from '../components/OutboxMessageView.tsx';

const filterNames = ['channel', 'to', 'status'] as const;
const outboxChannels = outboxChannelSchema.options;
const statusFilters = [...outboxStatusSchema.options, 'undelivered'] as const;
const statusColor: Partial<Record<OutboxMessage['status'], string>> = { failed: 'red', retrying: 'orange', queued: 'yellow' };

/** `outbox` (product administrator): mails and SMS captured instead of being sent. */
export function OutboxPage() {
  const { t, i18n } = useTranslation('outbox');
  const { params, update } = useListParams(filterNames);
  const [searchParams] = useSearchParams();
  const openId = searchParams.get('message');
  const list = useOutboxList(
    listQueryOf(params, { channel: oneOf(params.filters.channel, outboxChannels), to: params.filters.to, status: oneOf(params.filters.status, statusFilters) }),
  );
  const counts = outboxListAdditionalDataSchema.safeParse(list.data?.additionnalData);
  const undelivered = counts.success ? counts.data : null;
  const resend = useResendMessages();
  const resendFailed = () => resend.mutate(null, { onSuccess: (result) => notify(t('resent', { count: result.requeued }), 'success') });

  const columns: Column<OutboxMessage>[] = [
    { key: 'date', header: t('fields.createdAt'), render: (m) => formatDateTime(m.createdAt, i18n.language), visibleFrom: 'sm' },
    { key: 'channel', header: t('channel'), render: (m) => <Badge variant="light">{t(`channels.${m.channel}`)}</Badge> },
    {
      key: 'to',
      header: t('to'),
      render: (m) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {m.to}
        </Text>
      ),
    },
    { key: 'subject', header: t('subject'), render: (m) => m.subject ?? m.text.slice(0, 60) },
    { key: 'template', header: t('template'), render: (m) => m.template, visibleFrom: 'md' },
    {
      key: 'status',
      header: t('status'),
      render: (m) => (
        <Badge variant="outline" color={statusColor[m.status] ?? 'gray'}>
          {t(`statuses.${m.status}`)}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>{t('screens.outbox')}</Title>
        {undelivered && undelivered.undelivered > 0 ? (
          <Group gap="xs">
            <Badge color="red" size="lg" component="button" style={{ cursor: 'pointer' }} onClick={() => update({ status: 'undelivered' })}>
              {t('undeliveredCount', { count: undelivered.undelivered })}
            </Badge>
            {undelivered.failed > 0 && (
              <Button size="xs" variant="light" loading={resend.isPending} onClick={resendFailed}>
                {t('resendFailed', { count: undelivered.failed })}
              </Button>
            )}
          </Group>
        ) : null}
      </Group>
      <ListToolbar search={params.search} onSearch={(q) => update({ q })} searchLabel={t('search')}>
        <TextInput
          key={params.filters.to ?? ''}
          label={t('recipient')}
          defaultValue={params.filters.to ?? ''}
          onBlur={(event) => update({ to: event.currentTarget.value.trim() || null })}
          onKeyDown={(event) => event.key === 'Enter' && update({ to: event.currentTarget.value.trim() || null })}
          w={240}
        />
        <Select
          label={t('status')}
          w={200}
          clearable
          value={params.filters.status ?? null}
          onChange={(value) => update({ status: value })}
          data={statusFilters.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        />
        <SegmentedControl
          aria-label={t('channel')}
          value={params.filters.channel ?? 'all'}
          onChange={(value) => update({ channel: value === 'all' ? null : value })}
          data={[
            { value: 'all', label: t('common.all') },
            { value: 'email', label: t('channels.email') },
            { value: 'sms', label: t('channels.sms') },
          ]}
        />
      </ListToolbar>
      <PaginatedTable
        caption={t('screens.outbox')}
        empty={{
          nothingYet: t('emptyList.nothingYet'),
          nothingMatches: t('emptyList.nothingMatches'),
          narrowed: isNarrowed(params.search, params.filters.channel, params.filters.to, params.filters.status),
        }}
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
      <Drawer opened={!!openId} onClose={() => update({ message: null, page: params.page })} position="right" size="xl" title={t('message')}>
        {openId && <OutboxMessageView id={openId} />}
      </Drawer>
    </Stack>
  );
}
