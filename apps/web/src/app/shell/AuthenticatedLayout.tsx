import { Suspense, useEffect } from 'react';
import { Anchor, AppShell, Button, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Me } from '@paraphe/contracts';
import { MeContext, PendingTermsGate, logout, rememberReturnPath, sessionQuery } from '../../features/auth/index.ts';
import { applyLanguage, commonNamespace, layoutNamespace } from '../../shared/i18n/i18n.ts';
import { pickLanguage } from '../../shared/i18n/language.ts';
import { AppHeader } from './AppHeader.tsx';
import { Banners } from './Banners.tsx';
import { MessagePage } from '../../shared/ui/MessagePage.tsx';
import { NavMenu } from './NavMenu.tsx';
import { useTenantThemeColor } from '../../shared/theme/ThemeColor.tsx';
import { useSpecialStyle } from './specialStyle.ts';
import { RouteGuard } from './Guarded.tsx';
import { ScreenLoader } from './ScreenLoader.tsx';
import { usePrefetchScreens } from './usePrefetchScreens.ts';

/**
 * The guard of every authenticated route: no session → login (remembering the asked path); then the shell
 * (header, navigation, banners, the confirmation dialogs) around the screen, whose access RouteGuard checks.
 */
export function AuthenticatedLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useQuery(sessionQuery);

  if (session.isPending) {
    return (
      <Center h="100vh">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (session.isError) {
    return <MessagePage title={t('errors.generic')} action={<Button onClick={() => void session.refetch()}>{t('common.retry')}</Button>} />;
  }
  if (session.data.kind !== 'ready') {
    rememberReturnPath(sessionStorage, location.pathname, location.search);
    return <Navigate to="/" replace />;
  }
  return <AuthenticatedShell me={session.data.me} />;
}

function AuthenticatedShell({ me }: { me: Me }) {
  // Suspends until the shell's texts are loaded (the login page does without them).
  const { t } = useTranslation([commonNamespace, layoutNamespace]);
  const [navOpened, nav] = useDisclosure(false);
  const special = useSpecialStyle();
  // The user's own language (users.language: the profile, the language menu and an administrator's edit all write
  // it) wins over the browser's. Not the copy in additionnalData.theme.lang: an edit of the profile or by an
  // administrator leaves it stale, and it used to win. While an administrator acts as another user (commuted
  // mode), the interface stays in the administrator's language and their choices are not saved on that user.
  const language = pickLanguage(me.user.language, typeof navigator === 'undefined' ? [] : navigator.languages);
  const commuted = me.commutedBy !== null;
  useTenantThemeColor(me.application.themeColor);
  usePrefetchScreens(me);
  useEffect(() => {
    if (!commuted) applyLanguage(language);
  }, [language, commuted]);

  if (!me.application.enabled) {
    return (
      <MessagePage
        icon={<IconLock size={40} />}
        title={t('suspended.title')}
        text={t('suspended.text')}
        action={
          <>
            {me.supportEmail && (
              <Anchor href={`mailto:${me.supportEmail}`} fw={500}>
                {t('suspended.contact', { email: me.supportEmail })}
              </Anchor>
            )}
            <Button onClick={() => void logout()}>{t('shell.logout')}</Button>
          </>
        }
      />
    );
  }
  return (
    <MeContext.Provider value={me}>
      <ModalsProvider>
        <AppShell header={{ height: special ? 44 : 60 }} navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding="md">
          <AppShell.Header className="app-header">
            <AppHeader navOpened={navOpened} onToggleNav={nav.toggle} />
          </AppShell.Header>
          <AppShell.Navbar p="xs" aria-label={t('shell.navigation')}>
            <NavMenu onNavigate={nav.close} />
          </AppShell.Navbar>
          <AppShell.Main>
            <Banners />
            <Suspense fallback={null}>
              <PendingTermsGate />
            </Suspense>
            <Suspense fallback={<ScreenLoader />}>
              <RouteGuard>
                <Outlet />
              </RouteGuard>
            </Suspense>
          </AppShell.Main>
        </AppShell>
      </ModalsProvider>
    </MeContext.Provider>
  );
}
