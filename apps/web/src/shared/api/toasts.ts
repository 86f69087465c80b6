import { ApiError, isCancellation } from './apiError.ts';
import { isServiceUnavailable } from './availability.ts';

/** Spec §8: toasts are deduplicated by content, at most 10 shown, 4.5 seconds each. */
export const toastLimit = 10;
export const toastDurationMs = 4500;
export const toastPosition = 'top-right' as const;

export type ToastKind = 'error' | 'success' | 'info';
export type ShowToast = (toast: { message: string; kind: ToastKind; onClose: () => void }) => void;

/**
 * Wraps a display function so the same text is never shown twice at once: a message is "active" from the
 * moment it is shown until the display reports it closed.
 */
export function createToastDeduper(show: ShowToast) {
  const active = new Set<string>();
  return {
    notify(message: string, kind: ToastKind = 'error'): boolean {
      const key = `${kind}\u0000${message}`;
      if (active.has(key)) return false;
      active.add(key);
      show({ message, kind, onClose: () => active.delete(key) });
      return true;
    },
    activeCount(): number {
      return active.size;
    },
  };
}

/**
 * Spec §8, the text of the toast for a failed call nobody else reports (an i18n key), or null for none: a cancelled
 * call is silent; maintenance too (the maintenance page replaces the screen and says it); an action refused because
 * the service is unavailable says nothing was saved; a 403 the rights message; any other failure the generic one.
 */
export function apiErrorToastKey(error: unknown): string | null {
  if (isCancellation(error)) return null;
  if (error instanceof ApiError && error.code === 'MAINTENANCE') return null;
  if (isServiceUnavailable(error)) return 'unavailable.nothingSaved';
  return error instanceof ApiError && error.status === 403 ? 'errors.rights' : 'errors.generic';
}
