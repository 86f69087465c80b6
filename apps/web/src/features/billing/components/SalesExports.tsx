import { useState } from 'react';
import { Button, Group, Paper, Select, TextInput, Title } from '@mantine/core';
import { IconFileExport, IconFileZip, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { archiveSales, downloadFec, exportSales, useIssuingCompanies } from '../invoicingApi.ts';

const today = () => new Date().toISOString().slice(0, 10);
const firstOfYear = () => `${new Date().getUTCFullYear()}-01-01`;

/** The administrator's exports over a range of issue dates: invoice list (xlsx), PDFs (zip), accounting (FEC). */
export function SalesExports() {
  const { t } = useTranslation('billing');
  const companies = useIssuingCompanies();
  const [from, setFrom] = useState(firstOfYear());
  const [to, setTo] = useState(today());
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const issuingCompanyId = companyId ?? companies.data?.[0]?.id ?? null;
  const run = (name: string, download: () => Promise<unknown>) => {
    setBusy(name);
    download()
      .catch(notifyApiError)
      .finally(() => setBusy(null));
  };
  const range = { from, to, ...(companyId ? { issuingCompanyId: companyId } : {}) };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb="xs">
        {t('admin.exports')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput type="date" label={t('admin.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={160} />
        <TextInput type="date" label={t('admin.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} w={160} />
        <Select
          label={t('admin.issuingCompany')}
          data={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={issuingCompanyId}
          onChange={setCompanyId}
          w={220}
        />
        <Button variant="default" leftSection={<IconFileExport size={16} />} loading={busy === 'xlsx'} onClick={() => run('xlsx', () => exportSales(range))}>
          {t('admin.exportXlsx')}
        </Button>
        <Button variant="default" leftSection={<IconFileZip size={16} />} loading={busy === 'zip'} onClick={() => run('zip', () => archiveSales(range))}>
          {t('admin.archive')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconReceipt size={16} />}
          loading={busy === 'fec'}
          disabled={!issuingCompanyId}
          onClick={() => run('fec', () => downloadFec({ from, to, issuingCompanyId: issuingCompanyId! }))}
        >
          {t('admin.fec')}
        </Button>
      </Group>
    </Paper>
  );
}
