import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notify.ts';
import { useConnectSurvey } from '../api.ts';
import { toastSurveyError } from './surveyErrors.ts';

/** Typeform's page where an account owner creates a personal access token (scopes: accounts, forms, responses: read). */
export const typeformTokenPage = 'https://admin.typeform.com/user/tokens';

/** Not connected yet: the personal access token, then a confirmation before Paraphe keeps it. */
export function ConnectForm() {
  const { t } = useTranslation('surveys');
  const [token, setToken] = useState('');
  const connect = useConnectSurvey();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('connect.confirmTitle'),
      children: <Text size="sm">{t('connect.confirm')}</Text>,
      labels: { confirm: t('connect.action'), cancel: t('common.cancel') },
      onConfirm: () =>
        connect.mutate(token.trim(), {
          onSuccess: () => {
            setToken('');
            notify(t('connect.done'), 'success');
          },
          onError: (error) => toastSurveyError(t, error),
        }),
    });
  return (
    <Stack gap="xs">
      <PasswordInput
        label={t('connect.token')}
        description={t('connect.tokenHelp')}
        autoComplete="off"
        value={token}
        onChange={(event) => setToken(event.currentTarget.value)}
      />
      <Group justify="space-between">
        <Anchor href={typeformTokenPage} target="_blank" rel="noopener noreferrer" size="sm">
          {t('connect.tokenPage')}
        </Anchor>
        <Button onClick={confirm} disabled={token.trim().length < 10} loading={connect.isPending}>
          {t('connect.action')}
        </Button>
      </Group>
    </Stack>
  );
}
