import { encodeSignatureFilter, signatureStatusSchema, type SignatureStatus } from '@paraphe/contracts';
import { listQueryOf, type BaseListQuery, type ListParams } from '../../shared/list/listParams.ts';

/** The address keeps the status filter readable (`status=draft,ready`); unknown values are ignored. */
export function statusesOf(value: string | undefined): SignatureStatus[] {
  return (value ?? '').split(',').flatMap((s) => {
    const parsed = signatureStatusSchema.safeParse(s.trim());
    return parsed.success ? [parsed.data] : [];
  });
}

export type SignatureListQuery = BaseListQuery & { filter?: string; cursor?: string };

/**
 * The query of the list call (and of its xlsx export): the common list query, DESC, search from 3
 * characters, and the statuses as the base64 JSON `filter` the server expects.
 */
export function signatureListQuery(params: ListParams): SignatureListQuery {
  const query = listQueryOf(params, {});
  const statuses = statusesOf(params.filters.status);
  return statuses.length > 0 ? { ...query, filter: encodeSignatureFilter({ status: statuses }) } : query;
}

/** The export has every matching row, not one page. */
export function exportQueryOf(query: SignatureListQuery): Omit<SignatureListQuery, 'limit' | 'offset' | 'cursor'> {
  const { limit: _limit, offset: _offset, cursor: _cursor, ...rest } = query;
  return rest;
}
