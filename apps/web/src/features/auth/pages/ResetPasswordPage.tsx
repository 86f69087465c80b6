import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resetPasswordInputSchema } from '@paraphe/contracts';
import { schemaValidator, showFormError } from '../../../shared/forms/formErrors.ts';
import { MessagePage } from '../../../shared/ui/MessagePage.tsx';
import { AuthCard, KnownErrorAlert, isKnownError } from '../components/AuthCard.tsx';
import { PasswordPolicy } from '../components/PasswordPolicy.tsx';
import { useResetPassword } from '../api.ts';

const linkErrors = ['TOKEN_EXPIRED', 'NOT_FOUND', 'BAD_REQUEST'] as const;

/** `/reset?token=`: sets a new password from the single-use link of the mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const validatePassword = schemaValidator<{ password: string }>(resetPasswordInputSchema.pick({ password: true }), t);
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: (values) => ({
      ...validatePassword(values),
      ...(values.confirmation !== values.password ? { confirmation: t('validation.not_identical') } : {}),
    }),
  });
  const toLogin = (
    <Anchor component={Link} to="/">
      {t('common.toLogin')}
    </Anchor>
  );

  if (done) return <MessagePage title={t('reset.doneTitle')} text={t('reset.doneText')} action={toLogin} />;
  if (token.length < 10)
    return (
      <MessagePage
        title={t('reset.invalidTitle')}
        text={t('errors.TOKEN_EXPIRED')}
        action={
          <Anchor component={Link} to="/forgot">
            {t('reset.askAgain')}
          </Anchor>
        }
      />
    );

  return (
    <AuthCard title={t('reset.title')}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ password }) =>
          reset.mutate(
            { token, password },
            {
              onSuccess: () => setDone(true),
              onError: (error) => !isKnownError(error, linkErrors) && showFormError(form, error, t, { PASSWORD_REUSED: 'password' }),
            },
          ),
        )}
      >
        <Stack>
          <KnownErrorAlert error={reset.error} codes={linkErrors} />
          <PasswordInput label={t('fields.newPassword')} required autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordPolicy password={form.values.password} />
          <PasswordInput label={t('fields.confirmPassword')} required autoComplete="new-password" {...form.getInputProps('confirmation')} />
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot" size="sm">
              {t('reset.askAgain')}
            </Anchor>
            <Button type="submit" loading={reset.isPending}>
              {t('reset.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
