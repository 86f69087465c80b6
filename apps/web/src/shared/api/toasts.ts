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
