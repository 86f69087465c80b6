// The users domain's public surface: what other domains may use (never its repository).
export * from './accounts.ts';
export { sendAccountLink, consumeAccountLink, type AccountLinkKind } from './account-links.ts';
export { hashPassword, passwordMatches } from './passwords.ts';
export { presentUser } from './presenter.ts';
export { usersModule } from './module.ts';
/** The product administrator's actions on a tenant's users (application view, tab Users). */
export { listTenantUsers, resendInvitationAsAdmin, setUserActiveAsAdmin } from './tenant-admin.ts';
