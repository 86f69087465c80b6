import { useQuery } from '@tanstack/react-query';
import { dashboardEndpoints } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';

const dashboardsKey = ['dashboards'] as const;

/** The home's figures: refreshed each minute while the screen is open (they move with every request). */
export function useHomeDashboard() {
  return useQuery({
    queryKey: [...dashboardsKey, 'home'],
    queryFn: ({ signal }) => callEndpoint(dashboardEndpoints.home, { signal }).then((r) => r.data),
    refetchInterval: 60_000,
  });
}

/** The super dashboard's live part (spec §9 "admin live view"): every 5 seconds while the screen is shown. */
export function useAdminLive() {
  return useQuery({
    queryKey: [...dashboardsKey, 'admin', 'live'],
    queryFn: ({ signal }) => callEndpoint(dashboardEndpoints.adminLive, { signal }).then((r) => r.data),
    refetchInterval: 5_000,
  });
}

export function useAdminOverview() {
  return useQuery({
    queryKey: [...dashboardsKey, 'admin', 'overview'],
    queryFn: ({ signal }) => callEndpoint(dashboardEndpoints.adminOverview, { signal }).then((r) => r.data),
    refetchInterval: 60_000,
  });
}
