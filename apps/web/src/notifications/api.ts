import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationListResponse, notificationReadAllResponse, notificationResponse, okSchema } from '@paraphe/contracts';
import { apiRequest } from '../api/client.ts';

const notificationsKey = ['notifications'] as const;
const audience = 'notification' as const;

export function useNotificationsList(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: [...notificationsKey, 'list', query],
    queryFn: ({ signal }) => apiRequest('/api/notifications', notificationListResponse, { audience, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The unread count of `additionnalData.unread`, refreshed every minute (the navigation badge). */
export function useUnreadNotifications(enabled = true): number {
  const query = useQuery({
    queryKey: [...notificationsKey, 'unread'],
    queryFn: ({ signal }) => apiRequest('/api/notifications', notificationListResponse, { audience, query: { limit: 1, read: 'false' }, signal }),
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
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      apiRequest(`/api/notifications/${id}`, notificationResponse, { method: 'PUT', audience, body: { read } }),
    onSuccess: invalidate,
  });
}

export function useMarkAllNotificationsRead() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => apiRequest('/api/notifications/read-all', notificationReadAllResponse, { method: 'PUT', audience }),
    onSuccess: invalidate,
  });
}

export function useDeleteNotification() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/notifications/${id}`, okSchema, { method: 'DELETE', audience }),
    onSuccess: invalidate,
  });
}
