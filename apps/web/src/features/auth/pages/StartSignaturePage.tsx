import { Button, Center, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileUpload, IconSend, IconSignature, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { rememberReturnPath } from '../returnPath.ts';
import { SessionWait, useLeaveWhenLoggedIn } from '../useLeaveWhenLoggedIn.tsx';

/** Where `#/new` leads once the visitor is known (docs/screens.md, "Public `new`"). */
export const newSignaturePath = '/signatures/new';

/**
 * `#/new` (spec §2, public layout, "signature creation"): the entry a company links from its own site or mails to
 * start a signature. A logged-in user goes straight to the new-signature screen; a visitor sees what it takes and
 * logs in or creates an account, and lands on that screen afterwards (the return path the login follows).
 */
const toNewSignature = () => newSignaturePath;

export function StartSignaturePage() {
  const { t } = useTranslation('auth');
  const { waiting } = useLeaveWhenLoggedIn(toNewSignature);
  if (waiting) return <SessionWait />;
  const comeBackAfterLogin = () => rememberReturnPath(sessionStorage, newSignaturePath, '');
  const step = (icon: React.ReactNode) => (
    <ThemeIcon variant="light" radius="xl" size="lg">
      {icon}
    </ThemeIcon>
  );
  return (
    <Center py="xl">
      <Paper withBorder p="xl" radius="md" maw={560} w="100%">
        <Stack>
          <Title order={2}>{t('start.title')}</Title>
          <Text c="dimmed">{t('start.text')}</Text>
          <List spacing="sm" center>
            <List.Item icon={step(<IconFileUpload size={18} />)}>{t('start.stepDocument')}</List.Item>
            <List.Item icon={step(<IconUsers size={18} />)}>{t('start.stepSigners')}</List.Item>
            <List.Item icon={step(<IconSend size={18} />)}>{t('start.stepSend')}</List.Item>
          </List>
          <Group grow>
            {/* A login waiting for its code continues on the login screen, which then comes back here. */}
            <Button component={Link} to="/" onClick={comeBackAfterLogin} leftSection={<IconSignature size={18} />}>
              {t('start.login')}
            </Button>
            <Button component={Link} to="/signup" onClick={comeBackAfterLogin} variant="light">
              {t('start.signUp')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('start.signerHint')}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
