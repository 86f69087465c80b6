// The settings domain's public surface: its module, and the signing-provider credentials a user signs with.
export { settingsModule } from './module.ts';
export { effectiveCredentials, signatureDefaultsOf } from './service.ts';
