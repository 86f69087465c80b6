// Everything of the stamps feature the app loads on demand, in one chunk (the login route's budget).
export { StampPage } from './pages/StampPage.tsx';
