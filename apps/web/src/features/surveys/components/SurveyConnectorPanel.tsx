import { useEffect } from 'react';
import { Anchor, Badge, Button, Group, Loader, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { SurveyConnection } from '@paraphe/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notify.ts';
import { useDisconnectSurvey, useSaveSurveySettings, useSurveyConnection, useSurveyForms, useSurveyResponses } from '../api.ts';
import { ConnectForm } from './ConnectForm.tsx';
import { toastSurveyError } from './surveyErrors.ts';

/**
 * The survey connector (docs/connectors.md, "Survey (Typeform)"): connect with a personal token, choose the form,
 * turn the survey mail after completion on or off, see how many answers the form has, disconnect.
 */
export function SurveyConnectorPanel() {
  const { t } = useTranslation('surveys');
  const connection = useSurveyConnection();
  const state = connection.data?.data;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Typeform">
      <Stack>
        <Group justify="space-between">
          <Title order={4}>Typeform</Title>
          {state && <StateBadge connection={state} />}
        </Group>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {connection.isPending && <Loader size="sm" />}
        {state && !state.connected && <ConnectForm />}
        {state?.connected && <ConnectedSettings connection={state} />}
      </Stack>
    </Paper>
  );
}

export function StateBadge({ connection }: { connection: SurveyConnection }) {
  const { t } = useTranslation('surveys');
  if (!connection.connected)
    return (
      <Badge variant="light" color="gray">
        {t('state.notConnected')}
      </Badge>
    );
  if (connection.state === 'broken')
    return (
      <Badge variant="light" color="red">
        {t('state.broken')}
      </Badge>
    );
  return (
    <Badge variant="light" color={connection.enabled ? 'teal' : 'blue'}>
      {t(connection.enabled ? 'state.on' : 'state.connected')}
    </Badge>
  );
}

function ConnectedSettings({ connection }: { connection: SurveyConnection }) {
  const { t, i18n } = useTranslation('surveys');
  const forms = useSurveyForms(true);
  const responses = useSurveyResponses(connection.formId);
  const save = useSaveSurveySettings();
  const disconnect = useDisconnectSurvey();
  // Typeform's answers to the reads (token refused, unreachable) as toasts with their detail, once each.
  useEffect(() => {
    if (forms.error) toastSurveyError(t, forms.error);
  }, [forms.error, t]);
  useEffect(() => {
    if (responses.error) toastSurveyError(t, responses.error);
  }, [responses.error, t]);
  const saveWith = (formId: string | null, enabled: boolean) =>
    save.mutate({ formId, enabled }, { onSuccess: () => notify(t('settings.saved'), 'success'), onError: (error) => toastSurveyError(t, error) });
  const options = (forms.data?.data ?? []).map((f) => ({ value: f.id, label: f.title }));
  // The chosen form stays listed even while Typeform cannot be asked.
  if (connection.formId && !options.some((o) => o.value === connection.formId))
    options.unshift({ value: connection.formId, label: connection.formTitle ?? connection.formId });
  const confirmDisconnect = () =>
    modals.openConfirmModal({
      title: t('disconnect.confirmTitle'),
      children: <Text size="sm">{t('disconnect.confirm')}</Text>,
      labels: { confirm: t('disconnect.action'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disconnect.mutate(undefined, { onSuccess: () => notify(t('disconnect.done'), 'success'), onError: (error) => toastSurveyError(t, error) }),
    });
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('account', { name: connection.accountName ?? '—', email: connection.accountEmail ?? '—' })}
        {connection.connectedAt && (
          <Text span c="dimmed">
            {' '}
            · {t('connectedOn', { date: new Date(connection.connectedAt).toLocaleDateString(i18n.language) })}
          </Text>
        )}
      </Text>
      {connection.state === 'broken' && (
        <Text size="sm" c="red">
          {t('brokenHelp')}
        </Text>
      )}
      <Select
        label={t('settings.form')}
        placeholder={forms.isPending ? t('settings.loadingForms') : t('settings.chooseForm')}
        data={options}
        value={connection.formId}
        onChange={(formId) => saveWith(formId, formId ? connection.enabled : false)}
        searchable
        nothingFoundMessage={t('settings.noForms')}
        disabled={save.isPending}
        error={forms.isError ? t('settings.formsUnavailable') : undefined}
      />
      {connection.formUrl && (
        <Anchor href={connection.formUrl} target="_blank" rel="noopener noreferrer" size="sm">
          {t('settings.openForm')}
        </Anchor>
      )}
      <Switch
        label={t('settings.enabled')}
        description={t('settings.enabledHelp')}
        checked={connection.enabled}
        disabled={!connection.formId || save.isPending}
        onChange={(event) => saveWith(connection.formId, event.currentTarget.checked)}
      />
      {connection.formId && (
        <Text size="sm" aria-live="polite">
          {responses.isSuccess ? t('responses', { count: responses.data.data.total }) : responses.isError ? t('responsesUnavailable') : <Loader size="xs" />}
          {' · '}
          {t('invitationsSent', { count: connection.invitationsSent })}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" color="red" onClick={confirmDisconnect} loading={disconnect.isPending}>
          {t('disconnect.action')}
        </Button>
      </Group>
    </Stack>
  );
}
