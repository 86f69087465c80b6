import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { languageTag, paymentEndpoints, type SepaReturnReason } from '@paraphe/contracts';
import { callEndpoint, downloadEndpoint } from '../../shared/api/endpoints.ts';

/** Every payments query starts with it: billing refreshes them when the billing profile (their prerequisite) changes. */
export const paymentsQueryKey = ['payments'] as const;
const key = paymentsQueryKey;

export function usePaymentMethods() {
  return useQuery({ queryKey: [...key, 'methods'], queryFn: ({ signal }) => callEndpoint(paymentEndpoints.methods, { signal }).then((r) => r.data) });
}
export function useMandateState(enabled: boolean) {
  return useQuery({ queryKey: [...key, 'sepa'], enabled, queryFn: ({ signal }) => callEndpoint(paymentEndpoints.sepaMandate, { signal }).then((r) => r.data) });
}
/** A page of the shared list (`PaginatedTable`): 1-based page, page size. */
type Page = { page: number; pageSize: number };
const pageQuery = ({ page, pageSize }: Page) => ({ limit: pageSize, offset: (page - 1) * pageSize });
export function useTenantPayments(page: Page) {
  return useQuery({
    queryKey: [...key, 'list', page],
    queryFn: ({ signal }) => callEndpoint(paymentEndpoints.payments, { query: pageQuery(page), signal }),
    placeholderData: (p) => p,
  });
}
export function useAdminPayments(page: Page) {
  return useQuery({
    queryKey: [...key, 'admin', page],
    queryFn: ({ signal }) => callEndpoint(paymentEndpoints.adminPayments, { query: pageQuery(page), signal }),
    placeholderData: (p) => p,
  });
}
export function useSepaOverview() {
  return useQuery({
    queryKey: [...key, 'admin', 'sepa'],
    queryFn: ({ signal }) => callEndpoint(paymentEndpoints.sepaOverview, { signal }).then((r) => r.data),
  });
}

/** Every payments mutation refreshes the feature's queries.: each caller says its own errors (an alert naming
 * the problem, e.g. a refund refused as too late, or notifyApiError), so no generic toast is added beside them. */
function usePaymentsMutation<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ meta: { ownErrors: true }, mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useStartCard = () => usePaymentsMutation(() => callEndpoint(paymentEndpoints.startCard, {}).then((r) => r.data));
export const useCardReturn = () =>
  usePaymentsMutation((sessionId: string) => callEndpoint(paymentEndpoints.cardReturn, { body: { sessionId } }).then((r) => r.data));
export const useSetDefaultCard = () => usePaymentsMutation((cardId: string) => callEndpoint(paymentEndpoints.setDefaultCard, { params: { cardId } }));
export const useDeleteCard = () => usePaymentsMutation((cardId: string) => callEndpoint(paymentEndpoints.deleteCard, { params: { cardId } }));
export const useSignMandate = () =>
  usePaymentsMutation((body: { password: string; textSha256: string }) => callEndpoint(paymentEndpoints.signSepaMandate, { body: { ...body, accept: true } }));
export const useRefreshPayment = () =>
  usePaymentsMutation((id: string) => callEndpoint(paymentEndpoints.refreshPayment, { params: { id } }).then((r) => r.data));
export const useRefund = () =>
  usePaymentsMutation((input: { saleId: string; amountCents: number; reason: string | null }) =>
    callEndpoint(paymentEndpoints.refund, { params: { saleId: input.saleId, amountCents: input.amountCents }, body: { reason: input.reason } }),
  );
export const useCreateBatch = () => usePaymentsMutation(() => callEndpoint(paymentEndpoints.createSepaBatch, {}));
export const useCollectBatch = () => usePaymentsMutation((id: string) => callEndpoint(paymentEndpoints.collectSepaBatch, { params: { id } }));
export const useRejectDebit = () =>
  usePaymentsMutation((input: { id: string; reasonCode: SepaReturnReason }) =>
    callEndpoint(paymentEndpoints.rejectSepaDebit, { params: { id: input.id }, body: { reasonCode: input.reasonCode } }),
  );

export const downloadMandate = () => downloadEndpoint(paymentEndpoints.sepaMandatePdf, {}, 'sepa-mandate.pdf');
export const downloadBatch = (id: string, messageId: string) => downloadEndpoint(paymentEndpoints.sepaBatchXml, { params: { id } }, `${messageId}.xml`);

export const formatEuros = (cents: number, language: string) =>
  new Intl.NumberFormat(languageTag(language), { style: 'currency', currency: 'EUR' }).format(cents / 100);
