import { z } from 'zod';
import { itemEnvelope, listEnvelope, listQuerySchema, personLanguageSchema, uuidSchema } from '../shared/common.ts';
import { emailSchema, phoneSchema } from '../users/schemas.ts';
import { certificationLevelSchema, maxFilesPerRequest, maxSignersPerRequest, signerRoleSchema } from '../signatures/constants.ts';
import { documentInputSchema, signatureDocumentSchema } from '../signatures/documents.ts';
import { signatureOptionsInputSchema, signatureOptionsSchema } from '../signatures/options.ts';
import { signerConnectorInputSchema, signerStepSchema } from '../signatures/signers.ts';
import { directLinkStateSchema } from './direct-links.ts';

/**
 * Reusable request templates (docs/templates.md): documents, fields, roles, options and invitation texts saved once
 * and used for many requests. Each save is a new version; a request made from a template keeps the version it was
 * made from.
 *
 * Who sees one (docs/permissions.md): `private` — its author and those who see the author's requests (their managers,
 * the GERANT); `team` — also everyone under the author in the hierarchy; `tenant` — every sender of the tenant.
 */
export const templateVisibilities = ['private', 'team', 'tenant'] as const;
export const templateVisibilitySchema = z.enum(templateVisibilities);
export type TemplateVisibility = z.infer<typeof templateVisibilitySchema>;

/** A fixed person for a role (e.g. the company's countersigner): used unless the request names another. */
export const templatePersonSchema = z.object({
  firstname: z.string().trim().min(1).max(100),
  lastname: z.string().trim().min(1).max(100),
  emailAddress: emailSchema,
  phoneNum: phoneSchema.nullish(),
});
export type TemplatePerson = z.infer<typeof templatePersonSchema>;
/**
 * The same person as answered: plain values (already normalised when saved). An answer is encoded through its
 * schema, and the input's phone transform cannot be encoded: a prefilled mobile made the save answer 500.
 */
export const templatePersonViewSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  emailAddress: z.string(),
  phoneNum: z.string().nullish(),
});

/**
 * A placeholder for a person ("Client", "Witness"): their kind, order and invitation text. A signature field names
 * its role by `signerIndex` = the role's position in `roles`.
 */
export const templateRoleInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  role: signerRoleSchema.default('signer'),
  coSigner: z.boolean().default(false),
  step: signerStepSchema,
  language: personLanguageSchema.nullish(),
  invitationMessage: z.string().trim().max(2000).nullish(),
  prefill: templatePersonSchema.nullish(),
});
export type TemplateRoleInput = z.input<typeof templateRoleInputSchema>;
export const templateRoleSchema = z.object({
  name: z.string(),
  role: signerRoleSchema,
  coSigner: z.boolean(),
  step: z.number().int().nullable(),
  language: personLanguageSchema.nullable(),
  invitationMessage: z.string().nullable(),
  prefill: templatePersonViewSchema.nullable(),
});
export type TemplateRole = z.infer<typeof templateRoleSchema>;

/**
 * The `template` text part of a template save (POST/PUT multipart; file parts as for a request). A document entry
 * with `documentId` keeps a document of the current version (its entry's title, consents and fields replace the
 * stored ones); one without names a file part.
 */
export const requestTemplateInputSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((v) => v || null),
    visibility: templateVisibilitySchema.default('private'),
    /** The requests' certification level (1 simple, 2 advanced, 3 qualified). */
    level: certificationLevelSchema.default(1),
    /** The label the requests get (editable when used); the template's name when absent. */
    requestLabel: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((v) => v || null),
    roles: z.array(templateRoleInputSchema).min(1).max(maxSignersPerRequest),
    documents: z.array(documentInputSchema).min(1).max(maxFilesPerRequest),
    optionsRequest: signatureOptionsInputSchema.prefault({}),
  })
  .superRefine((input, ctx) => {
    const names = new Set<string>();
    input.roles.forEach((role, i) => {
      const key = role.name.toLowerCase();
      if (names.has(key))
        ctx.addIssue({ code: 'custom', path: ['roles', i, 'name'], message: 'Each role needs a different name.', params: { rule: 'invalid_value' } });
      names.add(key);
    });
    input.documents.forEach((doc, d) =>
      doc.signatureFields.forEach((field, f) => {
        if (field.signerIndex >= input.roles.length)
          ctx.addIssue({
            code: 'custom',
            path: ['documents', d, 'signatureFields', f, 'signerIndex'],
            message: `A field names role ${field.signerIndex + 1}, which the template does not have.`,
            params: { rule: 'invalid_value' },
          });
      }),
    );
  });
export type RequestTemplateInput = z.input<typeof requestTemplateInputSchema>;
export type RequestTemplateData = z.infer<typeof requestTemplateInputSchema>;
/** The multipart text part holding the template's JSON. */
export const requestTemplateFormPart = 'template';

/** Save an existing request as a template: its documents, fields, options and signers (as roles). */
export const templateFromRequestInputSchema = z.object({
  requestId: uuidSchema,
  name: z.string().trim().min(1).max(200),
  visibility: templateVisibilitySchema.default('private'),
  /** Keep the request's people as the roles' prefilled persons (default: roles only, people chosen at each use). */
  keepPeople: z.boolean().default(false),
});
export type TemplateFromRequestInput = z.input<typeof templateFromRequestInputSchema>;

export const requestTemplateSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  description: z.string().nullable(),
  visibility: templateVisibilitySchema,
  /** The current version (1 for a new template; every save adds one). */
  version: z.number().int(),
  level: certificationLevelSchema,
  requestLabel: z.string().nullable(),
  roles: z.array(templateRoleSchema),
  documents: z.array(signatureDocumentSchema),
  options: signatureOptionsSchema,
  owner: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Requests made from it (all versions). */
  useCount: z.number().int(),
  /** Whether the caller may edit, archive or restore it (its author, or someone who sees the author). */
  editable: z.boolean(),
  /** Its direct link, if one was ever published: on, usable now, requests made through it. */
  directLink: directLinkStateSchema,
});
export type RequestTemplate = z.infer<typeof requestTemplateSchema>;
export const requestTemplateResponse = itemEnvelope(requestTemplateSchema);
export const requestTemplateListResponse = listEnvelope(
  requestTemplateSchema.omit({ documents: true, roles: true, options: true }).extend({ roleNames: z.array(z.string()), documentCount: z.number().int() }),
);
export type RequestTemplateSummary = z.infer<typeof requestTemplateListResponse>['data'][number];

export const requestTemplateListQuerySchema = listQuerySchema.extend({
  /** `active` (default), `archived` or `all`. */
  state: z.enum(['active', 'archived', 'all']).default('active'),
  visibility: templateVisibilitySchema.optional(),
  /** Only the caller's own templates. */
  mine: z.enum(['0', '1']).optional(),
});
export type RequestTemplateListQuery = z.input<typeof requestTemplateListQuerySchema>;

/** Who takes a role in a request made from a template; a role with a prefilled person may be left out. */
export const templateRoleAssignmentSchema = z.object({
  /** The role's name (case-insensitive) or its position (from 0). */
  role: z.union([
    z.string().trim().min(1).max(100),
    z
      .number()
      .int()
      .min(0)
      .max(maxSignersPerRequest - 1),
  ]),
  firstname: z.string().trim().min(1).max(100),
  lastname: z.string().trim().min(1).max(100),
  emailAddress: emailSchema,
  phoneNum: phoneSchema.nullish(),
  language: personLanguageSchema.nullish(),
  connector: signerConnectorInputSchema.nullish(),
  invitationMessage: z.string().trim().max(2000).nullish(),
});
export type TemplateRoleAssignment = z.input<typeof templateRoleAssignmentSchema>;

export const useTemplateInputSchema = z.object({
  /** The template version to use; the current one when absent (an older one stays usable: a request keeps its version). */
  version: z.number().int().min(1).optional(),
  label: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().max(2000).nullish(),
  roles: z.array(templateRoleAssignmentSchema).max(maxSignersPerRequest).default([]),
  /** true: send at once; false: save as a draft (to review in the request editor). */
  send: z.boolean().default(false),
});
export type UseTemplateInput = z.input<typeof useTemplateInputSchema>;

export const templateDocumentParamsSchema = z.object({ id: uuidSchema, docId: uuidSchema });
