import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { logout, setLogoutNavigator } from '../features/auth/index.ts';
import { setMaintenanceHandler, setSessionLostHandler } from '../shared/api/client.ts';
import { queryClient } from '../shared/api/queryClient.ts';
import { ToastHost } from '../shared/api/ToastHost.tsx';
import { ThemedProvider } from '../shared/theme/ThemeColor.tsx';
import { ServiceUnavailableBanner } from '../shared/ui/ServiceUnavailableBanner.tsx';
import { router } from './router.tsx';

// A session the server no longer accepts (even after one token renewal) ends in a logout.
setSessionLostHandler(() => void logout());
// Maintenance (503 MAINTENANCE on any call): the maintenance page, which comes back when it ends.
setMaintenanceHandler(() => {
  const { pathname, search } = router.state.location;
  if (pathname !== '/maintenance') void router.navigate('/maintenance', { replace: true, state: { from: `${pathname}${search}` } });
});
// flushSync: the logged-out page is on screen (the authenticated screens unmounted) before logout() drops the
// cached answers, even though that page's code is loaded lazily.
setLogoutNavigator((path) => router.navigate(path, { replace: true, flushSync: true }));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedProvider>
        <ToastHost />
        <ServiceUnavailableBanner />
        <RouterProvider router={router} />
      </ThemedProvider>
    </QueryClientProvider>
  );
}
