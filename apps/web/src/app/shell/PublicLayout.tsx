import { Anchor, Box, Container, Group, Image } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useHostBranding } from '../../shared/branding/publicBranding.ts';
import { LanguageMenu } from '../../shared/i18n/LanguageMenu.tsx';

/** Layout of the screens reachable without a session (login, sign-up, password, 403, 404…). */
export function PublicLayout() {
  // On a tenant's own domain, its name (and logo) instead of the product's.
  const tenant = useHostBranding();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Group justify="space-between" px="md" py="sm" className="public-header">
        {/* The product's name is the page's top heading; each form's title (AuthCard) is an h2 under it. */}
        <Box component="h1" m={0} fz="h3" lh={1.3}>
          <Anchor component={Link} to="/" underline="never" fw={700} fz="h3">
            <Group gap="sm" component="span">
              {tenant?.logoUrl && <Image src={tenant.logoUrl} alt="" h={32} w="auto" fit="contain" />}
              {tenant ? tenant.company : 'Paraphe'}
            </Group>
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
