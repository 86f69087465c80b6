import { z } from 'zod';
import { itemEnvelope, uuidSchema } from '../shared/common.ts';
import { emailSchema } from '../users/schemas.ts';

/**
 * A tenant's own mail sender (docs/mail-senders.md): mails sent on the tenant's behalf come from its address
 * (`contrats@customer.com`), signed with a DKIM key the product generated for its domain, once the DKIM record is
 * published; until then they come from the platform's sender with `Reply-To` the tenant's address.
 */

/** The domain as typed: the server turns it into its ASCII form (IDN) and refuses anything that is not a host name. */
export const senderDomainInputSchema = z.string().trim().min(1).max(253);

/** A display name goes into the From header: one line, no angle brackets or quotes of its own. */
export const senderDisplayNameSchema = z
  .string()
  .trim()
  .max(100)
  .regex(/^[^\r\n\t<>"\\]*$/, 'must be one line without < > " or \\');

export const mailSenderInputSchema = z.object({
  /** `customer.com`: the domain whose DNS holds the DKIM record (the address must be of this domain). */
  domain: senderDomainInputSchema,
  /** The From address, e.g. `contrats@customer.com`. */
  address: emailSchema,
  /** The name shown before the address; empty or null: the tenant's company (settings → General). */
  displayName: senderDisplayNameSchema.nullable().optional(),
});
export type MailSenderInput = z.infer<typeof mailSenderInputSchema>;

/** pending: not verified yet; verified: the DKIM record holds our key; failed: it did not (another key), or no longer does. */
export const mailSenderStatuses = ['pending', 'verified', 'failed'] as const;
export type MailSenderStatus = (typeof mailSenderStatuses)[number];

/** null in a check result: not checked yet (or the DNS did not answer at the last check). */
export const dkimStates = ['ok', 'mismatch', 'missing'] as const;
export const spfStates = ['ok', 'missing', 'without_include'] as const;
export const dmarcStates = ['ok', 'missing'] as const;
export type DkimState = (typeof dkimStates)[number];
export type SpfState = (typeof spfStates)[number];
export type DmarcState = (typeof dmarcStates)[number];

const dnsRecord = <S extends readonly [string, ...string[]]>(states: S) =>
  z.object({
    /** The DNS name to publish at (fully qualified, no trailing dot). */
    name: z.string(),
    type: z.literal('TXT'),
    /** The value to publish; null when there is nothing to add (SPF without a platform include). */
    value: z.string().nullable(),
    /** Whether verification needs it (DKIM only: SPF and DMARC are advice, shown with their state). */
    required: z.boolean(),
    state: z.enum(states).nullable(),
  });

export const mailSenderSchema = z.object({
  appId: uuidSchema,
  domain: z.string(),
  address: z.string(),
  /** As saved (null: the company name is used). */
  displayName: z.string().nullable(),
  /** The name mails show: the saved one, else the tenant's company. */
  effectiveDisplayName: z.string(),
  selector: z.string(),
  status: z.enum(mailSenderStatuses),
  records: z.object({ dkim: dnsRecord(dkimStates), spf: dnsRecord(spfStates), dmarc: dnsRecord(dmarcStates) }),
  /** How the tenant's mails go now: from its own address (verified) or from the platform's with Reply-To its address. */
  sending: z.enum(['own_address', 'platform_with_reply_to']),
  /** The platform's sender (MAIL_FROM), used until the domain is verified. */
  platformFrom: z.string(),
  lastCheckedAt: z.string().nullable(),
  /** Why the last check did not verify the domain (or why the DNS could not be read); null after a success. */
  lastError: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MailSender = z.infer<typeof mailSenderSchema>;

export const mailSenderResponse = itemEnvelope(mailSenderSchema.nullable());
