import { z } from 'zod';
import { itemEnvelope, listEnvelope, listQuerySchema, uuidSchema } from '../shared/common.ts';

/**
 * The stamp formats of the spec (§9), as the signing engine makes them (docs/stamps.md):
 * - PADES: PAdES baseline B-LTA (/SubFilter ETSI.CAdES.detached, DSS, document time-stamp);
 * - PADES-COMP: the "compatible" PAdES of older readers: /SubFilter adbe.pkcs7.detached carrying the CAdES
 *   attributes (signing-certificate-v2), extended to LTA the same way;
 * - ISO-32000-1: a plain ISO 32000-1 signature (adbe.pkcs7.detached, signing-time attribute) with its signature
 *   time-stamp, and nothing ISO 32000-1 does not know (no DSS, no document time-stamp).
 */
export const stampFormats = ['PADES', 'PADES-COMP', 'ISO-32000-1'] as const;
export const stampFormatSchema = z.enum(stampFormats);
export type StampFormat = z.infer<typeof stampFormatSchema>;

/** 'imported': the tenant's own certificate (PKCS#12); 'builtin': issued by the platform CA for the company. */
export const stampAccountSources = ['imported', 'builtin'] as const;
export type StampAccountSource = (typeof stampAccountSources)[number];

/** At most this many seals on one upload (multi-stamp feature; one without it). */
export const maxSealsPerFile = 10;

const label = z.string().trim().min(1, 'Give the stamp a label.').max(120);
const reason = z.string().trim().max(200);

export const stampAccountSchema = z.object({
  id: uuidSchema,
  label: z.string(),
  reason: z.string(),
  isDefault: z.boolean(),
  source: z.enum(stampAccountSources),
  subject: z.string(),
  issuer: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  createdAt: z.string(),
  /** A non-blocking remark on the certificate (e.g. the chain up to a root is not in the file). */
  warnings: z.array(z.string()),
});
export type StampAccount = z.infer<typeof stampAccountSchema>;
export const stampAccountResponse = itemEnvelope(stampAccountSchema);
export const stampAccountListResponse = itemEnvelope(z.array(stampAccountSchema));

/** A built-in account: a certificate of the platform CA naming the tenant's company. */
export const createBuiltinStampAccountInputSchema = z.object({
  label,
  reason: reason.default(''),
  isDefault: z.boolean().default(false),
});
export type CreateBuiltinStampAccountInput = z.input<typeof createBuiltinStampAccountInputSchema>;

/** The text parts of an import (multipart): the .p12 file is the part `file`. */
export const importStampAccountFieldsSchema = z.object({
  password: z.string().max(1024).default(''),
  label,
  reason: reason.default(''),
  isDefault: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** One seal to apply; page is 1-based (negative from the end), x/y/width/height in visible-page points. */
export const sealPlacementSchema = z.object({
  /** Default: the tenant's default stamp account. */
  accountId: uuidSchema.optional(),
  visible: z.boolean().default(false),
  page: z
    .number()
    .int()
    .min(-1000)
    .max(100_000)
    .refine((page) => page !== 0, 'Pages are numbered from 1 (or -1 for the last).')
    .default(-1),
  x: z.number().min(0).max(14_400).default(70),
  y: z.number().min(0).max(14_400).default(70),
  width: z.number().min(20).max(14_400).default(150),
  height: z.number().min(20).max(14_400).default(60),
});
export type SealPlacement = z.input<typeof sealPlacementSchema>;

/**
 * Certification (DocMDP) of a seal: the first seal certifies the document and says which later changes are allowed —
 * 1 none, 2 form filling and signatures, 3 also annotations. null: a plain (approval) seal.
 */
export const certificationPermissions = [1, 2, 3] as const;
export const certificationPermissionSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type CertificationPermission = z.infer<typeof certificationPermissionSchema>;

/** The `request` part of POST /api/stamps (JSON); absent: one invisible PADES seal of the default account. */
export const sealRequestSchema = z
  .object({
    format: stampFormatSchema.default('PADES'),
    seals: z.array(sealPlacementSchema).min(1).max(maxSealsPerFile).prefault([{}]),
    certify: certificationPermissionSchema.nullable().default(null),
  })
  .refine((r) => r.certify !== 1 || r.seals.length === 1, {
    path: ['certify'],
    message: 'A document certified with no changes allowed (P=1) takes no further seal: seal it once.',
  });
export type SealRequest = z.input<typeof sealRequestSchema>;

export const appliedSealSchema = z.object({
  accountId: uuidSchema.nullable(),
  accountLabel: z.string(),
  subject: z.string(),
  visible: z.boolean(),
  page: z.number().int().nullable(),
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
  /** The certification this seal made (the first seal only); absent: an approval seal. */
  certify: certificationPermissionSchema.optional(),
  /** Set when the seal was applied to a signature request's document before signing (Options.stampBeforeSigning). */
  requestId: uuidSchema.optional(),
  /** Set when the seal was applied once to a campaign's shared document, for all its copies. */
  campaignId: uuidSchema.optional(),
  /** Set when the seal was applied to an operation's order before signing (one seal per order). */
  operationId: uuidSchema.optional(),
});
export type AppliedSeal = z.infer<typeof appliedSealSchema>;

export const stampSchema = z.object({
  id: uuidSchema,
  fileName: z.string(),
  format: stampFormatSchema,
  seals: z.array(appliedSealSchema),
  sha256: z.string(),
  sizeBytes: z.number().int(),
  createdBy: uuidSchema.nullable(),
  createdAt: z.string(),
});
export type Stamp = z.infer<typeof stampSchema>;
export const stampResponse = itemEnvelope(stampSchema);
export const stampListQuerySchema = listQuerySchema.pick({ limit: true, offset: true, order: true });
export const stampListResponse = listEnvelope(stampSchema);
