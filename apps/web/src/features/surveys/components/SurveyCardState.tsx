import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApplicationSurveyConnection } from '../api.ts';
import { StateBadge } from './SurveyConnectorPanel.tsx';

/** The survey card of the product administrator's application view (tab Marketplace): the account's real state. */
export function SurveyCardState({ appId }: { appId: string }) {
  const { t } = useTranslation('surveys');
  const connection = useApplicationSurveyConnection(appId);
  const state = connection.data?.data;
  if (connection.isPending) return <Loader size="xs" />;
  if (!state)
    return (
      <Text size="sm" c="dimmed">
        {t('responsesUnavailable')}
      </Text>
    );
  return (
    <Stack gap={4} align="flex-start" mt="sm">
      <StateBadge connection={state} />
      {state.connected && (
        <Text size="xs" c="dimmed">
          {t('account', { name: state.accountName ?? '—', email: state.accountEmail ?? '—' })}
        </Text>
      )}
      {state.formTitle && (
        <Text size="xs" c="dimmed">
          {t('card.form', { title: state.formTitle })}
        </Text>
      )}
      {state.connected && (
        <Text size="xs" c="dimmed">
          {t('invitationsSent', { count: state.invitationsSent })}
        </Text>
      )}
    </Stack>
  );
}
