import { useEffect, useState } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { emailSchema, ssoEndpoints, ssoErrorCodes } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { callEndpoint } from '../../../shared/api/endpoints.ts';

type Provider = { name: string; startUrl: string };

/**
 * The login page's single sign-on (docs/sso.md "Which tenant"): once the e-mail is typed, its domain is looked up;
 * a domain whose tenant signs in with its identity provider gets "Log in with <provider>", a plain link to the
 * tenant's start address (the server sends the browser on to the provider). A password refused with SSO_REQUIRED
 * offers the same. Back from a refused SSO login (`?sso=<reason>`), the reason is shown.
 */
export function SsoEntry({ email, loginError }: { email: string; loginError: unknown }) {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const [found, setFound] = useState<Provider | null>(null);
  useEffect(() => {
    setFound(null);
    if (!emailSchema.safeParse(email).success) return;
    const controller = new AbortController();
    callEndpoint(ssoEndpoints.discover, { body: { email }, signal: controller.signal })
      .then((answer) => setFound(answer.data.provider))
      .catch(() => undefined);
    return () => controller.abort();
  }, [email]);
  const refused = loginError instanceof ApiError && loginError.code === 'SSO_REQUIRED' ? loginError.details : undefined;
  const provider = found ?? (refused && typeof refused.startUrl === 'string' ? { name: String(refused.providerName ?? ''), startUrl: refused.startUrl } : null);
  const reason = searchParams.get('sso');
  const known = ssoErrorCodes.find((code) => code === reason);
  return (
    <>
      {known && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {t(`sso.errors.${known}`)}
        </Alert>
      )}
      {provider && (
        <Button component="a" href={provider.startUrl} variant="light" leftSection={<IconKey size={18} />} fullWidth>
          {t('sso.loginWith', { name: provider.name })}
        </Button>
      )}
    </>
  );
}
