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
 * Who vouches for a certificate: the platform's own CA; a tenant that imported exactly this certificate as its stamp
 * (`tenant-stamp`: recognised by its SHA-256 fingerprint, see `stampCertificate`); or nobody we know.
 */
export const trustSources = ['platform', 'tenant-stamp', 'unknown'] as const;
export const trustSourceSchema = z.enum(trustSources);
export type TrustSource = z.infer<typeof trustSourceSchema>;

export const verdictSchema = z.enum(['valid', 'invalid', 'indeterminate']);
export type Verdict = z.infer<typeof verdictSchema>;

/** One signature or document time-stamp of a PDF, as verified. */
export const verifiedSignatureSchema = z.object({
  type: z.enum(['signature', 'document-timestamp']),
  fieldName: z.string(),
  signerName: z.string().nullable(),
  /** The proven time (signature time-stamp, or the document time-stamp's), else the claimed one; ISO. */
  signedAt: z.string().nullable(),
  /** Whether signedAt is proven by a time-stamp. */
  timeProven: z.boolean(),
  /** PAdES baseline level (B-B, B-T, B-LT, B-LTA), null for other formats or broken signatures. */
  level: z.enum(['B-B', 'B-T', 'B-LT', 'B-LTA']).nullable(),
  integrity: z.boolean(),
  coversWholeDocument: z.boolean(),
  /** A later revision changed the pages (content, annotations other than signatures). */
  modifiedAfterSigning: z.boolean(),
  trustedBy: trustSourceSchema,
  /**
   * trustedBy `tenant-stamp`: "sealed with the certificate of <company> imported on <importedAt>; its own chain:
   * <issuer>". Nothing else of the tenant is disclosed.
   */
  stampCertificate: z.object({ company: z.string(), importedAt: z.string(), issuer: z.string() }).nullable(),
  revocation: z.enum(['good', 'revoked', 'unknown']),
  verdict: verdictSchema,
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
  tsa: z.string().nullable(),
  serial: z.string().nullable(),
  trustedBy: trustSourceSchema,
  verdict: verdictSchema,
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
