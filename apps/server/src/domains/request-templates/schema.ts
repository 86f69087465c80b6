import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CertificationLevel, SignatureField, SignatureOptions, TemplateRole, TemplateVisibility } from '@paraphe/contracts';
import { applications } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { signatureRequests } from '../signatures/schema.ts';
import { createdAt, id, tenantPolicy, tstz, updatedAt } from '../../platform/db/schema/common.ts';

const appId = () =>
  uuid('app_id')
    .notNull()
    .references(() => applications.id, { onDelete: 'cascade' });

/** A reusable request template (docs/templates.md): who owns it, who sees it, which version is current. */
export const requestTemplates = pgTable(
  'request_templates',
  {
    id: id(),
    appId: appId(),
    /** Null once its author was deleted (the template stays with the tenant; the GERANT still sees and edits it). */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    visibility: text('visibility').$type<TemplateVisibility>().notNull().default('private'),
    currentVersion: integer('current_version').notNull().default(1),
    archivedAt: tstz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('request_templates_app_idx').on(t.appId, t.updatedAt), tenantPolicy('request_templates')],
).enableRLS();

/** One saved state of a template; never changed once written (a request made from it keeps pointing at it). */
export const requestTemplateVersions = pgTable(
  'request_template_versions',
  {
    appId: appId(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => requestTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    level: integer('level').$type<CertificationLevel>().notNull(),
    requestLabel: text('request_label'),
    roles: jsonb('roles').$type<TemplateRole[]>().notNull(),
    options: jsonb('options').$type<SignatureOptions>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] }), tenantPolicy('request_template_versions')],
).enableRLS();

/**
 * The documents of one version. A document kept from the previous version gets a new row pointing at the same file
 * (`storage_key`): files are shared between versions, never rewritten.
 */
export const requestTemplateDocuments = pgTable(
  'request_template_documents',
  {
    id: id(),
    appId: appId(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => requestTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    documentType: text('document_type').$type<'pdf' | 'pdf-for-presentation' | 'pdf-optional'>().notNull(),
    fileName: text('file_name').notNull(),
    checkBoxTexts: jsonb('check_box_texts').$type<string[]>().notNull(),
    signatureFields: jsonb('signature_fields').$type<SignatureField[]>().notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    pageCount: integer('page_count').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('request_template_documents_version_idx').on(t.templateId, t.version, t.position),
    index('request_template_documents_storage_idx').on(t.storageKey),
    tenantPolicy('request_template_documents'),
  ],
).enableRLS();

/** Which template version a request was made from (its provenance; the use count). Goes with the request. */
export const requestTemplateUses = pgTable(
  'request_template_uses',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    appId: appId(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => requestTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('request_template_uses_template_idx').on(t.templateId), tenantPolicy('request_template_uses')],
).enableRLS();

/**
 * A template's direct link (docs/templates.md, "Direct links"): one per template, published by someone who may edit
 * it (the requests' owner and sender). `use_count` is raised by a conditional update in each request's transaction,
 * so it never passes `max_uses`.
 */
export const requestTemplateLinks = pgTable(
  'request_template_links',
  {
    id: id(),
    appId: appId(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => requestTemplates.id, { onDelete: 'cascade' }),
    /** The public address's unguessable part: 32 random bytes, base64url. */
    slug: text('slug').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: tstz('disabled_at'),
    /** Null once the publisher was deleted: the link then answers 410. */
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    maxUses: integer('max_uses'),
    useCount: integer('use_count').notNull().default(0),
    expiresAt: tstz('expires_at'),
    perIpPerHour: integer('per_ip_per_hour').notNull().default(10),
    perAddressPerDay: integer('per_address_per_day').notNull().default(3),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('request_template_links_template_idx').on(t.templateId),
    uniqueIndex('request_template_links_slug_idx').on(t.slug),
    tenantPolicy('request_template_links'),
  ],
).enableRLS();

/**
 * A visitor's claim on a direct link: who they say they are, the HMAC of the mailed code (keyed by the claim id), the
 * wrong entries, and the request once the code was right. The rows also count the per-address and per-e-mail rates.
 */
export const requestTemplateLinkClaims = pgTable(
  'request_template_link_claims',
  {
    id: id(),
    appId: appId(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => requestTemplateLinks.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    language: text('language'),
    /** Null once used, or once the claim is dead (expired, too many wrong codes). */
    codeHash: text('code_hash'),
    codeExpiresAt: tstz('code_expires_at').notNull(),
    failedTries: integer('failed_tries').notNull().default(0),
    ip: text('ip'),
    createdAt: createdAt(),
    verifiedAt: tstz('verified_at'),
    requestId: uuid('request_id').references(() => signatureRequests.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('request_template_link_claims_ip_idx').on(t.linkId, t.ip, t.createdAt),
    index('request_template_link_claims_email_idx').on(t.linkId, t.email, t.createdAt),
    tenantPolicy('request_template_link_claims'),
  ],
).enableRLS();
