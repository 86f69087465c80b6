import { Anchor, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook, IconMailForward, IconSend, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accessVerdict, type Access } from '../../../shared/access.ts';
import { useMe } from '../../auth/index.ts';

/** The user guide (spec §2): static cards, each leading to where the step is done; only what the user may open. */
const steps: { key: string; path: string; access: Access; icon: typeof IconSend }[] = [
  { key: 'send', path: '/signatures/new', access: { permission: 'signatures.create' }, icon: IconSend },
  { key: 'follow', path: '/signatures/list', access: { permission: 'signatures.read' }, icon: IconMailForward },
  { key: 'campaigns', path: '/campaigns/list', access: { permission: 'campaigns.read' }, icon: IconUsersGroup },
  { key: 'help', path: '/help', access: { permission: 'dashboard.view' }, icon: IconBook },
];

export function GuideCards() {
  const { t } = useTranslation('dashboards');
  const me = useMe();
  const shown = steps.filter((s) => accessVerdict(me, s.access) === 'allowed');
  return (
    <Stack gap="xs">
      <Title order={3}>{t('guide.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {shown.map(({ key, path, icon: Icon }) => (
          <Paper key={key} withBorder p="md" radius="md">
            <Stack gap={6}>
              <ThemeIcon variant="light" size="lg" radius="md">
                <Icon size={20} />
              </ThemeIcon>
              <Anchor component={Link} to={path} fw={600}>
                {t(`guide.${key}.title`)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t(`guide.${key}.text`)}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
