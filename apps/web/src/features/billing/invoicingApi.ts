import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invoicingEndpoints as endpoints,
  type AdminSalesQuery,
  type FecInput,
  type IssuingCompanyInput,
  type SalesRange,
  type TenantSalesQuery,
} from '@paraphe/contracts';
import { callEndpoint, downloadEndpoint } from '../../shared/api/endpoints.ts';

/** Invoicing: the tenant's invoices, the administrator's sales, exports and accounts (docs/invoicing.md). */

const salesKey = ['billing', 'sales'] as const;
const issuersKey = ['billing', 'issuing-companies'] as const;

type TenantFilter = Pick<TenantSalesQuery, 'kind' | 'status'>;
/** `refreshEveryMs`: while a payment is on its way, the list follows it (the payment side answers asynchronously). */
export function useTenantInvoices(filter: TenantFilter, refreshEveryMs?: number) {
  return useInfiniteQuery({
    refetchInterval: refreshEveryMs ?? false,
    queryKey: [...salesKey, 'tenant', filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callEndpoint(endpoints.invoices, { query: { ...filter, limit: 20, cursor: pageParam }, signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

type AdminFilter = Partial<Omit<AdminSalesQuery, 'cursor' | 'limit'>>;
/** `refreshEveryMs`: while a run of delivery notes is under way (its jobs answer later), the list follows it. */
export function useAdminSales(filter: AdminFilter, refreshEveryMs?: number) {
  return useInfiniteQuery({
    refetchInterval: refreshEveryMs ?? false,
    queryKey: [...salesKey, 'admin', filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callEndpoint(endpoints.sales, { query: { ...filter, limit: 20, cursor: pageParam }, signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Actions change lists on both sides: every sales query is refreshed. */
function useSalesMutation<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ meta: { ownErrors: true }, mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: salesKey }) });
}

export const usePayInvoices = () => useSalesMutation((saleIds: string[]) => callEndpoint(endpoints.payInvoices, { body: { saleIds } }).then((r) => r.data));
export const useConvertNotes = () =>
  useSalesMutation((saleIds: string[]) => callEndpoint(endpoints.convert, { body: { saleIds } }).then((r) => r.data.invoices));
export const useCancelNote = () => useSalesMutation((id: string) => callEndpoint(endpoints.cancelNote, { params: { id } }).then((r) => r.data));
export const usePutToPayment = () => useSalesMutation((id: string) => callEndpoint(endpoints.putToPayment, { params: { id } }).then((r) => r.data));
export const useRunNotes = () =>
  useSalesMutation((input: { month: string } | { upTo: 'now' }) => callEndpoint(endpoints.runNotes, { body: input }).then((r) => r.data));

export const downloadInvoicePdf = (id: string, number: string, admin: boolean) =>
  admin
    ? downloadEndpoint(endpoints.salePdf, { params: { id } }, `${number}.pdf`)
    : downloadEndpoint(endpoints.invoicePdf, { params: { id } }, `${number}.pdf`);
export const exportTenantInvoices = (filter: TenantFilter) => downloadEndpoint(endpoints.exportInvoices, { query: filter }, 'invoices.xlsx');
export const exportSales = (range: SalesRange) => downloadEndpoint(endpoints.exportSales, { body: range }, `invoices-${range.from}-${range.to}.xlsx`);
export const archiveSales = (range: SalesRange) => downloadEndpoint(endpoints.archiveSales, { body: range }, `invoices-${range.from}-${range.to}.zip`);
export const downloadFec = (input: FecInput) => downloadEndpoint(endpoints.compta, { body: input }, 'FEC.txt');

export function useIssuingCompanies(enabled = true) {
  return useQuery({ queryKey: issuersKey, queryFn: ({ signal }) => callEndpoint(endpoints.issuingCompanies, { signal }).then((r) => r.data), enabled });
}

const accountKey = (appId: string | null) => ['billing', 'account', appId ?? 'mine'] as const;
/** The tenant's own account (appId null) or, for the administrator, a tenant's. */
export function useBillingAccount(appId: string | null) {
  return useQuery({
    queryKey: accountKey(appId),
    queryFn: ({ signal }) =>
      (appId ? callEndpoint(endpoints.adminAccount, { params: { id: appId }, signal }) : callEndpoint(endpoints.account, { signal })).then((r) => r.data),
  });
}
export function useSaveBillingAccount(appId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { issuingCompanyId?: string; autoPayment?: boolean }) =>
      (appId
        ? callEndpoint(endpoints.saveAdminAccount, { params: { id: appId }, body: change })
        : callEndpoint(endpoints.saveAccount, { body: { autoPayment: change.autoPayment ?? false } })
      ).then((r) => r.data),
    onSuccess: (account) => client.setQueryData(accountKey(appId), account),
  });
}

/** Creates (no id) or changes an issuing company; the list and every account showing its name are refreshed. */
export function useSaveIssuingCompany() {
  const client = useQueryClient();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: ({ id, input }: { id: string | null; input: IssuingCompanyInput }) =>
      (id ? callEndpoint(endpoints.saveIssuingCompany, { params: { id }, body: input }) : callEndpoint(endpoints.createIssuingCompany, { body: input })).then(
        (r) => r.data,
      ),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: issuersKey }), client.invalidateQueries({ queryKey: ['billing', 'account'] })]),
  });
}
export const useSetDisputed = () =>
  useSalesMutation(({ id, disputed, reason }: { id: string; disputed: boolean; reason?: string }) =>
    callEndpoint(endpoints.setDisputed, { params: { id }, body: { disputed, reason } }).then((r) => r.data),
  );
