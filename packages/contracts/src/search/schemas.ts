import { z } from 'zod';
import { itemEnvelope, normalizeSearch, searchDefaultLimit, uuidSchema } from '../shared/common.ts';

/** One box, four kinds (spec §2 "search"; docs/lists.md "Search"). */
export const searchKinds = ['requests', 'campaigns', 'operations', 'contacts'] as const;
export type SearchKind = (typeof searchKinds)[number];

export const globalSearchQuerySchema = z.object({
  /** Shorter than 3 characters (trimmed): treated as empty, nothing is searched (spec §5). */
  q: z.string().max(200).optional().transform(normalizeSearch),
  /** Per kind (spec §9: 10 by default). */
  limit: z.coerce.number().int().min(1).max(50).default(searchDefaultLimit),
});

export const searchHitSchema = z.object({
  id: uuidSchema,
  /** The request's label, the campaign's, the operation's; the contact's LASTNAME firstname. */
  title: z.string(),
  /** Signers (requests), type (campaigns), e-mail and company (contacts). */
  subtitle: z.string().nullable(),
  /** The item's status, when it has one. */
  status: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const globalSearchResultSchema = z.object({
  /** The text searched (null: shorter than 3 characters, nothing searched). */
  q: z.string().nullable(),
  /** Only the kinds the caller may read (permission and feature): the others are absent. */
  groups: z.array(z.object({ kind: z.enum(searchKinds), hits: z.array(searchHitSchema) })),
});
export type GlobalSearchResult = z.infer<typeof globalSearchResultSchema>;
export const globalSearchResponse = itemEnvelope(globalSearchResultSchema);
