import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook, IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** An empty address book invites to fill it: one contact by hand, or a whole spreadsheet. */
export function EmptyAddressBook({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('contacts');
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconAddressBook size={30} aria-hidden />
        </ThemeIcon>
        <Title order={3}>{t('empty.title')}</Title>
        <Text c="dimmed" ta="center" maw={520}>
          {t(canManage ? 'empty.text' : 'empty.textReadOnly')}
        </Text>
        {canManage && (
          <Group mt="sm">
            <Button component={Link} to="/phonebooks/new" leftSection={<IconPlus size={16} />}>
              {t('new')}
            </Button>
            <Button component={Link} to="/phonebooks/import" variant="light" leftSection={<IconFileImport size={16} />}>
              {t('import.action')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
