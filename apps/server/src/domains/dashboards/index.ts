// The dashboards domain's public surface (no other domain uses it).
export { dashboardsModule } from './module.ts';
