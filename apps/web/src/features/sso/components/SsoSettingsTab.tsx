import { Alert, Badge, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../shared/ui/CopyValueButton.tsx';
import { useSsoConfig } from '../api.ts';
import { SsoConfigForm } from './SsoConfigForm.tsx';

/** An address to register at the provider (or to hand out), with a copy button. */
function Address({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('sso');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
        <CopyValueButton value={value} copyLabel={t('copy')} copiedLabel={t('copied')} />
      </Group>
    </Stack>
  );
}

/**
 * Settings → Single sign-on (docs/sso.md): the tenant's OpenID Connect provider — the addresses to register there,
 * the client (its secret write-only), the e-mail domains it vouches for, who a first login creates, SSO only.
 */
export function SsoSettingsTab() {
  const { t } = useTranslation('sso');
  const config = useSsoConfig();
  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{t('title')}</Title>
          {config.data && (
            <Badge color={config.data.enabled ? 'green' : 'gray'} variant="light">
              {config.data.enabled ? t('state.enabled') : config.data.configured ? t('state.disabled') : t('state.none')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {config.isPending && <Loader size="sm" />}
        {config.isError && <Alert color="red">{t('loadFailed')}</Alert>}
        {config.data && (
          <>
            <Address label={t('redirectUri')} value={config.data.redirectUri} />
            <Address label={t('startUrl')} value={config.data.startUrl} />
            <SsoConfigForm config={config.data} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
