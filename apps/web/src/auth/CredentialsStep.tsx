import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginInputSchema } from '@paraphe/contracts';
import { notifyApiError } from '../api/notify.ts';
import { schemaValidator } from '../forms/formErrors.ts';
import { AuthCard, KnownErrorAlert, isKnownError } from './AuthCard.tsx';
import { useLogin } from './api.ts';

const loginErrors = ['INVALID_CREDENTIALS', 'ACCOUNT_NOT_CONFIRMED', 'ACCOUNT_DISABLED', 'APPLICATION_SUSPENDED', 'RATE_LIMITED'] as const;

export function CredentialsStep() {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaValidator(loginInputSchema, t),
  });
  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          login.mutate(values, { onError: (error) => !isKnownError(error, loginErrors) && notifyApiError(error) }),
        )}
      >
        <Stack>
          <KnownErrorAlert error={login.error} codes={loginErrors} />
          <TextInput label={t('fields.email')} type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordInput label={t('fields.password')} autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot" size="sm">
              {t('login.forgot')}
            </Anchor>
            <Button type="submit" loading={login.isPending}>
              {t('login.submit')}
            </Button>
          </Group>
          <Text size="sm" ta="center">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to="/signup">
              {t('login.signUp')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
