import type { ReactNode } from 'react';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

type MessagePageProps = { title: string; text?: string; icon?: ReactNode; action?: ReactNode; homeLink?: boolean };

/** One full-width message (403, 404, feature not enabled, account suspended, logged out…). */
export function MessagePage({ title, text, icon, action, homeLink = false }: MessagePageProps) {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Paper withBorder p="xl" radius="md" maw={520} w="100%">
        <Stack align="center" ta="center">
          {icon}
          <Title order={2}>{title}</Title>
          {text && <Text c="dimmed">{text}</Text>}
          {action}
          {homeLink && (
            <Button component={Link} to="/home" variant="light">
              {t('common.backHome')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('forbidden.title')} text={t('forbidden.text')} homeLink />;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('notFound.title')} text={t('notFound.text')} homeLink />;
}

export function FeatureDisabledPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('featureDisabled.title')} text={t('featureDisabled.text')} homeLink />;
}
