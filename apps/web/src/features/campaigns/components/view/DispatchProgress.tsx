import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@paraphe/contracts';
import { formatEta, formatRate } from '../../campaignScreen.ts';
import { languageTag } from '@paraphe/contracts';

/** While the campaign is being sent: copies made of the total, the measured rate and the time left (polled every 2 s). */
export function DispatchProgress({ progress }: { progress: Campaign['progress'] }) {
  const { t, i18n } = useTranslation('campaigns');
  const number = (n: number) => n.toLocaleString(languageTag(i18n.language));
  const rate = formatRate(progress.ratePerMinute);
  const eta = formatEta(progress.etaSeconds);
  const percent = Math.min(100, Math.max(0, progress.percent));
  return (
    <Paper withBorder p="md" aria-live="polite">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('progress.title')}
          </Text>
          <Text size="sm" fw={600}>{`${Math.floor(percent)} %`}</Text>
        </Group>
        <Progress value={percent} size="lg" animated striped aria-label={t('progress.title')} />
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {t('progress.counts', { dispatched: number(progress.dispatched), total: number(progress.total) })}
            {progress.failed > 0 ? ` · ${t('progress.failed', { count: progress.failed })}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {rate ? t('progress.rate', { rate }) : t('progress.measuring')}
            {eta ? ` · ${t('progress.eta', { eta })}` : ''}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
