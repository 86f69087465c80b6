import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRocket } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify, notifyApiError } from '../../../shared/api/notify.ts';
import { useMe } from '../../auth/index.ts';
import { useGoLive, useInsecureWebhooks, useLiveMode } from '../api.ts';

const webhooksSettingsPath = '/settings/configuration?tab=webhooks';

/**
 * Settings → Billing: the tenant goes live itself (docs/billing.md "Going live"): the director, once the billing
 * profile is complete, after a confirmation that says what changes — and lists the http:// webhooks that stop.
 */
export function GoLivePanel() {
  const { t } = useTranslation('billing');
  const me = useMe();
  const state = useLiveMode();
  // The mutation lives here, not in the dialog: its success replaces the panel (and closes the dialog) at once.
  const goLive = useGoLive();
  const [confirming, setConfirming] = useState(false);
  const confirm = () =>
    goLive.mutate(undefined, {
      onSuccess: () => {
        notify(t('live.done'), 'success');
        setConfirming(false);
      },
      onError: notifyApiError,
    });
  if (!state.data) return null;
  if (!state.data.testMode) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title={t('live.title')}>
        {t('live.isLive')}
      </Alert>
    );
  }
  const mayDecide = me.permissions.includes('settings.configuration');
  const ready = state.data.billingComplete;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={4}>{t('live.title')}</Title>
        <Text size="sm">{t('live.intro')}</Text>
        {!ready && (
          <Text size="sm" c="orange">
            {t('live.needsProfile')}
          </Text>
        )}
        {!mayDecide && (
          <Text size="sm" c="dimmed">
            {t('live.directorOnly')}
          </Text>
        )}
        {mayDecide && (
          <Group>
            <Button leftSection={<IconRocket size={16} />} disabled={!ready} onClick={() => setConfirming(true)}>
              {t('live.goLive')}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('live.confirmTitle')} size="lg">
        {confirming && <GoLiveConfirmation onClose={() => setConfirming(false)} onConfirm={confirm} pending={goLive.isPending} />}
      </Modal>
    </Paper>
  );
}

function GoLiveConfirmation({ onClose, onConfirm, pending }: { onClose: () => void; onConfirm: () => void; pending: boolean }) {
  const { t } = useTranslation('billing');
  const me = useMe();
  const navigate = useNavigate();
  const insecure = useInsecureWebhooks(me.permissions.includes('webhooks.manage'));
  const endpoints = insecure.data ?? [];
  return (
    <Stack>
      <Text size="sm">{t('live.changes')}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('live.changeLegal')}</List.Item>
        <List.Item>{t('live.changeBilled')}</List.Item>
        <List.Item>{t('live.changeWebhooks')}</List.Item>
        <List.Item>{t('live.changeBack')}</List.Item>
      </List>
      {endpoints.length > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('live.insecureTitle', { count: endpoints.length })}>
          <Stack gap={6}>
            <List size="sm">
              {endpoints.map((e) => (
                <List.Item key={e.id}>
                  <Text size="sm" ff="monospace">
                    {e.url}
                  </Text>
                </List.Item>
              ))}
            </List>
            <Text size="sm">{t('live.insecureHelp')}</Text>
            <Group>
              <Button size="xs" variant="light" color="orange" onClick={() => void navigate(webhooksSettingsPath)}>
                {t('live.fixFirst')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('live.cancel')}
        </Button>
        <Button color={endpoints.length ? 'orange' : undefined} loading={pending} onClick={onConfirm}>
          {endpoints.length ? t('live.confirmAnyway') : t('live.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
