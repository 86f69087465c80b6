// Everything of the certificates feature the app loads on demand, in one chunk (the login route's budget).
export { MyCertificatePage } from './pages/MyCertificatePage.tsx';
export { CertificateQueuePage } from './pages/CertificateQueuePage.tsx';
