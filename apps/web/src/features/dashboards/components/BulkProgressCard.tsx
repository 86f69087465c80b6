import { Anchor, Group, Paper, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BulkProgress, ProcessKind } from '@paraphe/contracts';

/** Where each kind's view is (the campaigns and operations features' routes). */
const viewPaths: Record<ProcessKind, string> = { campaign: '/campaigns/view/', mailing: '/publipostage/view/', operation: '/batches/view/' };
export const viewPathOf = (item: Pick<BulkProgress, 'kind' | 'id'>) => `${viewPaths[item.kind]}${item.id}`;

const percent = (n: number, of: number) => (of ? Math.round((n / of) * 100) : 0);

/** The signatories' progress: signed, opened, refused or expired, of the copies sent. */
export function ProgressBar({ item }: { item: BulkProgress }) {
  const { t } = useTranslation('dashboards');
  const parts = [
    { value: percent(item.signed, item.sent), color: 'teal', label: t('progress.signed', { count: item.signed }) },
    { value: percent(Math.max(0, item.opened - item.signed - item.refused), item.sent), color: 'blue', label: t('progress.opened', { count: item.opened }) },
    { value: percent(item.refused + item.expired, item.sent), color: 'red', label: t('progress.refused', { count: item.refused + item.expired }) },
  ];
  return (
    <Progress.Root size="lg" aria-label={t('progress.label', { signed: item.signed, sent: item.sent })}>
      {parts.map((p) => (
        <Tooltip key={p.color} label={p.label}>
          <Progress.Section value={p.value} color={p.color} />
        </Tooltip>
      ))}
    </Progress.Root>
  );
}

/** "Performance of the current campaign / mailing / operation" (spec §2): one card each, an empty state without one. */
export function BulkProgressCard({ kind, item }: { kind: ProcessKind; item: BulkProgress | null }) {
  const { t } = useTranslation('dashboards');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={4}>{t(`current.${kind}`)}</Title>
        {!item ? (
          <Text size="sm" c="dimmed">
            {t(kind === 'operation' ? 'current.noOperation' : 'current.none')}
          </Text>
        ) : (
          <>
            <Anchor component={Link} to={viewPathOf(item)} fw={600} lineClamp={2}>
              {item.label}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t(`status.${item.status}`, { defaultValue: item.status })} · {t('progress.sentOf', { sent: item.sent, total: item.signatories })}
            </Text>
            <ProgressBar item={item} />
            <Group gap="md" wrap="wrap">
              <Text size="sm">{t('progress.signed', { count: item.signed })}</Text>
              <Text size="sm">{t('progress.opened', { count: item.opened })}</Text>
              <Text size="sm">{t('progress.refused', { count: item.refused + item.expired })}</Text>
              {item.failed > 0 && (
                <Text size="sm" c="red">
                  {t('progress.failed', { count: item.failed })}
                </Text>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The 6 latest pending or ready campaigns, mailings and operations (spec §9), each with its progress. */
export function LatestList({ items }: { items: readonly BulkProgress[] }) {
  const { t } = useTranslation('dashboards');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4}>{t('latest.title')}</Title>
        {!items.length && (
          <Text size="sm" c="dimmed">
            {t('latest.empty')}
          </Text>
        )}
        {items.map((item) => (
          <Stack key={item.id} gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={viewPathOf(item)} size="sm" fw={600} lineClamp={1}>
                {item.label}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t(`kind.${item.kind}`)} · {t(`status.${item.status}`, { defaultValue: item.status })}
              </Text>
            </Group>
            <ProgressBar item={item} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
