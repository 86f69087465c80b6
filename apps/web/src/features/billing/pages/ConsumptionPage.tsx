import { useState } from 'react';
import { Button, Center, Group, Loader, Modal, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { consumptionMaxMonths, type ConsumptionQuery } from '@paraphe/contracts';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { exportConsumption, useConsumption, useUserConsumption } from '../api.ts';
import { BillingTabs } from '../components/BillingTabs.tsx';
import { ConsumptionChart } from '../components/ConsumptionChart.tsx';
import { KindLinesTable, UsersTable } from '../components/ConsumptionTables.tsx';
import { formatCents, monthKeyOf, monthLabel, monthsBefore } from '../money.ts';

/** `billing/conso` (spec §7 conso, users conso): a range of months, totals per kind, a chart, per user, export. */
export function ConsumptionPage() {
  const { t, i18n } = useTranslation('billing');
  const current = monthKeyOf(new Date());
  const [query, setQuery] = useState<ConsumptionQuery>({ from: monthsBefore(current, 5), to: current });
  const [user, setUser] = useState<{ id: string; name: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const report = useConsumption(query);
  const months = Array.from({ length: consumptionMaxMonths }, (_, i) => monthsBefore(current, i)).map((m) => ({
    value: m,
    label: monthLabel(m, i18n.language),
  }));
  const choose = (part: keyof ConsumptionQuery) => (value: string | null) => {
    if (!value) return;
    const next = { ...query, [part]: value };
    // The range stays in order: moving one end past the other moves both.
    setQuery(next.from > next.to ? { from: value, to: value } : next);
  };
  const download = () => {
    setExporting(true);
    exportConsumption(query)
      .catch(notifyApiError)
      .finally(() => setExporting(false));
  };

  const data = report.data;
  return (
    <Stack>
      <BillingTabs current="conso" />
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('conso.title')}</Title>
        <Group align="flex-end">
          <Select label={t('conso.from')} data={months} value={query.from} onChange={choose('from')} allowDeselect={false} w={150} />
          <Select label={t('conso.to')} data={months} value={query.to} onChange={choose('to')} allowDeselect={false} w={150} />
          <Button variant="default" leftSection={<IconFileExport size={16} />} loading={exporting} onClick={download}>
            {t('conso.export')}
          </Button>
        </Group>
      </Group>
      {!data ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure label={t('conso.totalNet')} value={formatCents(data.totals.netCents, i18n.language)} />
            <Figure label={t('conso.units')} value={String(data.totals.lines.reduce((s, l) => s + l.quantity, 0))} />
            <Figure label={t('conso.testUnits')} value={String(data.totals.lines.reduce((s, l) => s + l.testQuantity, 0))} />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <ConsumptionChart report={data} />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs">
              <Title order={4}>{t('conso.byKind')}</Title>
              <KindLinesTable lines={data.totals.lines} totals={data.totals} />
              <Text size="xs" c="dimmed">
                {t('conso.note')}
              </Text>
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs">
              <Title order={4}>{t('conso.byUser')}</Title>
              <UsersTable users={data.users} onOpen={(id, name) => setUser({ id, name })} />
            </Stack>
          </Paper>
        </>
      )}
      <Modal opened={!!user} onClose={() => setUser(null)} title={user?.name} size="xl">
        {user && <UserConsumption userId={user.id} query={query} />}
      </Modal>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** One user's consumption over the range (users conso). */
function UserConsumption({ userId, query }: { userId: string; query: ConsumptionQuery }) {
  const report = useUserConsumption(userId, query);
  if (!report.data)
    return (
      <Center py="md">
        <Loader />
      </Center>
    );
  return <KindLinesTable lines={report.data.totals.lines} totals={report.data.totals} />;
}
