// The pki domain's public surface: the trust services other domains sign with, and its module.
export { trustServices, TrustServices, RENEW_BEFORE_MS, type TrustServicesOptions, type SignerIdentityRequest } from './service.ts';
export { pkiModule } from './module.ts';
