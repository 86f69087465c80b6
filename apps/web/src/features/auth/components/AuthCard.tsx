import type { ReactNode } from 'react';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/apiError.ts';

/** Frame shared by the public forms (login, code, sign-up, password). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={480} mx="auto">
      <Stack>
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
