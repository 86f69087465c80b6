import type { ReactNode } from 'react';
import { Alert, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customDomainEndpoints } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { callEndpoint } from '../../../shared/api/endpoints.ts';
import { useTenantThemeColor } from '../../../shared/theme/ThemeColor.tsx';

/**
 * On a tenant's own verified domain (docs/white-label.md) the public forms wear its name, logo and colour; the server
 * answers the platform's default (`tenant: false`) on its own host and on any unknown name.
 */
function HostBranding() {
  const branding = useQuery({
    queryKey: ['public-branding'],
    queryFn: ({ signal }) => callEndpoint(customDomainEndpoints.branding, { signal }).then((r) => r.data),
    staleTime: Infinity,
    meta: { silentErrors: true },
  });
  const tenant = branding.data?.tenant ? branding.data : undefined;
  useTenantThemeColor(tenant?.themeColor ?? undefined);
  if (!tenant) return null;
  return (
    <Group gap="sm">
      {tenant.logoUrl && <Image src={tenant.logoUrl} alt="" h={40} w="auto" fit="contain" />}
      <Text fw={600}>{tenant.company}</Text>
    </Group>
  );
}

/** Frame shared by the public forms (login, code, sign-up, password). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={480} mx="auto">
      <Stack>
        <HostBranding />
        <Title order={2}>{title}</Title>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** The message of an error code the screen knows (`errors.<CODE>`), or nothing. */
export function KnownErrorAlert({ error, codes }: { error: unknown; codes: readonly string[] }) {
  const { t } = useTranslation('auth');
  if (!(error instanceof ApiError) || !codes.includes(error.code)) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
      {t(`errors.${error.code}`)}
    </Alert>
  );
}

export function isKnownError(error: unknown, codes: readonly string[]): boolean {
  return error instanceof ApiError && codes.includes(error.code);
}
