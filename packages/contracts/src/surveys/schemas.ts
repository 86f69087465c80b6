import { z } from 'zod';
import { itemEnvelope, uuidSchema } from '../shared/common.ts';

/**
 * The survey connector (docs/connectors.md, "Survey (Typeform)"): a tenant connects its Typeform account with a
 * personal access token, picks one of its forms, and turns on the survey mail its signers get once a request is
 * completed. The token is sealed at rest and never answered.
 */
export const surveyProviders = ['typeform'] as const;
export type SurveyProvider = (typeof surveyProviders)[number];
/** `broken`: the last call to Typeform refused the token (revoked, expired) or the chosen form is gone. */
export const surveyConnectionStates = ['ok', 'broken'] as const;

export const surveyConnectSchema = z.object({
  /** A Typeform personal access token (`tfp_…`): checked with `GET /me` before it is kept. */
  token: z.string().trim().min(10).max(500),
});
export type SurveyConnect = z.infer<typeof surveyConnectSchema>;

export const surveySettingsSchema = z.object({
  /** One of the account's forms (checked with `GET /forms/{id}`); null forgets the choice (and turns the mails off). */
  formId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .nullable(),
  enabled: z.boolean(),
});
export type SurveySettings = z.infer<typeof surveySettingsSchema>;

export const surveyConnectionSchema = z.object({
  connected: z.boolean(),
  provider: z.enum(surveyProviders).nullable(),
  accountName: z.string().nullable(),
  accountEmail: z.string().nullable(),
  formId: z.string().nullable(),
  formTitle: z.string().nullable(),
  formUrl: z.string().nullable(),
  enabled: z.boolean(),
  state: z.enum(surveyConnectionStates).nullable(),
  lastError: z.string().nullable(),
  connectedBy: uuidSchema.nullable(),
  connectedAt: z.iso.datetime().nullable(),
  /** Survey mails queued so far for this tenant (one per signer and request). */
  invitationsSent: z.number().int(),
});
export type SurveyConnection = z.infer<typeof surveyConnectionSchema>;
export const surveyConnectionResponse = itemEnvelope(surveyConnectionSchema);

export const surveyFormSchema = z.object({ id: z.string(), title: z.string(), url: z.string() });
export type SurveyForm = z.infer<typeof surveyFormSchema>;
export const surveyFormListResponse = z.object({ data: z.array(surveyFormSchema) });

export const surveyResponsesSchema = z.object({ formId: z.string(), total: z.number().int() });
export type SurveyResponses = z.infer<typeof surveyResponsesSchema>;
export const surveyResponsesResponse = itemEnvelope(surveyResponsesSchema);

export const surveyAppParamsSchema = z.object({ appId: uuidSchema });
