import { useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MaintenanceState } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useAdminMaintenance, useSetMaintenance } from '../api.ts';

/** `datetime-local` ⇄ ISO 8601: the input speaks the browser's local time. */
const toLocalInput = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

function MaintenanceForm({ state }: { state: MaintenanceState }) {
  const { t, i18n } = useTranslation('support');
  const save = useSetMaintenance();
  const [message, setMessage] = useState(state.message ?? '');
  const [end, setEnd] = useState(toLocalInput(state.expectedEndAt));
  useEffect(() => {
    setMessage(state.message ?? '');
    setEnd(toLocalInput(state.expectedEndAt));
  }, [state]);
  const apply = (enabled: boolean) =>
    save.mutate(
      { enabled, message: message.trim() || null, expectedEndAt: fromLocalInput(end) },
      { onSuccess: (next) => notify(t(next.enabled ? 'admin.maintenanceOn' : 'admin.maintenanceOff'), next.enabled ? 'info' : 'success') },
    );
  return (
    <Stack>
      <Group justify="space-between">
        <Switch
          size="md"
          checked={state.enabled}
          disabled={save.isPending}
          label={t('admin.maintenanceSwitch')}
          onChange={(event) => apply(event.currentTarget.checked)}
        />
        <Badge color={state.enabled ? 'orange' : 'teal'} variant="light">
          {t(state.enabled ? 'admin.on' : 'admin.off')}
        </Badge>
      </Group>
      <Textarea
        label={t('admin.message')}
        description={t('admin.messageHint')}
        autosize
        minRows={2}
        maxLength={1000}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
      />
      <TextInput
        type="datetime-local"
        label={t('admin.expectedEnd')}
        description={t('admin.expectedEndHint')}
        value={end}
        onChange={(e) => setEnd(e.currentTarget.value)}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {state.updatedAt ? t('admin.updatedAt', { time: formatDateTime(state.updatedAt, i18n.language) }) : ''}
        </Text>
        {state.enabled && (
          <Button variant="light" loading={save.isPending} onClick={() => apply(true)}>
            {t('admin.updateMessage')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The maintenance switch: every API call but the administrator's answers 503 while it is on (docs/help-and-maintenance.md). */
export function MaintenancePanel() {
  const { t } = useTranslation('support');
  const state = useAdminMaintenance();
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={3}>{t('admin.maintenanceTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('admin.maintenanceIntro')}
        </Text>
        {state.data && <MaintenanceForm state={state.data} />}
      </Stack>
    </Paper>
  );
}
