import { useState } from 'react';
import { Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { WebhookEndpoint } from '@paraphe/contracts';
import { useTranslation } from 'react-i18next';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { useDeleteWebhookEndpoint, useRotateWebhookSecret, useSendWebhookTest, useWebhookEndpoints } from '../api.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import { EndpointForm } from './EndpointForm.tsx';
import { SecretReveal } from './SecretReveal.tsx';

type Dialog =
  { kind: 'create' } | { kind: 'edit'; endpoint: WebhookEndpoint } | { kind: 'secret'; secret: string } | { kind: 'log'; endpoint: WebhookEndpoint };

/** Settings → Webhooks: the tenant's endpoints, their secrets (shown once), test events and delivery logs. */
export function WebhooksSettingsTab() {
  const { t } = useTranslation('webhooks');
  const endpoints = useWebhookEndpoints();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const titles = {
    create: t('add'),
    edit: t('edit'),
    secret: t('secret.title'),
    log: dialog?.kind === 'log' ? t('deliveries.title', { url: dialog.endpoint.url }) : '',
  };
  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{t('title')}</Title>
          <Button onClick={() => setDialog({ kind: 'create' })}>{t('add')}</Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {endpoints.isPending && <Loader size="sm" />}
        {endpoints.isSuccess && endpoints.data.data.length === 0 && <Text c="dimmed">{t('none')}</Text>}
        {endpoints.isSuccess && endpoints.data.data.length > 0 && (
          <Stack gap={0}>
            {endpoints.data.data.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} onDialog={setDialog} />
            ))}
          </Stack>
        )}
      </Stack>
      <Modal opened={dialog !== null} onClose={close} title={dialog ? titles[dialog.kind] : ''} size={dialog?.kind === 'log' ? '64rem' : 'lg'}>
        {dialog?.kind === 'create' && <EndpointForm onCreated={(secret) => setDialog({ kind: 'secret', secret })} onSaved={close} />}
        {dialog?.kind === 'edit' && (
          <EndpointForm
            endpoint={dialog.endpoint}
            onCreated={close}
            onSaved={() => {
              notify(t('saved'), 'success');
              close();
            }}
          />
        )}
        {dialog?.kind === 'secret' && <SecretReveal secret={dialog.secret} onDone={close} />}
        {dialog?.kind === 'log' && <DeliveryLog endpointId={dialog.endpoint.id} />}
      </Modal>
    </Paper>
  );
}

function EndpointRow({ endpoint, onDialog }: { endpoint: WebhookEndpoint; onDialog: (dialog: Dialog) => void }) {
  const { t, i18n } = useTranslation('webhooks');
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendWebhookTest();
  const remove = useDeleteWebhookEndpoint();
  const day = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const status = endpoint.enabled ? 'enabled' : endpoint.disabledReason === 'failing' ? 'failing' : 'disabled';
  return (
    // Information and actions side by side, the actions going under it on a narrow screen.
    <Group justify="space-between" align="flex-start" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Stack gap={2} style={{ flex: '1 1 18rem', minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={500} style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
          <Badge size="sm" variant="light" color={endpoint.enabled ? 'green' : status === 'failing' ? 'red' : 'gray'}>
            {t(`status.${status}`)}
          </Badge>
        </Group>
        {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
        <Text size="xs" c="dimmed">
          {t('eventCount', { count: endpoint.events.length })}
        </Text>
        {endpoint.failingSince && (
          <Text size="xs" c="orange">
            {t('status.failingSince', { date: day(endpoint.failingSince) })}
          </Text>
        )}
        {endpoint.previousSecretExpiresAt && (
          <Text size="xs" c="dimmed">
            {t('status.grace', { date: day(endpoint.previousSecretExpiresAt) })}
          </Text>
        )}
      </Stack>
      <Group gap={4} justify="flex-end">
        <Button size="xs" variant="subtle" onClick={() => onDialog({ kind: 'log', endpoint })}>
          {t('log')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          loading={sendTest.isPending}
          onClick={() => sendTest.mutate(endpoint.id, { onSuccess: () => notify(t('testSent'), 'success'), onError: notifyApiError })}
        >
          {t('test')}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => onDialog({ kind: 'edit', endpoint })}>
          {t('edit')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          loading={rotate.isPending}
          onClick={() =>
            window.confirm(t('confirmRotate')) &&
            rotate.mutate(endpoint.id, { onSuccess: (answer) => onDialog({ kind: 'secret', secret: answer.data.secret }), onError: notifyApiError })
          }
        >
          {t('rotate')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() =>
            window.confirm(t('confirmDelete', { url: endpoint.url })) &&
            remove.mutate(endpoint.id, { onSuccess: () => notify(t('deleted'), 'success'), onError: notifyApiError })
          }
        >
          {t('delete')}
        </Button>
      </Group>
    </Group>
  );
}
