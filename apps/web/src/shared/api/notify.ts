import { notifications, notificationsStore } from '@mantine/notifications';
import { i18n } from '../i18n/i18n.ts';
import { ApiError, isCancellation } from './apiError.ts';
import { isServiceUnavailable } from './availability.ts';
import { tokenManager } from './client.ts';
import { createToastDeduper, toastDurationMs, toastLimit, toastPosition, type ToastKind } from './toasts.ts';

const colors: Record<ToastKind, string> = { error: 'red', success: 'green', info: 'blue' };

// The store queues toasts before ToastHost (loaded with the first one) is there: it needs the limit now.
notificationsStore.updateState((state) => ({ ...state, limit: toastLimit, defaultPosition: toastPosition }));

const deduper = createToastDeduper(({ message, kind, onClose }) => {
  notifications.show({ message, color: colors[kind], autoClose: toastDurationMs, onClose, withBorder: true });
});

export function notify(message: string, kind: ToastKind = 'info'): void {
  deduper.notify(message, kind);
}

/**
 * Spec §8: a 403 shows the rights message, any other failure the generic one; a cancelled call is silent. An action
 * refused because the service is unavailable says so (nothing was saved; the banner counts down to the next try).
 */
export function notifyApiError(error: unknown): void {
  if (isCancellation(error) || tokenManager.isLoggingOut()) return;
  if (isServiceUnavailable(error)) {
    deduper.notify(i18n.t('unavailable.nothingSaved'), 'error');
    return;
  }
  const forbidden = error instanceof ApiError && error.status === 403;
  deduper.notify(i18n.t(forbidden ? 'errors.rights' : 'errors.generic'), 'error');
}
