import { Anchor, Breadcrumbs, Button, Group, Menu, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArchive, IconBell, IconChevronDown, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Operation, OperationStatus } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { notify } from '../../../shared/api/notify.ts';
import { useMe } from '../../auth/index.ts';
import { downloads, useOperationCommand, useOperationStatistics } from '../api.ts';
import { formatEta } from '../operationScreen.ts';
import { OperationStatusBadge } from './StatusBadges.tsx';
import { OrdersPanel } from './OrdersPanel.tsx';
import { languageTag } from '@paraphe/contracts';
import { InvitationDeliverySummary } from '../../../shared/ui/InvitationDeliverySummary.tsx';

/** A sent operation: statistics and live progress, actions (change status, relaunch, archive, export), the orders. */
export function OperationView({ operation }: { operation: Operation }) {
  const { t, i18n } = useTranslation('operations');
  const me = useMe();
  const stats = useOperationStatistics(operation.id, operation.status).data;
  const command = useOperationCommand(operation.id);
  const canManage = me.permissions.includes('operations.manage');
  const allowed = (action: Operation['allowedActions'][number]) => canManage && operation.allowedActions.includes(action);
  const number = (n: number) => n.toLocaleString(languageTag(i18n.language));
  const failed = (error: unknown) => notify(error instanceof ApiError ? error.message : t('failed.action'), 'error');
  const moveTo = (status: OperationStatus) =>
    modals.openConfirmModal({
      title: t('confirm.statusTitle', { status: t(`statuses.${status}`) }),
      children: <Text size="sm">{t(`confirm.statusText.${status}`, { defaultValue: '' })}</Text>,
      labels: { confirm: t('actions.confirm'), cancel: t('confirm.keep') },
      confirmProps: { color: status === 'canceled' ? 'red' : undefined },
      onConfirm: () => command.mutate({ kind: 'status', status }, { onError: failed }),
    });
  const progress = operation.progress;
  const eta = formatEta(progress.etaSeconds);

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/batches/list">
          {t('title')}
        </Anchor>
        <span>{operation.label}</span>
      </Breadcrumbs>
      <Group justify="space-between">
        <Group>
          <Title order={2}>{operation.label}</Title>
          <OperationStatusBadge status={operation.status} />
        </Group>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void downloads.orders(operation.id, operation.label)}>
            {t('actions.export')}
          </Button>
          {allowed('relaunch') && (
            <Button
              variant="default"
              leftSection={<IconBell size={16} />}
              onClick={() => command.mutate({ kind: 'relaunch' }, { onSuccess: () => notify(t('done.relaunched'), 'success'), onError: failed })}
            >
              {t('actions.relaunch')}
            </Button>
          )}
          {allowed('archive') && (
            <Button
              variant="default"
              leftSection={<IconArchive size={16} />}
              onClick={() => command.mutate({ kind: 'archive' }, { onSuccess: () => notify(t('done.archiveRequested'), 'success'), onError: failed })}
            >
              {t('actions.archive')}
            </Button>
          )}
          {operation.archiveAvailable && (
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloads.archive(operation.id, operation.label)}>
              {t('actions.downloadArchive')}
            </Button>
          )}
          {canManage && operation.statusTargets.length > 0 && (
            <Menu>
              <Menu.Target>
                <Button rightSection={<IconChevronDown size={14} />}>{t('actions.changeStatus')}</Button>
              </Menu.Target>
              <Menu.Dropdown>
                {operation.statusTargets.map((s) => (
                  <Menu.Item key={s} onClick={() => moveTo(s)}>
                    {t(`statusTargets.${s}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      {operation.description && (
        <Text size="sm" c="dimmed">
          {operation.description}
        </Text>
      )}
      <Paper withBorder p="md" aria-live="polite">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text fw={600} size="sm">
              {t('progress.title')}
            </Text>
            <Text size="sm" fw={600}>{`${Math.floor(progress.percent)} %`}</Text>
          </Group>
          <Progress
            value={Math.min(100, progress.percent)}
            size="lg"
            animated={operation.status === 'pending'}
            striped={operation.status === 'pending'}
            aria-label={t('progress.title')}
          />
          <Text size="sm">
            {t('progress.counts', { dispatched: number(progress.dispatched), total: number(progress.total) })}
            {progress.ratePerMinute ? ` · ${t('progress.rate', { rate: number(progress.ratePerMinute) })}` : ''}
            {eta ? ` · ${t('progress.eta', { eta })}` : ''}
          </Text>
        </Stack>
      </Paper>
      {stats && (
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          {(['completed', 'waiting', 'failed', 'canceled', 'expired'] as const).map((k) => (
            <Paper key={k} withBorder p="sm">
              <Text size="xs" c="dimmed">
                {t(`stats.${k}`)}
              </Text>
              <Text fw={700} size="lg">
                {number(k === 'waiting' ? stats.waiting : stats.counts[k])}
              </Text>
              <Text size="xs" c="dimmed">{`${stats.percent[k]} %`}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {stats && <InvitationDeliverySummary delivery={stats.invitations} />}
      <Paper withBorder p="md">
        <OrdersPanel operation={operation} canManage={canManage} />
      </Paper>
    </Stack>
  );
}
