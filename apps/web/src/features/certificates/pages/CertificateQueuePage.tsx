import { useState } from 'react';
import { Select, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { certificateStatuses, type OperatorCertificate } from '@paraphe/contracts';
import { formatDate } from '../../../shared/format.ts';
import { listQueryOf, oneOf } from '../../../shared/list/listParams.ts';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { useCertificateQueue } from '../api.ts';
import { OperatorDetail } from '../components/OperatorDetail.tsx';
import { CertificateStatusBadge } from '../components/StatusBadge.tsx';

const filters = ['status'] as const;

/** The operator queue (product administrator): orders of every tenant, filtered by status (default: awaiting verification). */
export function CertificateQueuePage() {
  const { t, i18n } = useTranslation('certificates');
  const { params, update } = useListParams(filters);
  const status = oneOf(params.filters.status ?? 'open', certificateStatuses);
  const { limit, offset } = listQueryOf(params, {});
  const queue = useCertificateQueue({ status, limit, offset });
  const [selected, setSelected] = useState<string | null>(null);
  const columns: Column<OperatorCertificate>[] = [
    { key: 'fullName', header: t('fields.holder'), render: (c) => `${c.fullName} (${c.email})` },
    { key: 'company', header: t('fields.company'), render: (c) => c.company, visibleFrom: 'sm' },
    { key: 'submittedAt', header: t('fields.submittedAt'), render: (c) => formatDate(c.submittedAt, i18n.language), visibleFrom: 'md' },
    { key: 'status', header: t('fields.status'), render: (c) => <CertificateStatusBadge certificate={c} /> },
  ];
  return (
    <Stack gap="md">
      <Title order={2}>{t('queue.title')}</Title>
      <Select
        label={t('fields.status')}
        w={260}
        allowDeselect={false}
        value={status ?? 'open'}
        data={certificateStatuses.map((s) => ({ value: s, label: t(s === 'open' ? 'status.submitted' : `status.${s}`) }))}
        onChange={(value) => update({ status: value, page: 1 })}
      />
      <PaginatedTable
        caption={t('queue.title')}
        empty={{
          nothingYet: t('emptyList.queue.nothingYet'),
          nothingMatches: t('emptyList.queue.nothingMatches'),
          narrowed: params.filters.status !== undefined && params.filters.status !== 'open',
        }}
        columns={columns}
        list={queue.data}
        loading={queue.isFetching}
        rowKey={(c) => c.id}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(pageSize) => update({ pageSize, page: 1 })}
        onRowClick={(c) => setSelected(c.id)}
      />
      <OperatorDetail id={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
