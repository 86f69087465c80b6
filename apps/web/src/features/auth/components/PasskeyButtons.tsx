import { Button, Divider, Stack } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { passkeyCanceled, passkeysSupported } from '../../../shared/webauthn.ts';
import { KnownErrorAlert, isKnownError } from './AuthCard.tsx';
import { usePasskeyAvailable, usePasskeyLogin, usePasskeySecondFactor } from '../passkeys.ts';

const passkeyErrors = ['PASSKEY_REJECTED', 'PASSWORDLESS_DISABLED', 'ACCOUNT_DISABLED', 'ACCOUNT_NOT_CONFIRMED', 'APPLICATION_SUSPENDED'] as const;
/** A closed dialog is no error; a refusal the screen knows is said in place; anything else is a toast. */
const report = (error: unknown) => !passkeyCanceled(error) && !isKnownError(error, passkeyErrors) && notifyApiError(error);

/** Step 2: "Use a passkey" next to the code, for an account that has one, in a browser that has the API. */
export function PasskeySecondFactor() {
  const { t } = useTranslation('auth');
  const supported = passkeysSupported();
  const available = usePasskeyAvailable(supported);
  const verify = usePasskeySecondFactor();
  if (!supported || !available.data) return null;
  return (
    <Stack gap="xs">
      <Divider label={t('passkey.or')} />
      <KnownErrorAlert error={verify.error} codes={passkeyErrors} />
      <Button
        variant="light"
        leftSection={<IconFingerprint size={18} />}
        loading={verify.isPending}
        onClick={() => verify.mutate(undefined, { onError: report })}
      >
        {t('passkey.useInstead')}
      </Button>
    </Stack>
  );
}

/** Step 1: a passkey alone, for the accounts whose tenant allows it (the server says so otherwise). */
export function PasskeyLogin() {
  const { t } = useTranslation('auth');
  const login = usePasskeyLogin();
  if (!passkeysSupported()) return null;
  return (
    <Stack gap="xs">
      <Divider label={t('passkey.or')} />
      <KnownErrorAlert error={login.error} codes={passkeyErrors} />
      <Button
        variant="light"
        leftSection={<IconFingerprint size={18} />}
        loading={login.isPending}
        onClick={() => login.mutate(undefined, { onError: report })}
      >
        {t('passkey.logIn')}
      </Button>
    </Stack>
  );
}
