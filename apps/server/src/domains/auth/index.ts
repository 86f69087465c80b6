// The auth domain's public surface: the module, and the session resolver the platform guard is given.
export { authModule } from './module.ts';
export { sessionResolver, sessionDays } from './service.ts';
export { sessionCookie } from './routes.ts';
