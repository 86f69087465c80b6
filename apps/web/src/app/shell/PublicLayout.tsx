import { Anchor, Box, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { LanguageMenu } from '../../shared/i18n/LanguageMenu.tsx';

/** Layout of the screens reachable without a session (login, sign-up, password, 403, 404…). */
export function PublicLayout() {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Group justify="space-between" px="md" py="sm" className="public-header">
        <Anchor component={Link} to="/" underline="never" fw={700} fz="h3">
          Paraphe
        </Anchor>
        <LanguageMenu />
      </Group>
      <Container size="sm" py="lg">
        <Outlet />
      </Container>
    </Box>
  );
}
