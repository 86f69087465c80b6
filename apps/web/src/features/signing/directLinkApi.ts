import { useQuery } from '@tanstack/react-query';
import { directLinkEndpoints, type DirectLinkClaimInput } from '@paraphe/contracts';
import { isApiError } from '../../shared/api/apiError.ts';
import { callEndpoint } from '../../shared/api/endpoints.ts';
import { publicCall } from './publicFetch.ts';

/** A direct link's public calls (docs/templates.md, "Direct links"): no session, the slug in the path. */
export function useDirectLinkInfo(slug: string) {
  return useQuery({
    queryKey: ['direct-link', slug],
    queryFn: ({ signal }) => callEndpoint(directLinkEndpoints.info, { params: { slug }, signal, ...publicCall }).then((r) => r.data),
    retry: (failures, error) => !isApiError(error) && failures < 2,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    meta: { silentErrors: true }, // the page shows the failure itself
  });
}

export const claimDirectLink = (slug: string, body: DirectLinkClaimInput) =>
  callEndpoint(directLinkEndpoints.claim, { params: { slug }, body, ...publicCall }).then((r) => r.data);

export const verifyDirectLinkClaim = (slug: string, claimId: string, code: string) =>
  callEndpoint(directLinkEndpoints.verify, { params: { slug, claimId }, body: { code }, ...publicCall }).then((r) => r.data);
