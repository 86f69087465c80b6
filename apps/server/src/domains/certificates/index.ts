// The certificates domain's public surface: the level-3 checks the signatures and signing domains use, and its module.
export { certificatesModule } from './module.ts';
export { signersWithoutQualifiedCertificate, qualifiedCredentialOf, authorizeQualifiedSignature, type QualifiedCredential } from './qualified-signing.ts';
/** Tests and operators' scripts: the daily lifecycle run at once. */
export { runCertificateLifecycle } from './activation.ts';
export type { RemoteSigningProvider, CredentialInfo } from './remote-signing.ts';
