import { idParamsSchema, itemEnvelope } from '../shared/common.ts';
import { defineEndpoints, file, multipart } from '../shared/endpoint.ts';
import { draftEditorContextSchema } from '../signatures/endpoints.ts';
import { signatureSendResponse } from '../signatures/requests.ts';
import {
  requestTemplateListQuerySchema,
  requestTemplateListResponse,
  requestTemplateResponse,
  templateDocumentParamsSchema,
  templateFromRequestInputSchema,
  useTemplateInputSchema,
} from './schemas.ts';

/** Senders use, make and edit templates; who sees and edits which is the visibility rule (schemas.ts). */
const senders = { audience: 'history', permission: 'signatures.create' } as const;
/** The calls of the template editor: a signed-in sender's, or the embedded template editor's with its token (docs/embedding.md). */
const editorOfTemplate = { ...senders, embedTemplate: 'template' } as const;
const editorOfNewTemplate = { ...senders, embedTemplate: 'new' } as const;
const templateForm =
  'multipart/form-data: a text part `template` (JSON: name, description, visibility, requestLabel, roles, documents, optionsRequest) and the file parts its new documents name (PDF). See docs/templates.md.';

/** Reusable request templates (docs/templates.md). */
export const requestTemplateEndpoints = defineEndpoints(['request templates'], {
  list: {
    method: 'GET',
    path: '/api/request-templates',
    summary: 'The templates the caller sees (search, state, visibility, mine; paginated)',
    auth: senders,
    query: requestTemplateListQuerySchema,
    responses: { 200: requestTemplateListResponse },
  },
  get: {
    method: 'GET',
    path: '/api/request-templates/:id',
    summary: 'A template, as its current version',
    auth: editorOfTemplate,
    params: idParamsSchema,
    responses: { 200: requestTemplateResponse },
  },
  create: {
    method: 'POST',
    path: '/api/request-templates',
    summary: 'Create a template (version 1) from documents, roles and options',
    auth: editorOfNewTemplate,
    body: multipart(templateForm),
    responses: { 201: requestTemplateResponse },
    idempotent: true,
  },
  createFromRequest: {
    method: 'POST',
    path: '/api/request-templates/from-request',
    summary: "Save a request's documents, fields, options and signers (as roles) as a new template",
    auth: senders,
    body: templateFromRequestInputSchema,
    responses: { 201: requestTemplateResponse },
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/api/request-templates/:id',
    summary: 'Save a new version of a template (requests already made keep theirs)',
    auth: editorOfTemplate,
    params: idParamsSchema,
    body: multipart(templateForm),
    responses: { 200: requestTemplateResponse },
  },
  duplicate: {
    method: 'POST',
    path: '/api/request-templates/:id/duplicate',
    summary: 'A new private template copied from the current version of this one',
    auth: senders,
    params: idParamsSchema,
    responses: { 201: requestTemplateResponse },
    idempotent: true,
  },
  archive: {
    method: 'POST',
    path: '/api/request-templates/:id/archive',
    summary: 'Archive a template: hidden from "use", its requests untouched',
    auth: senders,
    params: idParamsSchema,
    responses: { 200: requestTemplateResponse },
  },
  restore: {
    method: 'POST',
    path: '/api/request-templates/:id/restore',
    summary: 'Bring an archived template back',
    auth: senders,
    params: idParamsSchema,
    responses: { 200: requestTemplateResponse },
  },
  document: {
    method: 'GET',
    path: '/api/request-templates/:id/documents/:docId',
    summary: "A document of the template's current version (PDF)",
    auth: editorOfTemplate,
    params: templateDocumentParamsSchema,
    responses: { 200: file('application/pdf') },
  },
  editorContext: {
    method: 'GET',
    path: '/api/request-templates/editor-context',
    summary: 'What the template editor needs of its tenant (features, test mode, language); the embedded template editor calls it with its token',
    auth: { ...senders, embedTemplate: 'context' },
    responses: { 200: itemEnvelope(draftEditorContextSchema) },
  },
  use: {
    method: 'POST',
    path: '/api/request-templates/:id/requests',
    summary: "Create a request from a template: each role's person, a draft or sent at once",
    auth: senders,
    params: idParamsSchema,
    body: useTemplateInputSchema,
    responses: { 201: signatureSendResponse },
    idempotent: true,
  },
});
