import { idParamsSchema, okSchema } from '../shared/common.ts';
import { defineEndpoints, empty, file, multipart } from '../shared/endpoint.ts';
import {
  contactImportResponse,
  contactInputSchema,
  contactListQuerySchema,
  contactListResponse,
  contactResponse,
  importRowsQuerySchema,
  importRowsResponse,
  startImportInputSchema,
} from './schemas.ts';

const read = { audience: 'phonebook', permission: 'phonebook.read' } as const;
const manage = { audience: 'phonebook', permission: 'phonebook.manage' } as const;
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The address book (spec §7 Phonebook: persons). */
export const contactEndpoints = defineEndpoints(['phonebook'], {
  list: {
    method: 'GET',
    path: '/api/persons',
    summary: 'Contacts of the tenant; `search` (3 characters at least) in names, e-mail and company',
    auth: read,
    query: contactListQuerySchema,
    responses: { 200: contactListResponse },
  },
  export: {
    method: 'GET',
    path: '/api/persons/export',
    summary: 'The contacts (same filters as the list, all pages) as an xlsx file; formula-like texts neutralised',
    auth: read,
    query: contactListQuerySchema,
    responses: { 200: file(xlsx) },
  },
  get: { method: 'GET', path: '/api/persons/:id', summary: 'One contact', auth: read, params: idParamsSchema, responses: { 200: contactResponse } },
  create: {
    method: 'POST',
    path: '/api/persons',
    summary: 'Adds a contact (409 CONTACT_EMAIL_USED when the e-mail is taken in the tenant)',
    auth: manage,
    body: contactInputSchema,
    responses: { 201: contactResponse },
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/api/persons/:id',
    summary: 'Changes a contact',
    auth: manage,
    params: idParamsSchema,
    body: contactInputSchema,
    responses: { 200: contactResponse },
  },
  delete: {
    method: 'DELETE',
    path: '/api/persons/:id',
    summary: 'Deletes a contact (requests already sent keep their signers)',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: okSchema },
  },
  uploadImport: {
    method: 'POST',
    path: '/api/persons/import',
    summary: 'Step 1 of an import: uploads an xlsx, xls, ods or csv file; answers its columns, a guessed mapping and the first rows',
    auth: manage,
    body: multipart('One part `file`: the spreadsheet (xlsx, xls, ods, csv in UTF-8 with or without BOM or Windows-1252, any delimiter).'),
    responses: { 201: contactImportResponse },
    idempotent: true,
  },
  startImport: {
    method: 'PUT',
    path: '/api/persons/import/:id',
    summary: 'Step 2: starts the import with the chosen mapping (a job; follow it with GET)',
    auth: manage,
    params: idParamsSchema,
    body: startImportInputSchema,
    responses: { 202: contactImportResponse },
  },
  getImport: {
    method: 'GET',
    path: '/api/persons/import/:id',
    summary: 'An import: status, progress, report counts',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: contactImportResponse },
  },
  importRows: {
    method: 'GET',
    path: '/api/persons/import/:id/rows',
    summary: 'The skipped and warned rows of an import, with their reasons',
    auth: manage,
    params: idParamsSchema,
    query: importRowsQuerySchema,
    responses: { 200: importRowsResponse },
  },
  importRejected: {
    method: 'GET',
    path: '/api/persons/import/:id/rejected',
    summary: 'The skipped rows as an xlsx file (their cells, then the reasons), to fix and import again',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: file(xlsx), 204: empty },
  },
});
