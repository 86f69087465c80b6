import { z } from 'zod';
import { emailSchema } from '../users/schemas.ts';
import { itemEnvelope, listEnvelope, uuidSchema } from '../shared/common.ts';

/**
 * GDPR retention (docs/gdpr.md): how long each kind of data is kept, in months, per tenant. The nightly purge
 * removes what is past it; the evidence hash chain of a request is never removed.
 */
export const retentionKinds = ['finishedDocuments', 'signerData', 'staleContacts', 'evidence'] as const;
export type RetentionKind = (typeof retentionKinds)[number];

/**
 * The evidence (evidence files, audit rows) is kept at least 5 years after the request ended: the limitation period
 * of contractual actions in French law (Code civil art. 2224) within which a signature may have to be proven.
 */
export const evidenceMinimumMonths = 60;
/** At most 50 years: a longer period is a mistake, not a policy. */
export const retentionMaximumMonths = 600;

export const gdprRetentionSchema = z.object({
  /** Documents (originals, signed, sealed versions, archives) of completed, refused, expired or cancelled requests. */
  finishedDocumentsMonths: z.number().int().min(1).max(retentionMaximumMonths),
  /** Names, e-mails and phones of the signers of finished requests (pseudonymised). */
  signerDataMonths: z.number().int().min(1).max(retentionMaximumMonths),
  /** Address-book contacts neither changed nor used as a signer for this long (deleted). */
  staleContactsMonths: z.number().int().min(1).max(retentionMaximumMonths),
  /** Evidence files and audit rows, never under the legal minimum. */
  evidenceMonths: z.number().int().min(evidenceMinimumMonths).max(retentionMaximumMonths),
});
export type GdprRetention = z.infer<typeof gdprRetentionSchema>;

/** The defaults a tenant starts with (docs/gdpr.md explains each). */
export const defaultGdprRetention: GdprRetention = { finishedDocumentsMonths: 60, signerDataMonths: 60, staleContactsMonths: 36, evidenceMonths: 120 };

export const gdprSettingsSchema = gdprRetentionSchema.extend({
  evidenceMinimumMonths: z.number().int(),
  /** When the tenant last saved its settings; null while it uses the defaults. */
  updatedAt: z.string().nullable(),
  /** The end of the last nightly purge that removed something for this tenant, or null. */
  lastPurgeAt: z.string().nullable(),
});
export type GdprSettings = z.infer<typeof gdprSettingsSchema>;
export const gdprSettingsResponse = itemEnvelope(gdprSettingsSchema);

export const gdprSubjectInputSchema = z.object({ email: emailSchema });
export type GdprSubjectInput = z.infer<typeof gdprSubjectInputSchema>;

export const gdprRequestKinds = ['export', 'erasure'] as const;
export const gdprRequestStatuses = ['queued', 'ready', 'done', 'failed'] as const;

/** What an erasure changed, or what an export holds: counts, never the data. */
export const gdprCountsSchema = z.object({
  contacts: z.number().int(),
  signers: z.number().int(),
  requests: z.number().int(),
  users: z.number().int(),
  documents: z.number().int(),
  /** Erasures: mails and SMS whose recipient and content were erased (the outbox keeps that they were sent). */
  messages: z.number().int().default(0),
  /** Roles of request templates prefilled with the person (export: found; erasure: their prefilled person removed). */
  templates: z.number().int().default(0),
});
export type GdprCounts = z.infer<typeof gdprCountsSchema>;

export const gdprRequestSchema = z.object({
  id: uuidSchema,
  kind: z.enum(gdprRequestKinds),
  /** queued: the export is being produced; ready: its link was mailed; done: the erasure was made; failed. */
  status: z.enum(gdprRequestStatuses),
  /** The person's address, masked (j•••@example.com): the history does not keep an erased address. */
  subject: z.string(),
  requestedBy: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  counts: gdprCountsSchema.nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Exports: until when the mailed link works. */
  expiresAt: z.string().nullable(),
});
export type GdprRequest = z.infer<typeof gdprRequestSchema>;
export const gdprRequestResponse = itemEnvelope(gdprRequestSchema);
export const gdprRequestListResponse = listEnvelope(gdprRequestSchema);

/** An erasure refused because the person still signs: the requests in progress (409 CONFLICT `details.requests`). */
export const gdprBlockingRequestSchema = z.object({ id: uuidSchema, label: z.string(), status: z.string() });
export type GdprBlockingRequest = z.infer<typeof gdprBlockingRequestSchema>;

/** How long the mailed download link of an export works. */
export const gdprExportLinkDays = 30;

export const gdprTokenParamsSchema = z.object({ token: z.string().min(20).max(200) });
