import type { OrderStatus } from '@paraphe/contracts';
export const viewPath = (id: string) => `/batches/view/${id}`;

/** Per cent of the orders completed (the list's column). */
export const percentCompleted = (o: { orderCount: number; counts: Record<OrderStatus, number> }) =>
  o.orderCount ? Math.round((o.counts.completed / o.orderCount) * 100) : 0;

/** "1 h 05 min", "3 min", "40 s": the time left at the measured rate. */
export function formatEta(seconds: number | null): string | null {
  if (seconds === null || seconds <= 0) return null;
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
