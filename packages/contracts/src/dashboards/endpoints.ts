import { defineEndpoints } from '../shared/endpoint.ts';
import { adminLiveResponse, adminOverviewResponse, homeDashboardResponse } from './schemas.ts';

/** The administrator's calls share the audience of the other administration screens. */
const admin = { audience: 'application', permission: 'admin.dashboard' } as const;

/** Spec §2 `home` (every profile) and `dashboardAdmin` (product administrator); docs/dashboards.md. */
export const dashboardEndpoints = defineEndpoints(['dashboards'], {
  // The `user` audience: the landing page needs no token beyond the one the app already holds for `/me`.
  home: {
    method: 'GET',
    path: '/api/dashboard/home',
    summary: "The home dashboard: this month's and 12 months' activity (the caller's team or the tenant), consumption, current campaign and mailing, 6 latest",
    auth: { audience: 'user', permission: 'dashboard.view' },
    responses: { 200: homeDashboardResponse },
  },
  adminLive: {
    method: 'GET',
    path: '/api/dashboard/admin/live',
    summary: 'Super dashboard, live part: background processes running, completed and failed; reminders and expiries on D, D+1, D+7',
    auth: admin,
    responses: { 200: adminLiveResponse },
  },
  adminOverview: {
    method: 'GET',
    path: '/api/dashboard/admin',
    summary: 'Super dashboard: tenants by activity this month and billed consumption excluding VAT per month',
    auth: admin,
    responses: { 200: adminOverviewResponse },
  },
});
