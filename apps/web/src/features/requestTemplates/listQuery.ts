import type { RequestTemplateListQuery } from '@paraphe/contracts';
import { templateVisibilities } from '@paraphe/contracts';
import { listQueryOf, oneOf, type ListParams } from '../../shared/list/listParams.ts';

export const templateFilterNames = ['state', 'visibility', 'mine'] as const;
export const templateStates = ['active', 'archived', 'all'] as const;

/** The list call's query from the address: state (active by default), visibility, mine only. */
export function templateListQuery(params: ListParams): RequestTemplateListQuery {
  const { state, visibility, mine } = params.filters;
  return listQueryOf(params, {
    state: oneOf(state, templateStates) ?? 'active',
    visibility: oneOf(visibility, templateVisibilities),
    mine: mine === '1' ? ('1' as const) : undefined,
  });
}

/** Whether the list shows fewer than "the active templates" (for its empty state's words). */
export function isTemplateListNarrowed(params: ListParams): boolean {
  const query = templateListQuery(params);
  return query.search !== undefined || query.state !== 'active' || query.visibility !== undefined || query.mine !== undefined;
}
