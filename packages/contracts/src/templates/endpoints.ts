import { idParamsSchema } from '../shared/common.ts';
import { defineEndpoints, file, multipart } from '../shared/endpoint.ts';
import { generatePdfInputSchema, generationBatchResponse, templateResponse } from './schemas.ts';

/**
 * Mail-merge (spec §7 Templates). Everything needs the tenant's `mailing` feature and the permission that creates
 * campaigns (`campaigns.manage`, itself behind the `campaign` feature). Conversion needs LibreOffice on the
 * server: without it the PDF calls answer 503 CONVERSION_UNAVAILABLE, with how to enable it.
 */
const manage = { audience: 'template', permission: 'campaigns.manage', feature: 'mailing' } as const;
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const templateEndpoints = defineEndpoints(['templates'], {
  upload: {
    method: 'POST',
    path: '/api/Template',
    summary: 'Stores a .docx or .odt template (one part `file`, 10 MB at most) and answers the `${variables}` it holds',
    auth: manage,
    body: multipart('One part `file`: the template (.docx or .odt), 10 MB at most.'),
    responses: { 201: templateResponse },
    idempotent: true,
  },
  get: {
    method: 'GET',
    path: '/api/Template/:id',
    summary: 'A stored template and its variables',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: templateResponse },
  },
  generatePdf: {
    method: 'POST',
    path: '/api/Template/generate/pdf',
    summary: 'The template filled with one row of values, as a PDF (the mapping preview); a missing variable is a 400 naming it',
    auth: manage,
    body: generatePdfInputSchema,
    responses: { 200: file('application/pdf') },
  },
  startBatch: {
    method: 'POST',
    path: '/api/batch/generate/pdf',
    summary: 'One PDF per row of a spreadsheet (a job): part `file` the sheet, part `request` {templateId, mapping, firstLineIsHeader}',
    auth: manage,
    body: multipart(
      'Part `file`: the spreadsheet (xlsx, xls, ods, csv; 20 MB, 10,000 rows). Part `request`: JSON {templateId, mapping: {variable: {column} | {value}}, firstLineIsHeader}.',
    ),
    responses: { 202: generationBatchResponse },
    idempotent: true,
  },
  getBatch: {
    method: 'GET',
    path: '/api/batch/generate/pdf/:id',
    summary: 'A generation batch: status and progress (done / total)',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: generationBatchResponse },
  },
  batchZip: {
    method: 'GET',
    path: '/api/batch/generate/pdf/:id/zip',
    summary: 'The PDFs of a finished batch, as a zip (one per row, named by its line)',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: file('application/zip') },
  },
  xlsxToCsv: {
    method: 'POST',
    path: '/api/Converter/xlsxToCsv',
    summary: 'The first sheet of a spreadsheet (xlsx, xls, ods; part `file`) as CSV (UTF-8 with BOM, `;`)',
    auth: manage,
    body: multipart('One part `file`: the spreadsheet, 20 MB at most.'),
    responses: { 200: file('text/csv') },
  },
  csvToXlsx: {
    method: 'POST',
    path: '/api/Converter/csvToXlsx',
    summary: 'A CSV file (part `file`; any delimiter, UTF-8 or Windows-1252) as an .xlsx workbook',
    auth: manage,
    body: multipart('One part `file`: the CSV, 20 MB at most.'),
    responses: { 200: file(xlsx) },
  },
});
