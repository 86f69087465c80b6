import { Suspense, lazy, useState } from 'react';
import { useNotifications } from '@mantine/notifications';
import { toastDurationMs, toastLimit, toastPosition } from './toasts.ts';

const Notifications = lazy(() => import('./ToastContainer.tsx'));

/**
 * Where toasts appear (Mantine Notifications). Its code is loaded with the first toast (notify.ts puts toasts
 * in Mantine's store, which it then shows): a screen that never shows one never downloads it.
 */
export function ToastHost() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={toastLimit} autoClose={toastDurationMs} position={toastPosition} />
    </Suspense>
  );
}
