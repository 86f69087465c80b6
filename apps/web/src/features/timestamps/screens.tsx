// Everything of the timestamps feature the app loads on demand, in one chunk (the login route's budget).
export { TimestampPage } from './pages/TimestampPage.tsx';
export { VerifyPage } from './pages/VerifyPage.tsx';
