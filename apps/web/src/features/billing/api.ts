import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints, webhookEndpoints, type BillingProfileInput, type ConsumptionQuery, type PriceListInput } from '@paraphe/contracts';
import { callEndpoint, downloadEndpoint } from '../../shared/api/endpoints.ts';
import { paymentsQueryKey } from '../payments/index.ts';
import { sessionQueryKey } from '../auth/index.ts';

const billingKey = ['billing'] as const;

/** `quiet`: read for a hint (the live-mode warning), whose failure is no news worth a toast. */
export function useBillingProfile({ enabled = true, quiet = false }: { enabled?: boolean; quiet?: boolean } = {}) {
  return useQuery({
    queryKey: [...billingKey, 'profile'],
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.getProfile, { signal }).then((r) => r.data),
    enabled,
    meta: { silentErrors: quiet },
  });
}

export function useSaveBillingProfile() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: BillingProfileInput) => callEndpoint(billingEndpoints.saveProfile, { body: input }).then((r) => r.data),
    onSuccess: (state) => {
      client.setQueryData([...billingKey, 'profile'], state);
      // Adding a payment method needs a complete profile: the payment methods panel asks again.
      void client.invalidateQueries({ queryKey: paymentsQueryKey });
      // A complete profile is what going live needs: the Live mode panel asks again.
      void client.invalidateQueries({ queryKey: [...billingKey, 'live-mode'] });
    },
  });
}

export function useConsumption(query: ConsumptionQuery) {
  return useQuery({
    queryKey: [...billingKey, 'conso', query],
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.consumption, { query, signal }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });
}

export function useUserConsumption(userId: string | null, query: ConsumptionQuery) {
  return useQuery({
    queryKey: [...billingKey, 'conso', 'user', userId, query],
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.userConsumption, { params: { userId: userId ?? '' }, query, signal }).then((r) => r.data),
    enabled: !!userId,
  });
}

export const exportConsumption = (query: ConsumptionQuery) =>
  downloadEndpoint(billingEndpoints.exportConsumption, { query }, `consumption-${query.from}-${query.to}.xlsx`);

// ----- Product administrator: a tenant's prices -----

const pricesKey = (appId: string) => [...billingKey, 'prices', appId] as const;

export function useTenantPrices(appId: string) {
  return useQuery({
    queryKey: pricesKey(appId),
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.adminPrices, { params: { id: appId }, signal }).then((r) => r.data),
  });
}

export function useSaveTenantPrices(appId: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (input: PriceListInput | null) =>
      input
        ? callEndpoint(billingEndpoints.setAdminPrices, { params: { id: appId }, body: input }).then((r) => r.data)
        : callEndpoint(billingEndpoints.resetAdminPrices, { params: { id: appId } }).then(() => undefined),
    onSuccess: () => client.invalidateQueries({ queryKey: pricesKey(appId) }),
  });
}

/** Going live (docs/billing.md): the state, and the director's switch; the session's mode (banner, me) follows. */
export function useLiveMode() {
  return useQuery({ queryKey: [...billingKey, 'live-mode'], queryFn: ({ signal }) => callEndpoint(billingEndpoints.liveMode, { signal }).then((r) => r.data) });
}
export function useGoLive() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: () => callEndpoint(billingEndpoints.goLive, { body: { confirm: true } }).then((r) => r.data),
    onSuccess: (state) => {
      client.setQueryData([...billingKey, 'live-mode'], state);
      return client.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
/** The tenant's webhook endpoints that stop in live mode (http://): the confirmation lists them. */
export function useInsecureWebhooks(enabled: boolean) {
  return useQuery({
    queryKey: ['webhooks', 'endpoints', 'insecure'],
    enabled,
    queryFn: ({ signal }) => callEndpoint(webhookEndpoints.list, { signal }).then((r) => r.data.filter((e) => e.url.toLowerCase().startsWith('http://'))),
  });
}
