import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { campaignStatisticsSchema } from '@paraphe/contracts';
import { languageTag } from '@paraphe/contracts';

type Statistics = z.infer<typeof campaignStatisticsSchema>;
const cards = [
  { key: 'sent', color: undefined },
  { key: 'opened', color: 'cyan' },
  { key: 'signed', color: 'teal' },
  { key: 'refused', color: 'red' },
  { key: 'expired', color: 'orange' },
  { key: 'failed', color: 'red' },
  { key: 'canceled', color: 'gray' },
  { key: 'pending', color: 'blue' },
] as const;

/** The campaign's figures (spec §4 statistics): each count, and its share as the server computed it. */
export function StatisticsCards({ statistics }: { statistics: Statistics }) {
  const { t, i18n } = useTranslation('campaigns');
  const percentOf = (key: (typeof cards)[number]['key']) =>
    key === 'sent' ? (statistics.total ? (statistics.sent / statistics.total) * 100 : 0) : statistics.percent[key];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing="xs">
      {cards.map(({ key, color }) => (
        <Paper key={key} withBorder p="sm" role="group" aria-label={`${t(`statistics.${key}`)}: ${statistics[key]}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t(`statistics.${key}`)}
          </Text>
          <Text fz={24} fw={700} c={statistics[key] > 0 ? color : undefined}>
            {statistics[key].toLocaleString(languageTag(i18n.language))}
          </Text>
          <Text size="xs" c="dimmed">{`${percentOf(key).toLocaleString(languageTag(i18n.language), { maximumFractionDigits: 1 })} %`}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
