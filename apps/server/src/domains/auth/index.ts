// The auth domain's public surface: the module, the session resolver the platform guard is given, and what another
// way of proving who one is (passkeys) needs: the guarded request's session, a verified session, the second factor.
export { authModule } from './module.ts';
export { sessionResolver, sessionDays, sessionContextOf, assertMayLogIn, openVerifiedSession, completeSecondFactor, type SessionContext } from './service.ts';
export { sessionCookie, setSessionCookie } from './routes.ts';
/** Single sign-on's session (domains/sso): the identity provider authenticated the user. */
export { openSsoSession } from './external.ts';
export { refuseDuringMaintenance } from './service.ts';
