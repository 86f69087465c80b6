import { Center, Group, Loader, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminLive, AdminOverview } from '@paraphe/contracts';
import { formatCents, formatDate, formatDateTime } from '../../../shared/format.ts';
import { useAdminLive, useAdminOverview } from '../api.ts';
import { Figure } from '../components/Figure.tsx';
import { MonthlyBars } from '../components/MonthlyBars.tsx';

/**
 * `dashboardAdmin` (spec §2, §9), the product administrator's super dashboard: background processes and the
 * days ahead of reminders (refreshed every 5 seconds), tenants by activity and billed consumption.
 */
export function AdminDashboardPage() {
  const { t, i18n } = useTranslation('dashboards');
  const live = useAdminLive();
  const overview = useAdminOverview();
  return (
    <Stack>
      <Group justify="space-between" align="baseline">
        <Title order={2}>{t('admin.title')}</Title>
        {live.data && (
          <Text size="xs" c="dimmed">
            {t('admin.updatedAt', { time: formatDateTime(live.data.at, i18n.language) })}
          </Text>
        )}
      </Group>
      {live.data ? (
        <Live data={live.data} />
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {overview.data && <Overview data={overview.data} />}
    </Stack>
  );
}

function Live({ data }: { data: AdminLive }) {
  const { t, i18n } = useTranslation('dashboards');
  return (
    <>
      <Title order={3}>{t('admin.processes')}</Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="sm">
        {data.processes.map((p) => (
          <Paper key={p.type} withBorder p="sm" radius="md">
            <Text fw={600} size="sm">
              {t(`processes.${p.type}`)}
            </Text>
            <Group gap="md" mt={4}>
              <Count label={t('admin.running')} value={p.running} color={p.running ? 'blue' : undefined} />
              <Count label={t('admin.completed')} value={p.completed} color={p.completed ? 'teal' : undefined} />
              <Count label={t('admin.failed')} value={p.failed} color={p.failed ? 'red' : undefined} />
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('admin.processesNote')}
      </Text>
      {data.failures.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="xs">
            {t('admin.failures')}
          </Title>
          <ScrollArea>
            <Table miw={520} striped>
              <Table.Tbody>
                {data.failures.map((f, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{formatDateTime(f.failedAt, i18n.language)}</Table.Td>
                    <Table.Td>{t(`processes.${f.type}`)}</Table.Td>
                    <Table.Td>{f.company ?? '—'}</Table.Td>
                    <Table.Td>{f.message ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      <Title order={3}>{t('admin.reminders')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {data.reminders.map((r) => (
          <Paper key={r.inDays} withBorder p="sm" radius="md">
            <Text fw={600} size="sm">
              {t(`admin.day${r.inDays}`)} · {formatDate(`${r.date}T12:00:00Z`, i18n.language)}
            </Text>
            <Group gap="md" mt={4}>
              <Count label={t('admin.mailReminders')} value={r.mailReminders} />
              <Count label={t('admin.smsReminders')} value={r.smsReminders} />
              <Count label={t('admin.expiring')} value={r.expiring} color={r.expiring ? 'orange' : undefined} />
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <div>
      <Text size="xl" fw={700} c={color} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

function Overview({ data }: { data: AdminOverview }) {
  const { t, i18n } = useTranslation('dashboards');
  const format = (cents: number) => formatCents(cents, i18n.language);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={4}>{t('admin.tenants')}</Title>
          <Figure label={t('admin.activeTenants')} value={data.activeTenants} />
          {!data.tenants.length ? (
            <Text size="sm" c="dimmed">
              {t('admin.noTenants')}
            </Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.company')}</Table.Th>
                  <Table.Th ta="right">{t('metrics.requests_sent')}</Table.Th>
                  <Table.Th ta="right">{t('metrics.requests_completed')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.tenants.map((tenant) => (
                  <Table.Tr key={tenant.appId}>
                    <Table.Td>{tenant.company}</Table.Td>
                    <Table.Td ta="right">{tenant.sent}</Table.Td>
                    <Table.Td ta="right">{tenant.completed}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={4}>{t('admin.revenue')}</Title>
          <MonthlyBars
            ariaLabel={t('admin.revenue')}
            months={data.revenue.map((r) => ({ month: r.month, net: r.netCents / 100 }))}
            series={[{ name: 'net', label: t('admin.revenueSeries'), color: 'grape.6' }]}
            format={(euros) => format(Math.round(euros * 100))}
          />
          <Text size="xs" c="dimmed">
            {t('admin.revenueNote')}
          </Text>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
