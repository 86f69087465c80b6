import { z } from 'zod';
import { itemEnvelope, uuidSchema } from '../shared/common.ts';

/**
 * Tenants' own domains (docs/white-label.md): a host name the tenant points at the platform, used for its signers'
 * links (`signing`) or its back office's (`backoffice`) once the ownership TXT record proves it is theirs.
 */
export const customDomainPurposes = ['signing', 'backoffice'] as const;
export const customDomainPurposeSchema = z.enum(customDomainPurposes);
export type CustomDomainPurpose = z.infer<typeof customDomainPurposeSchema>;

export const customDomainStatuses = ['pending', 'verified', 'failed'] as const;
export type CustomDomainStatus = (typeof customDomainStatuses)[number];

/**
 * Why the last check did not verify: the TXT record absent (`txt_missing`, the domain stays pending), present with
 * another value (`txt_mismatch`), the DNS not answering (`dns_error`), or the name verified by another account
 * first (`taken`).
 */
export const customDomainFailures = ['txt_missing', 'txt_mismatch', 'dns_error', 'taken'] as const;
export type CustomDomainFailure = (typeof customDomainFailures)[number];

/**
 * The host as typed: checked and turned into its ASCII (punycode) form by the server, which names this field in a
 * 400 when it is not a host name, is an IP address, `localhost` or the platform's own host.
 */
export const declareCustomDomainSchema = z.object({
  host: z.string().trim().min(1).max(253),
  purpose: customDomainPurposeSchema,
});
export type DeclareCustomDomainInput = z.infer<typeof declareCustomDomainSchema>;

export const dnsRecordSchema = z.object({ type: z.enum(['TXT', 'CNAME']), name: z.string(), value: z.string() });
export type DnsRecordToPublish = z.infer<typeof dnsRecordSchema>;

export const customDomainSchema = z.object({
  id: uuidSchema,
  host: z.string(),
  purpose: customDomainPurposeSchema,
  status: z.enum(customDomainStatuses),
  failure: z.enum(customDomainFailures).nullable(),
  /** Whether the CNAME points at the platform at the last check (null before any): a warning, not a condition. */
  cnameOk: z.boolean().nullable(),
  /** The records to publish: the ownership TXT, then the CNAME to the platform's host. */
  records: z.array(dnsRecordSchema),
  lastCheckedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;

export const customDomainListResponse = itemEnvelope(
  z.object({
    items: z.array(customDomainSchema),
    /** The platform's host name: where the CNAMEs point. */
    target: z.string(),
  }),
);
export const customDomainResponse = itemEnvelope(customDomainSchema);

/** What a page shows before login: the tenant's look when the request came on its verified domain, else the platform's. */
export const publicBrandingSchema = z.object({
  /** False on the platform's host or an unknown one: the product's own look. */
  tenant: z.boolean(),
  company: z.string().nullable(),
  themeColor: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type PublicBranding = z.infer<typeof publicBrandingSchema>;
export const publicBrandingResponse = itemEnvelope(publicBrandingSchema);

/** Caddy's on-demand TLS question: `?domain=<host>`. Answered 200 or 404, nothing else. */
export const tlsAskQuerySchema = z.object({ domain: z.string().max(300) });
