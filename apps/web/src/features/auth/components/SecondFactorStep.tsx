import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { secondFactorCodeQuerySchema } from '@paraphe/contracts';
import { notifyApiError, notify } from '../../../shared/api/notify.ts';
import { schemaValidator } from '../../../shared/forms/formErrors.ts';
import { AuthCard, KnownErrorAlert, isKnownError } from './AuthCard.tsx';
import { useResendCode, useVerifyCode } from '../api.ts';
import { logout } from '../logout.ts';
import type { SecondFactorChallenge } from '../session.ts';
import { useCooldown } from '../useCooldown.ts';
import { codeWaitOf, countdownLimitSeconds } from '../codeWait.ts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { PasskeySecondFactor } from './PasskeyButtons.tsx';

const codeErrors = ['CODE_INVALID', 'CODE_EXPIRED', 'CODE_LOCKED'] as const;
/** Refusals that end at a known time: said with that time, and the resend button waits until then. */
const waitErrors = ['RATE_LIMITED', 'ACCOUNT_LOCKED'] as const;
/** Server-side resend cool-down (docs/api.md). */
const resendCooldownSeconds = 60;

export function SecondFactorStep({ challenge }: { challenge: SecondFactorChallenge }) {
  const { t, i18n } = useTranslation('auth');
  const verify = useVerifyCode();
  const resend = useResendCode();
  const cooldown = useCooldown(resendCooldownSeconds, true);
  const form = useForm({ initialValues: { code: '' }, validate: schemaValidator(secondFactorCodeQuerySchema, t) });

  const [wait, setWait] = useState<{ code: string; at: string } | null>(null);
  /** A refusal with a known end: the alert says when, the resend button counts down to it. */
  const waitOrReport = (error: unknown, known: readonly string[]) => {
    const until = codeWaitOf(error);
    if (until && error instanceof ApiError) {
      setWait({ code: error.code, at: until.at });
      cooldown.start(until.seconds);
    } else if (!isKnownError(error, known)) notifyApiError(error);
  };
  const submit = form.onSubmit(({ code }) => {
    setWait(null);
    verify.mutate({ appId: challenge.appId, userId: challenge.userId, code: code.trim() }, { onError: (error) => waitOrReport(error, codeErrors) });
  });
  const askAgain = () => {
    setWait(null);
    resend.mutate(undefined, {
      onSuccess: () => {
        cooldown.start();
        form.reset();
        verify.reset();
        notify(t('secondFactor.resent'), 'success');
      },
      onError: (error) => waitOrReport(error, waitErrors),
    });
  };
  const time = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <AuthCard
      title={t('secondFactor.title')}
      subtitle={t(challenge.channel === 'sms' ? 'secondFactor.sentBySms' : 'secondFactor.sentByEmail', { destination: challenge.destination })}
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          <KnownErrorAlert error={verify.error} codes={codeErrors} />
          {wait && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {t(wait.code === 'ACCOUNT_LOCKED' ? 'secondFactor.lockedUntil' : 'secondFactor.tooSoonUntil', { time: time(wait.at) })}
            </Alert>
          )}
          <TextInput
            label={t('secondFactor.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            data-autofocus
            {...form.getInputProps('code')}
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={askAgain} disabled={cooldown.remaining > 0} loading={resend.isPending}>
              {cooldown.remaining > countdownLimitSeconds
                ? t('secondFactor.resendAt', { time: time(new Date(cooldown.endsAt).toISOString()) })
                : cooldown.remaining > 0
                  ? t('secondFactor.resendIn', { seconds: cooldown.remaining })
                  : t('secondFactor.resend')}
            </Button>
            <Button type="submit" loading={verify.isPending}>
              {t('secondFactor.submit')}
            </Button>
          </Group>
          <PasskeySecondFactor />
          <Text size="sm" ta="center">
            <Anchor component="button" type="button" onClick={() => void logout()}>
              {t('secondFactor.otherAccount')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
