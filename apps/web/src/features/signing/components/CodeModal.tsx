import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazyModal } from './LazyModal.tsx';
import { signingCodeRules, type SigningCodeState } from '@paraphe/contracts';
import { secondsUntil } from '../signingState.ts';
import { formatCountdown, useNow } from '../useNow.ts';

type Props = {
  opened: boolean;
  code: SigningCodeState;
  busy: boolean;
  resending: boolean;
  /** The message of the last failed try (already translated), or null. */
  error: string | null;
  onClose: () => void;
  onResend: () => void;
  onConfirm: (code: string) => void;
};

/** The last step of a signature: the one-time code sent by SMS or e-mail, with resend after a cool-down. */
export function CodeModal({ opened, code, busy, resending, error, onClose, onResend, onConfirm }: Props) {
  const { t } = useTranslation('signing');
  const [value, setValue] = useState('');
  const now = useNow(opened);
  const waitSeconds = secondsUntil(code.resendAvailableAt, now);
  const complete = value.length === signingCodeRules.length;
  const live = !!code.sentAt && code.triesLeft > 0 && secondsUntil(code.expiresAt, now) > 0;

  return (
    <LazyModal opened={opened} onClose={onClose} title={t('code.title')} centered closeButtonProps={{ 'aria-label': t('actions.cancel') }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (complete && !busy) onConfirm(value);
        }}
      >
        <Stack>
          <Text size="sm">{code.sentAt ? t(`code.sent.${code.channel}`, { destination: code.destination }) : t('code.noneLive')}</Text>
          <TextInput
            label={t('code.label')}
            description={live ? t('code.triesLeft', { count: code.triesLeft }) : undefined}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={signingCodeRules.length}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value.replace(/\D/g, '').slice(0, signingCodeRules.length))}
            styles={{ input: { letterSpacing: '0.4em', fontSize: 22, textAlign: 'center' } }}
            data-autofocus
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} disabled={!complete}>
            {t('code.confirm')}
          </Button>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed" aria-live="polite">
              {waitSeconds > 0 ? t('code.resendIn', { time: formatCountdown(waitSeconds) }) : t('code.resendsLeft', { count: code.resendsLeft })}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={onResend} loading={resending} disabled={waitSeconds > 0}>
              {t('code.resend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </LazyModal>
  );
}
