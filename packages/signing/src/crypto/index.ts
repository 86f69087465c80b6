export * from './types.ts';
export {
  createCertificateAuthority,
  openCertificateAuthority,
  CertificateAuthority,
  ONE_TIME_VALIDITY_DAYS,
  ONE_TIME_MINIMUM_VALIDITY_DAYS,
} from './authority.ts';
export type {
  SealedAuthority,
  CreateAuthorityOptions,
  OpenAuthorityOptions,
  RevocationEntry,
  SignerCertificateRequest,
  SealCertificateRequest,
  TsaCertificateRequest,
  OneTimeCertificateOptions,
  OneTimeSignerCertificateRequest,
  OneTimeSealCertificateRequest,
} from './authority.ts';
export { withOneTimeIdentity } from './one-time.ts';
export type { OneTimeIdentity } from './one-time.ts';
export { buildSignatureCms } from './cms.ts';
export { createLocalTsa, buildTimestampRequest } from './tsa.ts';
export type { LocalTsa, LocalTsaOptions } from './tsa.ts';
export { sealIdentity, openIdentity } from './keystore.ts';
export type { EncryptionSecret, SealedIdentity } from './keystore.ts';
export { revocationReasons } from './crl.ts';
export type { RevocationReason } from './crl.ts';
export { toPem, fromPem } from './x509.ts';
export { OID, PARAPHE_ARC } from './oids.ts';
export { createRemoteTsaClient } from './tsa-client.ts';
export type { RemoteTsaOptions } from './tsa-client.ts';
export { loadPkcs12, maxPkcs12Iterations } from './pkcs12.ts';
export { verifyCmsSignature, verifyTimestampToken, describeCertificate, isOrganisationSeal } from './verify.ts';
export type { CertificateDescription, HashName, KeyUsageName } from './verify.ts';
export { verifyCertificateChain } from './chain.ts';
export type { ChainRequest } from './chain.ts';
export { signSha256Digest } from './algorithms.ts';
