import { Suspense, lazy, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useField } from '@mantine/form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginInputSchema } from '@paraphe/contracts';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { schemaValidator } from '../../../shared/forms/formErrors.ts';
import { AuthCard, KnownErrorAlert, isKnownError } from './AuthCard.tsx';
import { useLogin } from '../api.ts';
import { SsoEntry } from './SsoEntry.tsx';

// Loaded after the form: the login screen's first bundle stays within its budget (scripts/bundle-budget.ts).
const PasskeyLogin = lazy(() => import('./PasskeyButtons.tsx').then((m) => ({ default: m.PasskeyLogin })));

const loginErrors = ['INVALID_CREDENTIALS', 'ACCOUNT_NOT_CONFIRMED', 'ACCOUNT_DISABLED', 'APPLICATION_SUSPENDED', 'RATE_LIMITED', 'SSO_REQUIRED'] as const;

/**
 * Step 1 of the login. Two fields: Mantine's single-field hook (useField) instead of useForm keeps the first
 * screen light (bundle-budget.ts); the contract's schema still decides what is valid, as in every form.
 */
export function CredentialsStep({ onSubmit }: { onSubmit?: () => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const email = useField({ initialValue: '' });
  const password = useField({ initialValue: '' });
  // The e-mail as typed once the field is left: the single sign-on lookup follows it, not every keystroke.
  const [typedEmail, setTypedEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { email: email.getValue(), password: password.getValue() };
    setTypedEmail(values.email.trim());
    const errors = schemaValidator(loginInputSchema, t)(values);
    email.setError(errors.email ?? null);
    password.setError(errors.password ?? null);
    if (Object.keys(errors).length > 0) return;
    onSubmit?.();
    login.mutate(values, { onError: (error) => !isKnownError(error, loginErrors) && notifyApiError(error) });
  };
  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form noValidate onSubmit={submit}>
        <Stack>
          <KnownErrorAlert error={login.error} codes={loginErrors} />
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            required
            {...email.getInputProps()}
            onBlur={() => setTypedEmail(email.getValue().trim())}
          />
          <SsoEntry email={typedEmail} loginError={login.error} />
          <PasswordInput label={t('fields.password')} autoComplete="current-password" required {...password.getInputProps()} />
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot" size="sm">
              {t('login.forgot')}
            </Anchor>
            <Button type="submit" loading={login.isPending}>
              {t('login.submit')}
            </Button>
          </Group>
          <Suspense fallback={null}>
            <PasskeyLogin />
          </Suspense>
          <Text size="sm" ta="center">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to="/signup">
              {t('login.signUp')}
            </Anchor>
          </Text>
          <Anchor component={Link} to="/verify" size="sm" ta="center">
            {t('login.verify')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
