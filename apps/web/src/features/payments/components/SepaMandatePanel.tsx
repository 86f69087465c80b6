import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Paper, PasswordInput, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SepaMandate } from '@paraphe/contracts';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { downloadMandate, useMandateState, useSignMandate } from '../api.ts';
import { languageTag } from '@paraphe/contracts';

/** The SEPA Core mandate: signed in the app (its text accepted with the password), then downloadable as PDF. */
export function SepaMandatePanel({ canManage, mandate }: { canManage: boolean; mandate: SepaMandate | null }) {
  const { t, i18n } = useTranslation('payments');
  const state = useMandateState(true);
  const sign = useSignMandate();
  const [accepted, setAccepted] = useState(false);
  const [password, setPassword] = useState('');
  const submit = () => {
    if (!state.data?.textSha256) return;
    sign.mutate({ password, textSha256: state.data.textSha256 }, { onSuccess: () => setPassword(''), onError: notifyApiError });
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4}>{t('sepa.title')}</Title>
        {mandate ? (
          <Alert color="green">
            {t('sepa.signed', {
              rum: mandate.rum,
              date: new Date(mandate.signedAt).toLocaleDateString(languageTag(i18n.language)),
              name: mandate.signedBy,
              iban: mandate.iban,
            })}
          </Alert>
        ) : (
          <Text>{t('sepa.toSign')}</Text>
        )}
        {mandate && (
          <Group>
            <Button variant="default" onClick={() => void downloadMandate().catch(notifyApiError)}>
              {t('sepa.download')}
            </Button>
          </Group>
        )}
        {canManage && (
          <>
            {!state.data ? (
              <Loader size="sm" />
            ) : (
              state.data.text && (
                <Stack gap="xs">
                  <ScrollArea.Autosize mah={220} type="auto">
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {state.data.text}
                    </Text>
                  </ScrollArea.Autosize>
                  <Checkbox checked={accepted} onChange={(e) => setAccepted(e.currentTarget.checked)} label={t('sepa.accept')} />
                  <PasswordInput
                    label={t('sepa.password')}
                    description={t('sepa.passwordHelp')}
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                    autoComplete="current-password"
                  />
                  <Group>
                    <Button disabled={!accepted || !password} loading={sign.isPending} onClick={submit}>
                      {mandate ? t('sepa.signAgain') : t('sepa.sign')}
                    </Button>
                  </Group>
                </Stack>
              )
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
