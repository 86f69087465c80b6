// Everything of the dashboards the app loads on demand, in one chunk (with @mantine/charts): the login route's
// budget (scripts/bundle-budget.ts) has no room for them.
export { HomePage } from './pages/HomePage.tsx';
export { AdminDashboardPage } from './pages/AdminDashboardPage.tsx';
