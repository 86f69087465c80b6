import { useQuery } from '@tanstack/react-query';
import { customDomainEndpoints, type PublicBranding } from '@paraphe/contracts';
import { callEndpoint } from '../api/endpoints.ts';
import { useTenantThemeColor } from '../theme/ThemeColor.tsx';

/**
 * Before login, on a tenant's own verified domain (docs/white-label.md): its name, logo and colour; undefined on the
 * platform's host and any unknown name (the server answers the platform's default there). The colour is applied.
 */
export function useHostBranding(): PublicBranding | undefined {
  const branding = useQuery({
    queryKey: ['public-branding'],
    queryFn: ({ signal }) => callEndpoint(customDomainEndpoints.branding, { signal }).then((r) => r.data),
    staleTime: Infinity,
    meta: { silentErrors: true },
  });
  const tenant = branding.data?.tenant ? branding.data : undefined;
  useTenantThemeColor(tenant?.themeColor ?? undefined);
  return tenant;
}
