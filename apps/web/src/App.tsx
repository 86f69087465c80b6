import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/queryClient.ts';
import { setSessionLostHandler } from './api/client.ts';
import { toastDurationMs, toastLimit } from './api/toasts.ts';
import { logout, setLogoutNavigator } from './auth/logout.ts';
import { ThemedProvider } from './shell/ThemeColor.tsx';
import { router } from './routes.tsx';

// A session the server no longer accepts (even after one token renewal) ends in a logout.
setSessionLostHandler(() => void logout());
setLogoutNavigator((path) => router.navigate(path, { replace: true }));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedProvider>
        <Notifications limit={toastLimit} autoClose={toastDurationMs} position="top-right" />
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </ThemedProvider>
    </QueryClientProvider>
  );
}
