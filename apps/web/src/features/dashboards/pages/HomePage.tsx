import { Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HomeDashboard } from '@paraphe/contracts';
import { formatCents, monthLabel } from '../../../shared/format.ts';
import { useHomeDashboard } from '../api.ts';
import { BulkProgressCard, LatestList } from '../components/BulkProgressCard.tsx';
import { Figure } from '../components/Figure.tsx';
import { GuideCards } from '../components/GuideCards.tsx';
import { MonthlyBars } from '../components/MonthlyBars.tsx';

/**
 * `home` (spec §2): this month's figures, 12 months of requests, consumption (for those who see billing), the
 * current campaign, mailing and operation, the 6 latest in progress, the user guide. The landing page after login.
 */
export function HomePage() {
  const { t } = useTranslation('dashboards');
  const home = useHomeDashboard();
  const data = home.data;
  return (
    <Stack>
      <Title order={2}>{t('home.title')}</Title>
      {!data ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <>
          <Activity data={data} />
          {data.consumption && <Consumption months={data.consumption.months} />}
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <BulkProgressCard kind="campaign" item={data.current.campaign} />
            <BulkProgressCard kind="mailing" item={data.current.mailing} />
            <BulkProgressCard kind="operation" item={data.current.operation} />
          </SimpleGrid>
          <LatestList items={data.latest} />
        </>
      )}
      <GuideCards />
    </Stack>
  );
}

function Activity({ data }: { data: HomeDashboard }) {
  const { t, i18n } = useTranslation('dashboards');
  const now = data.thisMonth;
  const quiet = data.months.every((m) => m.counts.requests_sent === 0 && m.counts.requests_completed === 0);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(`home.scope.${data.scope}`, { month: monthLabel(data.month, i18n.language) })}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={t('metrics.requests_sent')} value={now.requests_sent} />
        <Figure label={t('metrics.requests_completed')} value={now.requests_completed} color="teal" />
        <Figure label={t('metrics.signers_signed')} value={now.signers_signed} />
        <Figure label={t('metrics.notSigned')} value={now.requests_refused + now.requests_expired + now.requests_canceled} color="red" />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={4}>{t('home.requestsPerMonth')}</Title>
          {quiet ? (
            <Text size="sm" c="dimmed">
              {t('home.noActivity')}
            </Text>
          ) : (
            <MonthlyBars
              ariaLabel={t('home.requestsPerMonth')}
              months={data.months.map((m) => ({ month: m.month, sent: m.counts.requests_sent, completed: m.counts.requests_completed }))}
              series={[
                { name: 'sent', label: t('metrics.requests_sent'), color: 'blue.6' },
                { name: 'completed', label: t('metrics.requests_completed'), color: 'teal.6' },
              ]}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function Consumption({ months }: { months: NonNullable<HomeDashboard['consumption']>['months'] }) {
  const { t, i18n } = useTranslation('dashboards');
  const current = months.at(-1)!;
  const format = (cents: number) => formatCents(cents, i18n.language);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={4}>{t('consumption.title')}</Title>
        <SimpleGrid cols={2} spacing="sm">
          <Figure label={t('consumption.thisMonth')} value={format(current.netCents)} />
          <Figure label={t('consumption.units')} value={current.quantity} />
        </SimpleGrid>
        {months.some((m) => m.netCents > 0) && (
          <MonthlyBars
            ariaLabel={t('consumption.title')}
            months={months.map((m) => ({ month: m.month, net: m.netCents / 100 }))}
            series={[{ name: 'net', label: t('consumption.net'), color: 'grape.6' }]}
            format={(euros) => format(Math.round(euros * 100))}
          />
        )}
      </Stack>
    </Paper>
  );
}
