// The sso domain's public surface: its module (single sign-on, docs/sso.md). No other domain needs more of it.
export { ssoModule } from './module.ts';
