import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
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

const codeErrors = ['CODE_INVALID', 'CODE_EXPIRED', 'CODE_LOCKED'] as const;
const resendErrors = ['RATE_LIMITED'] as const;
/** Server-side resend cool-down (docs/api.md). */
const resendCooldownSeconds = 60;

export function SecondFactorStep({ challenge }: { challenge: SecondFactorChallenge }) {
  const { t } = useTranslation('auth');
  const verify = useVerifyCode();
  const resend = useResendCode();
  const cooldown = useCooldown(resendCooldownSeconds, true);
  const form = useForm({ initialValues: { code: '' }, validate: schemaValidator(secondFactorCodeQuerySchema, t) });

  const submit = form.onSubmit(({ code }) =>
    verify.mutate(
      { appId: challenge.appId, userId: challenge.userId, code: code.trim() },
      { onError: (error) => !isKnownError(error, codeErrors) && notifyApiError(error) },
    ),
  );
  const askAgain = () =>
    resend.mutate(undefined, {
      onSuccess: () => {
        cooldown.start();
        form.reset();
        verify.reset();
        notify(t('secondFactor.resent'), 'success');
      },
      onError: (error) => !isKnownError(error, resendErrors) && notifyApiError(error),
    });

  return (
    <AuthCard
      title={t('secondFactor.title')}
      subtitle={t(challenge.channel === 'sms' ? 'secondFactor.sentBySms' : 'secondFactor.sentByEmail', { destination: challenge.destination })}
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          <KnownErrorAlert error={verify.error} codes={codeErrors} />
          <KnownErrorAlert error={resend.error} codes={resendErrors} />
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
              {cooldown.remaining > 0 ? t('secondFactor.resendIn', { seconds: cooldown.remaining }) : t('secondFactor.resend')}
            </Button>
            <Button type="submit" loading={verify.isPending}>
              {t('secondFactor.submit')}
            </Button>
          </Group>
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
