import { ActionIcon, Burger, Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconHelp, IconLogout, IconUser, IconUserCircle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout, useMe } from '../../features/auth/index.ts';
import { HeaderSearchBox } from '../../features/search/index.ts';
import { accessVerdict } from '../../shared/access.ts';
import { useSaveInterfaceLanguage } from '../../shared/api/preferences.ts';
import { LanguageMenu } from '../../shared/i18n/LanguageMenu.tsx';

type AppHeaderProps = { navOpened: boolean; onToggleNav: () => void };

/** Tenant name, the search box, help, language switcher and the user menu (profile, logout). */
export function AppHeader({ navOpened, onToggleNav }: AppHeaderProps) {
  const { t } = useTranslation();
  const me = useMe();
  const saveLanguage = useSaveInterfaceLanguage();
  const { pathname } = useLocation();
  const maySearch = accessVerdict(me, { permission: 'signatures.read' }) === 'allowed';
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label={t('shell.toggleNavigation')} />
        {/* The tenant's name is the page's top heading; every screen's title is an h2 under it. */}
        <Text component="h1" m={0} fz="md" fw={700} truncate="end" className="tenant-name">
          {me.application.company}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        {maySearch && (
          <Group visibleFrom="md">
            <HeaderSearchBox />
          </Group>
        )}
        <ActionIcon
          component={Link}
          to={`/help?from=${encodeURIComponent(pathname)}`}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('shell.help')}
          title={t('shell.help')}
        >
          <IconHelp size={20} />
        </ActionIcon>
        <LanguageMenu onPick={me.commutedBy ? undefined : (locale) => saveLanguage.mutate(locale)} />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="subtle"
              color="gray"
              px="xs"
              leftSection={<IconUserCircle size={20} />}
              rightSection={<IconChevronDown size={14} />}
              // The name shown (from the sm breakpoint) is part of the accessible name (WCAG 2.5.3 "label in name").
              aria-label={`${t('shell.userMenu')}: ${me.user.firstName} ${me.user.lastName}`}
            >
              <Text size="sm" truncate="end" maw={160} visibleFrom="sm">
                {me.user.firstName} {me.user.lastName}
              </Text>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{me.user.email}</Menu.Label>
            <Menu.Item component={Link} to="/settings/profile" leftSection={<IconUser size={16} />}>
              {t('nav.profile')}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
              {t('shell.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
