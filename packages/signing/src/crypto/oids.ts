/**
 * Object identifiers used by the crypto layer.
 *
 * Paraphe's own identifiers live under a UUID arc (ITU-T X.667 / RFC 4122 §1: 2.25.<uuid as integer>), which needs
 * no registration and cannot collide: UUID 0e33328d-6035-40b8-a1ad-6632318c6e01. See docs/crypto.md.
 */
export const PARAPHE_ARC = '2.25.18875024402200135173095747549508955649';

export const OID = {
  // Paraphe policies
  policyAdvancedSimpleCertificate: `${PARAPHE_ARC}.1.2`, // signer certs: "advanced signature, simple certificate" (level 2)
  policySeal: `${PARAPHE_ARC}.1.3`, // organisation seal certs
  policyOneTimeSeal: `${PARAPHE_ARC}.1.4`, // one-time organisation certs, one per level-1 (simple) signature
  policyTimestamp: `${PARAPHE_ARC}.2.1`, // default TSA policy of the local TSA
  policyCa: `${PARAPHE_ARC}.1.1`, // CA certificates

  // algorithms
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha1WithRsa: '1.2.840.113549.1.1.5',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  sha512WithRsa: '1.2.840.113549.1.1.13',
  rsaPss: '1.2.840.113549.1.1.10',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  ecdsaWithSha384: '1.2.840.10045.4.3.3',
  ecdsaWithSha512: '1.2.840.10045.4.3.4',
  ed25519: '1.3.101.112',

  // names
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  locality: '2.5.4.7',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  givenName: '2.5.4.42',
  description: '2.5.4.13',
  organizationIdentifier: '2.5.4.97',
  emailAddress: '1.2.840.113549.1.9.1',

  // certificate extensions
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  crlNumber: '2.5.29.20',
  crlReason: '2.5.29.21',
  crlDistributionPoints: '2.5.29.31',
  certificatePolicies: '2.5.29.32',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  ocspNoCheck: '1.3.6.1.5.5.7.48.1.5',
  accessOcsp: '1.3.6.1.5.5.7.48.1',
  accessCaIssuers: '1.3.6.1.5.5.7.48.2',
  ekuEmailProtection: '1.3.6.1.5.5.7.3.4',
  ekuTimeStamping: '1.3.6.1.5.5.7.3.8',
  ekuOcspSigning: '1.3.6.1.5.5.7.3.9',

  // CMS / PKCS#9 / ESS
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  encryptedData: '1.2.840.113549.1.7.6',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',

  // OCSP
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNonce: '1.3.6.1.5.5.7.48.1.2',

  // PKCS#12
  keyBag: '1.2.840.113549.1.12.10.1.1',
  pkcs8ShroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  hmacWithSha1: '1.2.840.113549.2.7',
  hmacWithSha256: '1.2.840.113549.2.9',
  hmacWithSha384: '1.2.840.113549.2.10',
  hmacWithSha512: '1.2.840.113549.2.11',
  aes128Cbc: '2.16.840.1.101.3.4.1.2',
  aes192Cbc: '2.16.840.1.101.3.4.1.22',
  aes256Cbc: '2.16.840.1.101.3.4.1.42',
  pbeSha1And3DesCbc: '1.2.840.113549.1.12.1.3',
  pbeSha1And2DesCbc: '1.2.840.113549.1.12.1.4',
  pbeSha1And128BitRc2Cbc: '1.2.840.113549.1.12.1.5',
  pbeSha1And40BitRc2Cbc: '1.2.840.113549.1.12.1.6',
} as const;

/** Hash OIDs to node:crypto names (only what we accept). */
export const hashNames: Record<string, 'sha1' | 'sha256' | 'sha384' | 'sha512'> = {
  [OID.sha1]: 'sha1',
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

export const attributeNames: Record<string, string> = {
  [OID.commonName]: 'CN',
  [OID.surname]: 'SN',
  [OID.serialNumber]: 'serialNumber',
  [OID.country]: 'C',
  [OID.locality]: 'L',
  [OID.organization]: 'O',
  [OID.organizationalUnit]: 'OU',
  [OID.givenName]: 'GN',
  [OID.description]: 'description',
  [OID.organizationIdentifier]: 'organizationIdentifier',
  [OID.emailAddress]: 'emailAddress',
};
