import { Anchor, Box, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { LanguageMenu } from '../../shared/i18n/LanguageMenu.tsx';

/** Layout of the screens reachable without a session (login, sign-up, password, 403, 404…). */
export function PublicLayout() {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Group justify="space-between" px="md" py="sm" className="public-header">
        {/* The product's name is the page's top heading; each form's title (AuthCard) is an h2 under it. */}
        <Box component="h1" m={0} fz="h3" lh={1.3}>
          <Anchor component={Link} to="/" underline="never" fw={700} fz="h3">
            Paraphe
          </Anchor>
        </Box>
        <LanguageMenu />
      </Group>
      <Container component="main" size="sm" py="lg">
        <Outlet />
      </Container>
    </Box>
  );
}
