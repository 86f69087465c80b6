import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operationEndpoints, type OperationStatus, type OrderImportMapping, type OrderInput, type QueryIn } from '@paraphe/contracts';
import { callEndpoint, downloadEndpoint, postFormEndpoint } from '../../shared/api/endpoints.ts';
import { invitationPollMs, invitationsWaiting } from '../../shared/ui/invitationDelivery.ts';
import { liveAlong, liveViewPollMs, liveWhile } from '../../shared/api/liveQuery.ts';

const operationsKey = ['operations'] as const;
/** Being sent, then awaiting signatures: its open view is live (shared/api/liveQuery.ts). */
const following = (status: OperationStatus | undefined) => status === 'pending' || status === 'ready';

export type OperationsListQuery = QueryIn<typeof operationEndpoints.list>;
export type OrdersQuery = QueryIn<typeof operationEndpoints.orders>;

export function useOperationsList(query: OperationsListQuery) {
  return useQuery({
    queryKey: [...operationsKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(operationEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOperation(id: string) {
  return useQuery({
    queryKey: [...operationsKey, 'one', id],
    queryFn: async ({ signal }) => (await callEndpoint(operationEndpoints.get, { params: { id }, signal })).data,
    meta: { silentErrors: true },
    ...liveWhile((data: { status: OperationStatus }) => following(data.status)),
  });
}

export function useOperationStatistics(id: string, status: OperationStatus) {
  return useQuery({
    queryKey: [...operationsKey, 'one', id, 'statistics', status],
    queryFn: ({ signal }) => callEndpoint(operationEndpoints.statistics, { params: { id }, signal }).then((r) => r.data),
    enabled: status !== 'draft',
    // Invitations still waiting (the mail server refused or is away): read again until they are delivered or failed.
    ...liveAlong(following(status)),
    refetchInterval: (query) => (following(status) ? liveViewPollMs : invitationsWaiting(query.state.data?.invitations) ? invitationPollMs : false),
  });
}

export function useOrders(id: string, query: OrdersQuery, status: OperationStatus) {
  return useQuery({
    queryKey: [...operationsKey, 'one', id, 'orders', query, status],
    queryFn: ({ signal }) => callEndpoint(operationEndpoints.orders, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
    ...liveAlong(following(status)),
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: operationsKey });
}

/** GET ids: a new draft's id (the "new" screen opens it). */
export const newOperationId = async () => (await callEndpoint(operationEndpoints.newId)).data.id;

/** Saves a draft (the multipart parts of the contract, files join the pool); sends it with transactionRequest.send. */
export function useSaveOperation(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: (form: FormData) => postFormEndpoint(operationEndpoints.update, { id }, form).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** The view's commands; the operation is read again after each. */
export function useOperationCommand(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async (
      command:
        | { kind: 'status'; status: OperationStatus }
        | { kind: 'relaunch' | 'archive' | 'delete' }
        | { kind: 'deleteOrder' | 'cancelOrder'; orderId: string }
        | { kind: 'deleteDocument'; documentId: string }
        | { kind: 'addOrder'; order: OrderInput },
    ) => {
      const params = { id };
      switch (command.kind) {
        case 'status':
          return void (await callEndpoint(operationEndpoints.setStatus, { params, body: { status: command.status } }));
        case 'relaunch':
          return void (await callEndpoint(operationEndpoints.relaunch, { params }));
        case 'archive':
          return void (await callEndpoint(operationEndpoints.requestArchive, { params }));
        case 'delete':
          return void (await callEndpoint(operationEndpoints.delete, { params }));
        case 'deleteOrder':
          return void (await callEndpoint(operationEndpoints.deleteOrder, { params: { id, orderId: command.orderId } }));
        case 'cancelOrder':
          return void (await callEndpoint(operationEndpoints.patchOrder, { params: { id, orderId: command.orderId }, body: { status: 'canceled' } }));
        case 'deleteDocument':
          return void (await callEndpoint(operationEndpoints.deleteDocument, { params: { id, documentId: command.documentId } }));
        case 'addOrder': {
          const form = new FormData();
          form.append('appendOrders', JSON.stringify([command.order]));
          return void (await postFormEndpoint(operationEndpoints.update, params, form));
        }
      }
    },
    onSuccess: invalidate,
  });
}

/** Step 1 of the order import: the sheet's columns, the mapping proposed and its first rows (saves nothing). */
export function useImportColumns(id: string) {
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async ({ file, sheet }: { file: File; sheet?: string }) => {
      const form = new FormData();
      if (sheet) form.append('sheet', sheet);
      form.append('file', file, file.name);
      return (await postFormEndpoint(operationEndpoints.importColumns, { id }, form)).data;
    },
  });
}

/** Imports (preview: saves nothing) the orders of a spreadsheet with the mapping confirmed; answers the per-row report. */
export function useImportOrders(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { ownErrors: true },
    mutationFn: async ({
      file,
      preview,
      sheet,
      mapping,
      remember,
    }: {
      file: File;
      preview: boolean;
      sheet?: string;
      mapping: OrderImportMapping;
      remember: boolean;
    }) => {
      const form = new FormData();
      if (sheet) form.append('sheet', sheet);
      form.append('mapping', JSON.stringify(mapping));
      if (remember) form.append('rememberMapping', '1');
      form.append('file', file, file.name);
      return (await postFormEndpoint(operationEndpoints.importOrders, { id }, form, { query: { preview: preview ? '1' : '0' } })).data;
    },
    onSuccess: (_report, { preview }) => (preview ? undefined : invalidate()),
  });
}

/** Each resolves false when the server had nothing to give (204: no archive yet). */
export const downloads = {
  orders: (id: string, label: string) => downloadEndpoint(operationEndpoints.exportOrders, { params: { id } }, `${label}-orders.xlsx`),
  archive: (id: string, label: string) => downloadEndpoint(operationEndpoints.archive, { params: { id } }, `${label}.zip`),
  template: () => downloadEndpoint(operationEndpoints.importTemplate, {}, 'operation-orders-template.csv'),
};
