// Everything of the payments feature the app loads on demand, in one chunk (the login route's budget).
export { PaymentMethodsPage } from './pages/PaymentMethodsPage.tsx';
export { PaymentsPage } from './pages/PaymentsPage.tsx';
export { AdminPaymentsPage } from './pages/AdminPaymentsPage.tsx';
export { PaymentMethodsPanel } from './components/PaymentMethodsPanel.tsx';
