import { z } from 'zod';
import { uuidSchema, personLanguageSchema } from '../shared/common.ts';
import { emailSchema, phoneSchema } from '../users/schemas.ts';
import { maxSignersPerRequest, signerRoleSchema, type SignerRole } from './constants.ts';
import { signerStatusSchema } from './states.ts';
import { outboxStatusSchema } from '../outbox/schemas.ts';

/** Legacy `mail` and `phoneNumber` are accepted and renamed to `emailAddress` and `phoneNum` (spec §3). */
export function renameLegacySignerKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { mail, phoneNumber, ...rest } = value as Record<string, unknown>;
  return { ...rest, emailAddress: rest.emailAddress ?? mail, phoneNum: rest.phoneNum ?? phoneNumber };
}

/**
 * Parallel signing: participants (of the same group, co-signers or not) sharing a step are invited together and
 * the next step waits for all of them. Absent = their own step, signerIndex + 1 (one after the other). The one
 * rule for single requests and operations' orders.
 */
export const signerStepSchema = z.number().int().min(1).max(maxSignersPerRequest).nullish();

/** The CRM connector's contact id of a participant (HubSpot's contact id, spec §7): the write-back notes their requests there. */
export const signerConnectorInputSchema = z.object({ idc: z.string().trim().min(1).max(200) });
export const signerConnectorSchema = z.object({ idc: z.string() });

export const signerInputObjectSchema = z.object({
  firstname: z.string().trim().min(1).max(100),
  lastname: z.string().trim().min(1).max(100),
  emailAddress: emailSchema,
  phoneNum: phoneSchema.nullish(),
  /** Defaults to the request's language option. */
  language: personLanguageSchema.nullish(),
  role: signerRoleSchema.default('signer'),
  coSigner: z.boolean().default(false),
  connector: signerConnectorInputSchema.nullish(),
  /** Order in the chain, from 0; a signature field names its signer by this index. */
  signerIndex: z
    .number()
    .int()
    .min(0)
    .max(maxSignersPerRequest - 1),
  /** Parallel signing (signerStepSchema). */
  step: signerStepSchema,
  invitationMessage: z.string().trim().max(2000).nullish(),
});
/** What the web builds (modern keys). */
export type SignerInput = z.input<typeof signerInputObjectSchema>;
export const signerInputSchema = z.preprocess(renameLegacySignerKeys, signerInputObjectSchema);

export const signerSchema = z.object({
  id: uuidSchema,
  firstname: z.string(),
  lastname: z.string(),
  emailAddress: z.string(),
  phoneNum: z.string().nullable(),
  language: personLanguageSchema,
  role: signerRoleSchema,
  coSigner: z.boolean(),
  connector: signerConnectorSchema.nullable(),
  signerIndex: z.number().int(),
  /** The step they act in with others; null = their own (signerIndex + 1). */
  step: z.number().int().nullable(),
  invitationMessage: z.string().nullable(),
  refusalComment: z.string().nullable(),
  status: signerStatusSchema,
  actionAt: z.string().nullable(),
  invitedAt: z.string().nullable(),
  lastReminderAt: z.string().nullable(),
  reminderCount: z.number().int(),
  /** Handed the request over (status `delegated`): to whom, when and why. Null otherwise. */
  handedOver: z.object({ toSignerId: uuidSchema, toName: z.string(), reason: z.string(), at: z.string() }).nullable(),
  /** A delegate: the participant who handed the request over to them. Null for a participant the sender chose. */
  delegatedBy: z.object({ signerId: uuidSchema, name: z.string() }).nullable(),
  /**
   * The last mail or SMS sent to this participant (invitation, reminder, cancellation) and how its delivery
   * stands: `retrying` or `failed` tell the requester the participant may not have been reached. Null: none sent.
   */
  lastMessage: z.object({ channel: z.enum(['email', 'sms']), status: outboxStatusSchema, error: z.string().nullable(), at: z.string() }).nullable(),
});
export type Signer = z.infer<typeof signerSchema>;

/** Display: LASTNAME firstname (spec §5). */
export function signerDisplayName(signer: { firstname: string; lastname: string }): string {
  return `${signer.lastname.trim().toUpperCase()} ${signer.firstname.trim()}`.trim();
}
/** Display order: observers first, then by signerIndex (spec §5). */
export function sortSignersForDisplay<T extends { role: SignerRole; signerIndex: number }>(signers: readonly T[]): T[] {
  return [...signers].sort((a, b) => Number(b.role === 'observer') - Number(a.role === 'observer') || a.signerIndex - b.signerIndex);
}
