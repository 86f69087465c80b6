import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhookEndpoints, type WebhookEndpointCreate, type WebhookEndpointUpdate } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';

const webhooksKey = ['webhooks'] as const;

export function useWebhookEndpoints() {
  return useQuery({ queryKey: [...webhooksKey, 'list'], queryFn: ({ signal }) => callEndpoint(webhookEndpoints.list, { signal }) });
}

/** The delivery log of an endpoint, newest first, a page of 20 at a time (keyset: `nextCursor`). */
export function useWebhookDeliveries(endpointId: string) {
  return useInfiniteQuery({
    queryKey: [...webhooksKey, 'deliveries', endpointId],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(webhookEndpoints.deliveries, { params: { id: endpointId }, query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Attempts happen in the background: the open log follows them.
    refetchInterval: 5_000,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: webhooksKey });
}

export function useCreateWebhookEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: WebhookEndpointCreate) => callEndpoint(webhookEndpoints.create, { body }), onSuccess: invalidate });
}

export function useUpdateWebhookEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookEndpointUpdate }) => callEndpoint(webhookEndpoints.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhookEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => callEndpoint(webhookEndpoints.delete, { params: { id } }), onSuccess: invalidate });
}

export function useRotateWebhookSecret() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => callEndpoint(webhookEndpoints.rotateSecret, { params: { id } }), onSuccess: invalidate });
}

export function useSendWebhookTest() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => callEndpoint(webhookEndpoints.sendTest, { params: { id } }), onSuccess: invalidate });
}

export function useReplayWebhookDelivery() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) => callEndpoint(webhookEndpoints.replay, { params: { id, deliveryId } }),
    onSuccess: invalidate,
  });
}
