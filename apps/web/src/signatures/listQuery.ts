import { encodeSignatureFilter, signatureStatusSchema, type SignatureStatus } from '@paraphe/contracts';
import { listQueryOf, type ListParams } from '../common/listParams.ts';

/** The address keeps the status filter readable (`status=draft,ready`); unknown values are ignored. */
export function statusesOf(value: string | undefined): SignatureStatus[] {
  return (value ?? '').split(',').flatMap((s) => {
    const parsed = signatureStatusSchema.safeParse(s.trim());
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The query of GET /api/transactions (and of its xlsx export): the common list query, DESC, search from 3
 * characters, and the statuses as the base64 JSON `filter` the server expects.
 */
export function signatureListQuery(params: ListParams): Record<string, string | number | undefined> {
  const { status, ...otherFilters } = params.filters;
  const query = listQueryOf({ ...params, filters: otherFilters });
  const statuses = statusesOf(status);
  return statuses.length > 0 ? { ...query, filter: encodeSignatureFilter({ status: statuses }) } : query;
}

/** The export has every matching row, not one page. */
export function exportQueryOf(query: Record<string, string | number | undefined>): Record<string, string | number | undefined> {
  const { limit: _limit, offset: _offset, ...rest } = query;
  return rest;
}
