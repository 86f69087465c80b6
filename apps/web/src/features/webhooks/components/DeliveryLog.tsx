import { useState } from 'react';
import { Anchor, Badge, Button, Code, Stack, Table, Text } from '@mantine/core';
import type { WebhookDelivery } from '@paraphe/contracts';
import { useTranslation } from 'react-i18next';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { useReplayWebhookDelivery, useWebhookDeliveries } from '../api.ts';

const statusColor: Record<WebhookDelivery['status'], string> = { pending: 'blue', delivered: 'green', failed: 'red' };

/** An endpoint's deliveries, newest first, with what was sent and answered; replay any of them. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation('webhooks');
  const log = useWebhookDeliveries(endpointId);
  const rows = log.data?.pages.flatMap((page) => page.data) ?? [];
  if (log.isSuccess && rows.length === 0) return <Text c="dimmed">{t('deliveries.none')}</Text>;
  return (
    <Stack>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('deliveries.date')}</Table.Th>
              <Table.Th>{t('deliveries.event')}</Table.Th>
              <Table.Th>{t('deliveries.status')}</Table.Th>
              <Table.Th>{t('deliveries.answer')}</Table.Th>
              <Table.Th>{t('deliveries.attempts')}</Table.Th>
              <Table.Th>{t('deliveries.nextAttempt')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((delivery) => (
              <DeliveryRow key={delivery.id} endpointId={endpointId} delivery={delivery} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {log.hasNextPage && (
        <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {t('deliveries.more')}
        </Button>
      )}
    </Stack>
  );
}

/** One delivery; its request body unfolds under it. */
function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation('webhooks');
  const [open, setOpen] = useState(false);
  const replay = useReplayWebhookDelivery();
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');
  return (
    <>
      <Table.Tr>
        <Table.Td>{when(delivery.createdAt)}</Table.Td>
        <Table.Td>
          <Text size="sm">{t(`events.${delivery.eventType}`, { defaultValue: delivery.eventType })}</Text>
          <Anchor component="button" type="button" size="xs" onClick={() => setOpen(!open)} aria-expanded={open}>
            {t('deliveries.body')}
          </Anchor>
        </Table.Td>
        <Table.Td miw={120}>
          <Badge color={statusColor[delivery.status]} variant="light">
            {t(`deliveries.statuses.${delivery.status}`)}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{delivery.responseStatus ?? delivery.error ?? '—'}</Text>
          {delivery.durationMs !== null && (
            <Text size="xs" c="dimmed">
              {delivery.durationMs} ms
            </Text>
          )}
        </Table.Td>
        <Table.Td>{delivery.attempts}</Table.Td>
        <Table.Td>{when(delivery.nextAttemptAt)}</Table.Td>
        <Table.Td>
          <Button
            size="xs"
            variant="subtle"
            loading={replay.isPending}
            onClick={() =>
              replay.mutate(
                { id: endpointId, deliveryId: delivery.id },
                { onSuccess: () => notify(t('deliveries.replayed'), 'success'), onError: notifyApiError },
              )
            }
          >
            {t('deliveries.replay')}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {delivery.requestBody}
            </Code>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
