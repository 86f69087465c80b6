import { z } from 'zod';
import { itemEnvelope, listEnvelope, listQuerySchema, uuidSchema } from '../shared/common.ts';

/**
 * Time-stamping of a file (spec §6 feature `timestamp`) and the verification of signed or time-stamped files
 * (docs/timestamps.md). A PDF gets a document time-stamp (PAdES, an incremental revision); any other file a detached
 * RFC 3161 token (.tsr) and a receipt PDF.
 */
export const fileTimestampKinds = ['pdf', 'detached'] as const;
export const fileTimestampKindSchema = z.enum(fileTimestampKinds);
export type FileTimestampKind = z.infer<typeof fileTimestampKindSchema>;

/** What a time-stamp produced, downloadable: the time-stamped PDF, or the token and its receipt. */
export const timestampOutputs = ['pdf', 'token', 'receipt'] as const;
export const timestampOutputSchema = z.enum(timestampOutputs);
export type TimestampOutput = z.infer<typeof timestampOutputSchema>;

export const fileTimestampSchema = z.object({
  id: uuidSchema,
  fileName: z.string(),
  sizeBytes: z.number().int(),
  /** SHA-256 of the file as uploaded, hex. */
  sha256: z.string(),
  kind: fileTimestampKindSchema,
  /** The time the TSA certified (genTime), ISO. */
  timestampedAt: z.string(),
  /** The TSA's certificate subject. */
  tsa: z.string(),
  /** The token's serial number, hex. */
  serial: z.string(),
  /** What may be downloaded. */
  outputs: z.array(timestampOutputSchema),
  userId: uuidSchema.nullable(),
  createdAt: z.string(),
});
export type FileTimestamp = z.infer<typeof fileTimestampSchema>;
export const fileTimestampResponse = itemEnvelope(fileTimestampSchema);
export const fileTimestampListResponse = listEnvelope(fileTimestampSchema);
export const fileTimestampListQuerySchema = listQuerySchema.pick({ limit: true, offset: true });

export const timestampDownloadParamsSchema = z.object({ id: uuidSchema, output: timestampOutputSchema });

/**
 * Who vouches for a certificate: the platform's own CA (a chain to its root), an authority the operator trusts
 * (`configured`: a chain to a root of TRUSTED_ROOTS_FILE, e.g. a qualified provider's), or nobody we trust (`unknown`:
 * a self-signed certificate, or an issuer we do not know — whatever names it carries).
 */
export const trustSources = ['platform', 'configured', 'unknown'] as const;
export const trustSourceSchema = z.enum(trustSources);
export type TrustSource = z.infer<typeof trustSourceSchema>;

export const verdictSchema = z.enum(['valid', 'invalid', 'indeterminate']);
export type Verdict = z.infer<typeof verdictSchema>;

/**
 * Whether the names in a certificate are confirmed: `confirmed` for a chain to a trusted root that checked them;
 * `declared` for a company seal of the platform CA whose name the product administrator has not verified (the CA
 * proves which account sealed, the name is the one that account typed); `unconfirmed` otherwise — the certificate
 * declares them, nobody we trust vouches for them (EU DSS: INDETERMINATE / NO_CERTIFICATE_CHAIN_FOUND).
 */
export const identityStatuses = ['confirmed', 'declared', 'unconfirmed'] as const;
export const identityStatusSchema = z.enum(identityStatuses);
export type IdentityStatus = z.infer<typeof identityStatusSchema>;

/**
 * How the time is known: `confirmed` by a valid time-stamp from a trusted authority; `unconfirmed`: a valid
 * time-stamp from an authority nobody we trust vouches for; `claimed`: the signer's own /M (or a broken time-stamp).
 */
export const timeStatuses = ['confirmed', 'unconfirmed', 'claimed'] as const;
export const timeStatusSchema = z.enum(timeStatuses);
export type TimeStatus = z.infer<typeof timeStatusSchema>;

/** Why a verdict is not `valid`, in ETSI EN 319 102-1's words (as the EU DSS reports them); null when valid. */
export const subIndications = [
  'FORMAT_FAILURE',
  'HASH_FAILURE',
  'REVOKED',
  'NO_SIGNING_CERTIFICATE_FOUND',
  'NO_CERTIFICATE_CHAIN_FOUND',
  'CERTIFICATE_CHAIN_GENERAL_FAILURE',
  'TRY_LATER',
  'NO_POE',
] as const;
export const subIndicationSchema = z.enum(subIndications);
export type SubIndication = z.infer<typeof subIndicationSchema>;

/**
 * The tenant that imported the signing certificate as its stamp (recognised by the certificate's SHA-256
 * fingerprint), as the platform knows its customer: the legal name and registration number of its billing profile
 * (`billing-profile`: their form and check digit are checked, the registry is not asked), else the account's name
 * (`account`). This, not the certificate's own names, is who an unconfirmed seal is attributed to.
 */
export const certificateImporterSchema = z.object({
  company: z.string(),
  registrationNumber: z.string().nullable(),
  country: z.string().nullable(),
  source: z.enum(['billing-profile', 'account']),
  importedAt: z.string(),
  /** The certificate's issuer as the certificate declares it. */
  issuer: z.string(),
});
export type CertificateImporter = z.infer<typeof certificateImporterSchema>;

/**
 * The account a platform-CA company seal was made for, when its name is only declared (`identity: declared`): the
 * tenant as the platform knows it (billing profile, else account name, as `importedBy`). Null when the platform
 * keeps no record of which account the certificate was issued to (a one-time seal of a simple signature).
 */
export const declaringAccountSchema = certificateImporterSchema.pick({ company: true, registrationNumber: true, country: true, source: true });
export type DeclaringAccount = z.infer<typeof declaringAccountSchema>;

/** One signature or document time-stamp of a PDF, as verified. */
export const verifiedSignatureSchema = z.object({
  type: z.enum(['signature', 'document-timestamp']),
  fieldName: z.string(),
  /**
   * Who signed (for a document time-stamp: its authority), as confirmed by a trusted authority: the certificate's name
   * when `identity` is `confirmed`; null otherwise — see `importedBy` and `declaredName`.
   */
  signerName: z.string().nullable(),
  identity: identityStatusSchema,
  /** The name the certificate gives itself (CN), confirmed only when `identity` is `confirmed`. */
  declaredName: z.string().nullable(),
  /** An unconfirmed certificate a tenant imported as its stamp: that tenant, the headline of the signature. */
  importedBy: certificateImporterSchema.nullable(),
  /** A platform-CA seal whose name is only declared: the account it was made for, when known. */
  declaredBy: declaringAccountSchema.nullable(),
  /** The time-stamp's time (signature time-stamp, or the document time-stamp's) when the token verifies, else the claimed /M; ISO. */
  signedAt: z.string().nullable(),
  /** `time` is `confirmed`. */
  timeProven: z.boolean(),
  time: timeStatusSchema,
  /** PAdES baseline level (B-B, B-T, B-LT, B-LTA), null for other formats or broken signatures. */
  level: z.enum(['B-B', 'B-T', 'B-LT', 'B-LTA']).nullable(),
  integrity: z.boolean(),
  coversWholeDocument: z.boolean(),
  /** A later revision changed the pages (content, annotations other than signatures). */
  modifiedAfterSigning: z.boolean(),
  trustedBy: trustSourceSchema,
  revocation: z.enum(['good', 'revoked', 'unknown']),
  verdict: verdictSchema,
  subIndication: subIndicationSchema.nullable(),
  errors: z.array(z.string()),
});
export type VerifiedSignature = z.infer<typeof verifiedSignatureSchema>;

/** A detached RFC 3161 token checked against a file. */
export const verifiedTokenSchema = z.object({
  /** The token's message imprint is this file's digest. */
  coversFile: z.boolean(),
  /** The token's own signature, ESS certificate and TSA usage verify. */
  integrity: z.boolean(),
  timestampedAt: z.string().nullable(),
  /** The authority's name as its certificate declares it; confirmed only when `identity` is `confirmed`. */
  tsa: z.string().nullable(),
  identity: identityStatusSchema,
  /** `confirmed` only for a valid token from a trusted authority. */
  time: timeStatusSchema,
  serial: z.string().nullable(),
  trustedBy: trustSourceSchema,
  verdict: verdictSchema,
  subIndication: subIndicationSchema.nullable(),
  errors: z.array(z.string()),
});
export type VerifiedToken = z.infer<typeof verifiedTokenSchema>;

export const verificationReportSchema = z.object({
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  /** `pdf`: the PDF's own signatures and time-stamps; `token`: the file against a detached token. */
  kind: z.enum(['pdf', 'token']),
  verdict: verdictSchema,
  signatures: z.array(verifiedSignatureSchema),
  token: verifiedTokenSchema.nullable(),
  /** Revisions of a PDF (an incremental update each). */
  revisions: z.number().int().nullable(),
  errors: z.array(z.string()),
});
export type VerificationReport = z.infer<typeof verificationReportSchema>;
export const verificationReportResponse = itemEnvelope(verificationReportSchema);
