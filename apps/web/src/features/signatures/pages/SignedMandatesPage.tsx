import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SignedMandate } from '@paraphe/contracts';
import { PaginatedTable, type Column } from '../../../shared/list/PaginatedTable.tsx';
import { useListParams } from '../../../shared/list/useListParams.ts';
import { listQueryOf } from '../../../shared/list/listParams.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { notify } from '../../../shared/api/notify.ts';
import { downloads, useSignedMandates } from '../api.ts';
import { signatureErrorMessage } from '../errorMessages.ts';

/** `signatures/sepa-mandates`: the SEPA mandates signed through pre-processing (docs/signatures.md), xlsx export. */
export function SignedMandatesPage() {
  const { t, i18n } = useTranslation('signatures');
  const navigate = useNavigate();
  const { params, update } = useListParams();
  const { limit, offset, order } = listQueryOf(params, {});
  const list = useSignedMandates({ limit, offset, order });

  const exportXlsx = () => {
    downloads.sepaMandates().catch((error: unknown) => notify(signatureErrorMessage(error, t, 'exportFailed'), 'error'));
  };

  const columns: Column<SignedMandate>[] = [
    {
      key: 'rum',
      header: t('sepaMandates.columns.rum'),
      render: (m) => (
        <Text size="sm" fw={500}>
          {m.rum}
        </Text>
      ),
    },
    { key: 'debtor', header: t('sepaMandates.columns.debtor'), render: (m) => m.debtorName },
    {
      key: 'iban',
      header: t('sepaMandates.columns.iban'),
      render: (m) => (
        <Text size="sm" ff="monospace">
          {m.iban.slice(-8)}
        </Text>
      ),
      visibleFrom: 'sm',
    },
    { key: 'type', header: t('sepaMandates.columns.type'), render: (m) => t(`sepaMandates.types.${m.type}`), visibleFrom: 'sm' },
    { key: 'signedAt', header: t('sepaMandates.columns.signedAt'), render: (m) => formatDateTime(m.signedAt, i18n.language), visibleFrom: 'md' },
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>{t('sepaMandates.title')}</Title>
        <Group gap="xs">
          <Button variant="subtle" component={Link} to="/signatures/list">
            {t('sepaMandates.back')}
          </Button>
          <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={exportXlsx}>
            {t('export')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('sepaMandates.intro')}
      </Text>
      <PaginatedTable
        caption={t('sepaMandates.title')}
        empty={{ nothingYet: t('emptyList.mandates.nothingYet') }}
        columns={columns}
        list={list.data}
        loading={list.isFetching}
        rowKey={(m) => m.id}
        page={params.page}
        pageSize={params.pageSize}
        onPage={(page) => update({ page })}
        onPageSize={(size) => update({ size })}
        onRowClick={(m) => void navigate(`/signatures/view/${m.requestId}`)}
      />
    </Stack>
  );
}
