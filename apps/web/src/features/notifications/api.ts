import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints, type QueryIn } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';

const notificationsKey = ['notifications'] as const;

export type NotificationsListQuery = QueryIn<typeof notificationEndpoints.list>;

export function useNotificationsList(query: NotificationsListQuery) {
  return useQuery({
    queryKey: [...notificationsKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(notificationEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The unread count of `additionnalData.unread`, refreshed every minute (the navigation badge). */
export function useUnreadNotifications(enabled = true): number {
  const query = useQuery({
    queryKey: [...notificationsKey, 'unread'],
    queryFn: ({ signal }) => callEndpoint(notificationEndpoints.list, { query: { limit: 1, read: 'false' }, signal }),
    refetchInterval: 60_000,
    enabled,
    meta: { silentErrors: true },
  });
  const unread = query.data?.additionnalData?.unread;
  return typeof unread === 'number' ? unread : 0;
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: notificationsKey });
}

export function useMarkNotification() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => callEndpoint(notificationEndpoints.mark, { params: { id }, body: { read } }),
    onSuccess: invalidate,
  });
}

export function useMarkAllNotificationsRead() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => callEndpoint(notificationEndpoints.readAll),
    onSuccess: invalidate,
  });
}

export function useDeleteNotification() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(notificationEndpoints.delete, { params: { id } }),
    onSuccess: invalidate,
  });
}
