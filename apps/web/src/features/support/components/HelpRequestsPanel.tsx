import { useState } from 'react';
import { Anchor, Badge, Button, Drawer, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HelpRequest } from '@paraphe/contracts';
import { formatDateTime } from '../../../shared/format.ts';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { isNarrowed } from '../../../shared/list/emptyState.ts';
import { listQueryOf, oneOf } from '../../../shared/list/listParams.ts';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { downloadHelpAttachment, useHelpRequests, useSetHelpStatus } from '../api.ts';

const statuses = ['open', 'closed'] as const;
const filterNames = ['status'] as const;

function HelpRequestView({ request, onClose }: { request: HelpRequest; onClose: () => void }) {
  const { t, i18n } = useTranslation('support');
  const setStatus = useSetHelpStatus();
  const c = request.context;
  const facts: [string, string | undefined][] = [
    [t('admin.company'), c.company],
    [t('admin.user'), `${c.userName} <${c.userEmail}>`],
    [t('admin.profile'), c.profile],
    [t('admin.language'), c.language],
    [t('admin.route'), c.route],
    [t('admin.browser'), c.userAgent],
    [t('admin.version'), c.appVersion],
    [t('admin.requestIds'), c.requestIds?.join(', ')],
    [t('admin.support'), request.supportEmail ?? '—'],
  ];
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {formatDateTime(request.createdAt, i18n.language)} · {t(`help.categories.${request.category}`)}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{request.message}</Text>
      {request.attachment && (
        <Anchor component="button" style={{ alignSelf: 'flex-start' }} onClick={() => void downloadHelpAttachment(request.id, request.attachment!.fileName)}>
          {request.attachment.fileName}
        </Anchor>
      )}
      <Stack gap={4}>
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Text key={label} size="sm">
              <b>{label}</b> {value}
            </Text>
          ))}
      </Stack>
      <Group>
        <Button
          variant="light"
          loading={setStatus.isPending}
          onClick={() => setStatus.mutate({ id: request.id, status: request.status === 'open' ? 'closed' : 'open' }, { onSuccess: onClose })}
        >
          {t(request.status === 'open' ? 'admin.close' : 'admin.reopen')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Every account's help requests, newest first; a click opens one with its context. */
export function HelpRequestsPanel() {
  const { t, i18n } = useTranslation('support');
  const { params, update } = useListParams(filterNames);
  const status = oneOf(params.filters.status, statuses);
  const list = useHelpRequests(listQueryOf(params, { status }));
  const [open, setOpen] = useState<HelpRequest | null>(null);
  const columns: Column<HelpRequest>[] = [
    { key: 'date', header: t('admin.date'), render: (r) => formatDateTime(r.createdAt, i18n.language), visibleFrom: 'sm' },
    { key: 'company', header: t('admin.company'), render: (r) => r.context.company },
    { key: 'subject', header: t('help.subject'), render: (r) => r.subject },
    { key: 'category', header: t('help.category'), render: (r) => t(`help.categories.${r.category}`), visibleFrom: 'md' },
    {
      key: 'status',
      header: t('admin.status'),
      render: (r) => (
        <Badge variant="light" color={r.status === 'open' ? 'orange' : 'gray'}>
          {t(`admin.statuses.${r.status}`)}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3}>{t('admin.requestsTitle')}</Title>
        <SegmentedControl
          size="xs"
          value={status ?? 'all'}
          onChange={(value) => update({ status: value === 'all' ? null : value })}
          data={[{ value: 'all', label: t('admin.all') }, ...statuses.map((s) => ({ value: s, label: t(`admin.statuses.${s}`) }))]}
        />
      </Group>
      <PaginatedTable
        caption={t('admin.requestsTitle')}
        empty={{ nothingYet: t('emptyList.nothingYet'), nothingMatches: t('emptyList.nothingMatches'), narrowed: isNarrowed(undefined, status) }}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(r) => r.id}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
        onRowClick={setOpen}
      />
      <Drawer opened={open !== null} onClose={() => setOpen(null)} position="right" size="lg" title={open?.subject}>
        {open && <HelpRequestView request={open} onClose={() => setOpen(null)} />}
      </Drawer>
    </Stack>
  );
}
