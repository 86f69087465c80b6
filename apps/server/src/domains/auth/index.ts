// The auth domain's public surface: the module, and the session resolver the platform guard is given.
export { authModule } from './module.ts';
export { sessionResolver, sessionDays } from './service.ts';
export { sessionCookie, setSessionCookie } from './routes.ts';
/** Single sign-on's session (domains/sso): the identity provider authenticated the user. */
export { openSsoSession, refuseDuringMaintenance } from './external.ts';
