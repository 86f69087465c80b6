import { z } from 'zod';
import { itemEnvelope, listEnvelope, listQuerySchema, localeSchema, uuidSchema } from '../shared/common.ts';
import { profileSchema } from '../shared/access.ts';

/** Help requests (docs/help-and-maintenance.md). */
export const helpCategories = ['question', 'bug', 'billing', 'account', 'other'] as const;
export const helpCategorySchema = z.enum(helpCategories);
export type HelpCategory = z.infer<typeof helpCategorySchema>;

export const helpStatuses = ['open', 'closed'] as const;
export const helpStatusSchema = z.enum(helpStatuses);

/** An optional attachment: PDF, PNG or JPEG (recognised by its first bytes), 5 MB at most. */
export const helpAttachmentMaxBytes = 5 * 1024 * 1024;
export const helpAttachmentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** What the browser adds on its own: where the user was and with what. */
export const helpClientContextSchema = z.object({
  route: z.string().trim().max(500).optional(),
  userAgent: z.string().trim().max(500).optional(),
  appVersion: z.string().trim().max(50).optional(),
  /** The last request ids the user's calls received (X-Request-Id / error bodies), newest first. */
  requestIds: z.array(z.string().trim().max(64)).max(5).optional(),
});

/** The text parts of the multipart form (the file part is `attachment`). */
export const helpRequestInputSchema = z.object({
  subject: z.string().trim().min(1).max(200),
  category: helpCategorySchema,
  message: z.string().trim().min(1).max(5000),
  context: helpClientContextSchema.default({}),
});
export type HelpRequestInput = z.infer<typeof helpRequestInputSchema>;

/** The context stored with a request: what the server knows plus what the browser sent. */
export const helpContextSchema = helpClientContextSchema.extend({
  company: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  profile: profileSchema,
  language: localeSchema,
});
export type HelpContext = z.infer<typeof helpContextSchema>;

export const helpRequestSchema = z.object({
  id: uuidSchema,
  appId: uuidSchema,
  userId: uuidSchema.nullable(),
  subject: z.string(),
  category: helpCategorySchema,
  message: z.string(),
  status: helpStatusSchema,
  context: helpContextSchema,
  attachment: z.object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() }).nullable(),
  /** Where the tenant's copy went (its support address, or its owner's e-mail). */
  supportEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type HelpRequest = z.infer<typeof helpRequestSchema>;
export const helpRequestResponse = itemEnvelope(helpRequestSchema);
export const helpRequestListResponse = listEnvelope(helpRequestSchema);
export const helpRequestListQuerySchema = listQuerySchema.extend({ status: helpStatusSchema.optional() });
export const helpRequestStatusInputSchema = z.object({ status: helpStatusSchema });
