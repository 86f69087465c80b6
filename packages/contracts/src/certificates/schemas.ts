import { z } from 'zod';
import { itemEnvelope, listEnvelope, listQuerySchema, uuidSchema } from '../shared/common.ts';

/**
 * Qualified certificates (spec §3 "Qualified certificate", §4 statuses, §9 rules; docs/qualified.md): a personal
 * certificate for level-3 signatures, ordered by a back-office user, checked by the operator (product administrator).
 */
/** Spec §4: open (awaiting information, then awaiting the operator once submittedAt is set), verified (being activated), activated, rejected, expired. */
export const certificateStatuses = ['open', 'verified', 'activated', 'rejected', 'expired'] as const;
export const certificateStatusSchema = z.enum(certificateStatuses);
export type CertificateStatus = z.infer<typeof certificateStatusSchema>;

/** Spec §9: a qualified certificate is valid 4 years and covers 50 qualified signatures, then must be renewed. */
export const qualifiedCertificateRules = {
  validityDays: 4 * 365 + 1,
  maxSignatures: 50,
  /** Renewal is offered from this many days before expiry, or from this many signatures used. */
  renewalDaysBefore: 30,
  renewalFromSignatures: 45,
  /** Identity documents verified less than this many months ago may be reused by a renewal. */
  documentReuseMonths: 12,
} as const;

export const identityDocumentKinds = ['idFront', 'idBack', 'passport', 'selfie'] as const;
export const identityDocumentKindSchema = z.enum(identityDocumentKinds);
export type IdentityDocumentKind = z.infer<typeof identityDocumentKindSchema>;
/** 5 MB per identity document (a phone photo or a scan), PDF, JPEG or PNG checked on their first bytes. */
export const identityDocumentMaxBytes = 5 * 1024 * 1024;

export const identityDocumentSchema = z.object({
  id: uuidSchema,
  kind: identityDocumentKindSchema,
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type IdentityDocument = z.infer<typeof identityDocumentSchema>;

export const qualifiedCertificateSchema = z.object({
  id: uuidSchema,
  status: certificateStatusSchema,
  /** The holder (spec §3: email, full name, mobile). */
  userId: uuidSchema.nullable(),
  email: z.string(),
  fullName: z.string(),
  mobile: z.string(),
  requestedAt: z.string(),
  submittedAt: z.string().nullable(),
  readyAt: z.string().nullable(),
  refusedAt: z.string().nullable(),
  refusalReason: z.string().nullable(),
  expiresAt: z.string().nullable(),
  expiredAt: z.string().nullable(),
  /** 'date' (notAfter passed) or 'signatures' (the 50 are used: lifecycle "completed"). */
  endReason: z.enum(['date', 'signatures']).nullable(),
  serialNumber: z.string().nullable(),
  issuer: z.string().nullable(),
  /** 'local': the platform CA; 'csc': a remote QTSP over the CSC API. */
  provider: z.enum(['local', 'csc']),
  signaturesUsed: z.number().int(),
  signaturesLeft: z.number().int(),
  renewalDue: z.boolean(),
  renewsId: uuidSchema.nullable(),
  documents: z.array(identityDocumentSchema),
});
export type QualifiedCertificate = z.infer<typeof qualifiedCertificateSchema>;
export const qualifiedCertificateResponse = itemEnvelope(qualifiedCertificateSchema);
export const qualifiedCertificateListResponse = itemEnvelope(z.array(qualifiedCertificateSchema));

/** The operator's view: the tenant too. */
export const operatorCertificateSchema = qualifiedCertificateSchema.extend({ appId: uuidSchema, company: z.string() });
export type OperatorCertificate = z.infer<typeof operatorCertificateSchema>;
export const operatorCertificateResponse = itemEnvelope(operatorCertificateSchema);
export const operatorCertificateListResponse = listEnvelope(operatorCertificateSchema);
export const operatorCertificateListQuerySchema = listQuerySchema.extend({ status: certificateStatusSchema.optional() });

export const orderCertificateInputSchema = z.object({
  /** Renewing: the certificate this one replaces (its verified documents may be reused). */
  renewsId: uuidSchema.optional(),
});
export type OrderCertificateInput = z.input<typeof orderCertificateInputSchema>;

export const certificateDecisionInputSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('verify') }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(3, 'Give the reason of the refusal.').max(1000) }),
]);
export type CertificateDecisionInput = z.input<typeof certificateDecisionInputSchema>;

export const documentParamsSchema = z.object({ id: uuidSchema, docId: uuidSchema });
export const certificateFileQuerySchema = z.object({ format: z.enum(['pem', 'der']).default('pem') });

/** The signer check of the level-3 form: does this address hold an activated certificate usable now? */
export const signerCheckQuerySchema = z.object({ email: z.string().trim().toLowerCase().email().max(254) });
export const signerCheckSchema = z.object({
  email: z.string(),
  usable: z.boolean(),
  status: certificateStatusSchema.nullable(),
  signaturesLeft: z.number().int(),
  expiresAt: z.string().nullable(),
});
export type SignerCheck = z.infer<typeof signerCheckSchema>;
export const signerCheckResponse = itemEnvelope(signerCheckSchema);
