import { notifications, notificationsStore } from '@mantine/notifications';
import { i18n } from '../i18n/i18n.ts';
import { tokenManager } from './client.ts';
import { apiErrorToastKey, createToastDeduper, toastDurationMs, toastLimit, toastPosition, type ToastKind } from './toasts.ts';

const colors: Record<ToastKind, string> = { error: 'red', success: 'green', info: 'blue' };

// The store queues toasts before ToastHost (loaded with the first one) is there: it needs the limit now.
notificationsStore.updateState((state) => ({ ...state, limit: toastLimit, defaultPosition: toastPosition }));

const deduper = createToastDeduper(({ message, kind, onClose }) => {
  notifications.show({ message, color: colors[kind], autoClose: toastDurationMs, onClose, withBorder: true });
});

export function notify(message: string, kind: ToastKind = 'info'): void {
  deduper.notify(message, kind);
}

/** A failed call nobody else reports: the toast apiErrorToastKey chooses (none while logging out). */
export function notifyApiError(error: unknown): void {
  if (tokenManager.isLoggingOut()) return;
  const key = apiErrorToastKey(error);
  if (key) deduper.notify(i18n.t(key), 'error');
}
