import {
  maxOrdersPerOperation,
  maxSignersPerOrder,
  signerStepSchema,
  type OrderImportColumns,
  type OrderImportMapping,
  type OrderImportReport,
  type OrderImportRowReason,
  type PersonLanguage,
} from '@paraphe/contracts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { openSpreadsheet, SpreadsheetError } from '../../platform/spreadsheets/index.ts';
import type { WorkerPool } from '../../platform/workers/pool.ts';
import {
  analyseSpreadsheet,
  columnLetters,
  importReadLimits,
  judgeRow,
  missingName,
  spreadsheetProblem,
  type ImportMapping,
  type UploadedFile,
} from '../contacts/index.ts';
import { documentMatcher, type DocumentMatch } from './documentNames.ts';
import { applyOrderModel, type OrderModel } from './order-model.ts';
import { orderColumnOfKey, proposeOrderMapping } from './orderColumns.ts';
import * as repo from './repository.ts';
import { assertOperationAction, findVisible, withDefaultFields, type Options } from './service.ts';

/**
 * Orders from a spreadsheet (docs/operations.md "Import"): one row per order, a header naming the columns —
 * `document`, then per signer n (1…10) `signerN_firstname`, `signerN_lastname`, `signerN_email`, `signerN_phone`,
 * `signerN_language`, optionally `signerN_role`, `signerN_step` (parallel signing) and the field position `signerN_page`, `signerN_x`, `signerN_y`
 * (`page`, `x`, `y` alone: signer 1's). Each signer goes through the address book's row rules (contacts'
 * judgeRow): an invalid e-mail or a mobile not in international format rejects the row (an order is sent as is,
 * nobody is there to fix it later); an unknown language becomes the operation's (a warning). The document must be a
 * file of the pool, named without a folder (documentNames.ts). Every row is reported with its sheet row number;
 * with `preview` nothing is saved. The columns are read with the mapping the client sends (step 2 of the screen), else
 * with the one step 1 proposes (the tenant's remembered mapping, then the guess from the header words).
 */
export const importTemplateCsv = [
  'document,signer1_firstname,signer1_lastname,signer1_email,signer1_phone,signer1_language,signer1_page,signer1_x,signer1_y,signer2_firstname,signer2_lastname,signer2_email,signer2_phone,signer2_language',
  'contract-001.pdf,Anne,Martin,anne.martin@example.com,+33612345678,fr,1,100,650,Paul,Durand,paul.durand@example.com,,en',
  'contract-002.pdf,Jean,Petit,jean.petit@example.com,,fr,-1,100,650,,,,,',
].join('\r\n');

const keptLines = 1000;

interface Columns {
  /** Absent in an operation made from a template: each order then signs the template's document. */
  document: number | undefined;
  signers: { signer: number; mapping: ImportMapping; role?: number; step?: number; page?: number; x?: number; y?: number }[];
}

/** A refused mapping, naming the field (`mapping.signer2_email`). */
const mappingError = (key: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field: `mapping.${key}`, rule: 'invalid_value', message, params: { field: key } }] });

/** A mapping the client sent: fields of an order, columns of the header, each column feeding one field, each signer's e-mail given. */
function checkSentMapping(mapping: OrderImportMapping, header: readonly string[]): void {
  const keyOfColumn = new Map<number, string>();
  for (const [key, column] of Object.entries(mapping)) {
    const field = orderColumnOfKey(key);
    if (!field) throw mappingError(key, `"${key}" is not a field of an order: name the fields as the template's columns (document, signer1_email…).`);
    if (column >= header.length)
      throw mappingError(key, `The sheet has no column ${columnLetters(column)} for "${key}" (its first row names ${header.length} columns).`);
    const other = keyOfColumn.get(column);
    if (other) throw mappingError(key, `Column ${columnLetters(column)} is mapped to both "${other}" and "${key}": a column feeds one field.`);
    keyOfColumn.set(column, key);
    const email = `signer${(field.signer ?? 0) + 1}_email`;
    if (field.signer !== null && mapping[email] === undefined)
      throw mappingError(email, `Map a column to "${email}", or leave signer ${field.signer + 1}'s other columns ("${key}") unmapped.`);
  }
}

/** The mapping to read a sheet with: the one the client sent (checked), else the one proposed from its header. */
type MappingChoice = { sent: OrderImportMapping } | { remembered: Record<string, string> | null };

/**
 * The columns of the mapping. A header without a document or a signer's e-mail is refused naming the sheet read; the
 * workbook's sheets go with the error (`params.sheets`), so that the user can pick the right one when the workbook
 * opens on another (a "Read me" sheet). A mapping sent without them is refused naming the field.
 */
function columnsOf(
  header: readonly string[],
  sheet: { sheetName: string | null; sheets: string[] },
  choice: MappingChoice,
  model: OrderModel | null,
): { columns: Columns; mapping: OrderImportMapping } {
  const refuse = (message: string, column: string) =>
    new AppError('VALIDATION_FAILED', sheet.sheetName === null ? message : `${message} (sheet "${sheet.sheetName}")`, {
      fields: [
        {
          field: 'file',
          rule: 'required',
          message: `Missing column "${column}".`,
          ...(sheet.sheets.length > 1 ? { params: { sheet: sheet.sheetName ?? '', sheets: JSON.stringify(sheet.sheets) } } : {}),
        },
      ],
    });
  const sent = 'sent' in choice;
  const mapping = sent ? choice.sent : proposeOrderMapping(header, choice.remembered).mapping;
  if (sent) checkSentMapping(mapping, header);
  const document = mapping.document;
  if (document === undefined && !model) {
    if (sent) throw mappingError('document', 'Map a column to "document": the file name of each order.');
    throw refuse('The first row must name the columns, with a "document" column (or "file", "fichier"…; see the template).', 'document');
  }
  const signers: Columns['signers'] = [];
  for (let n = 1; n <= maxSignersPerOrder; n++) {
    const col = (word: string) => mapping[`signer${n}_${word}`];
    const mail = col('email');
    if (mail === undefined) continue;
    signers.push({
      signer: n - 1,
      mapping: { mail, firstname: col('firstname'), lastname: col('lastname'), mobile: col('phone'), lang: col('language') },
      role: col('role'),
      step: col('step'),
      page: col('page'),
      x: col('x'),
      y: col('y'),
    });
  }
  if (!signers.length) {
    if (sent) throw mappingError('signer1_email', 'Map a column to "signer1_email": each order needs at least one signer\'s e-mail.');
    throw refuse('Name at least one signer column "signer1_email" (see the template).', 'signer1_email');
  }
  return { columns: { document, signers }, mapping };
}

const numberIn = (cells: readonly string[], index: number | undefined) => {
  const text = index === undefined ? '' : (cells[index] ?? '').trim();
  return text === '' ? undefined : Number(text);
};

type Line = OrderImportReport['lines'][number];

/** What rejects a row; the other reasons are warnings on a kept row. */
const refusingReasons = new Set<OrderImportRowReason>([
  'document_missing',
  'document_path',
  'document_not_uploaded',
  'document_ambiguous',
  'no_signer',
  'invalid_field',
  'invalid_step',
  'invalid_email',
  'mobile_invalid',
  'domain_unresolved',
  'role_missing',
  'too_many_signers',
]);

/** Reads and judges every row; the kept rows as orders. */
async function readOrders(
  file: UploadedFile,
  language: string,
  workers: WorkerPool,
  documentOf: (cell: string) => DocumentMatch,
  choice: MappingChoice,
  model: OrderModel | null,
): Promise<{
  orders: repo.NewOrder[];
  lines: Line[];
  rows: number;
  rejected: number;
  sheetName: string | null;
  sheets: string[];
  header: readonly string[];
  mapping: OrderImportMapping;
}> {
  const orders: repo.NewOrder[] = [];
  const lines: Line[] = [];
  let rows = 0;
  let rejected = 0;
  let sheetName: string | null = null;
  let sheets: string[] = [];
  let header: readonly string[] = [];
  let mapping: OrderImportMapping = {};
  try {
    const sheet = await openSpreadsheet(file.data, { ...importReadLimits, workers, sheet: file.sheet });
    ({ sheetName, sheets } = sheet);
    let columns: Columns | null = null;
    let line = 0;
    for await (const cells of sheet.rows) {
      line++;
      if (cells.every((c) => c.trim() === '')) continue;
      if (!columns) {
        // The first row that is not blank names the columns (as step 1 reads it).
        ({ columns, mapping } = columnsOf(cells, sheet, choice, model));
        header = cells;
        continue;
      }
      rows++;
      const cell = columns.document === undefined ? '' : (cells[columns.document] ?? '');
      // From a template, a row naming no document signs the template's.
      const match: DocumentMatch = model && !cell.trim() ? { fileName: model.document } : documentOf(cell);
      const document = 'fileName' in match ? match.fileName : cell.trim();
      const reasons: Line['reasons'] = [];
      const reject = (signer: number | null, reason: OrderImportRowReason) => reasons.push({ signer, reason });
      let order: repo.NewOrder = { documentName: document, signers: [], fields: [] };
      if ('problem' in match) reject(null, match.problem);
      columns.signers.forEach((c, n) => {
        if (c.mapping.mail !== undefined && !(cells[c.mapping.mail] ?? '').trim()) return; // no such signer on this row
        // A fresh "seen" per signer: the same person may sign several orders.
        const verdict = judgeRow(cells, c.mapping, { seen: new Set(), domainResolves: () => true });
        if (verdict.kind === 'blank') return;
        if (verdict.kind === 'skipped') return verdict.reasons.forEach((r) => reject(n, r));
        verdict.warnings.forEach((r) => reasons.push({ signer: n, reason: r }));
        const role = c.role === undefined ? '' : (cells[c.role] ?? '').trim().toLowerCase();
        // Parallel signing: the same rule as a typed order's step (signerStepSchema).
        const step = signerStepSchema.safeParse(numberIn(cells, c.step));
        if (!step.success) reject(n, 'invalid_step');
        // From a template, signer n is role n: a signer left out keeps its place (its role's prefilled person fills it).
        const index = model ? c.signer : order.signers.length;
        order.signers[index] = {
          firstname: verdict.contact.firstname ?? missingName,
          lastname: verdict.contact.lastname ?? missingName,
          email: verdict.contact.mail,
          phone: verdict.contact.mobile,
          language: (verdict.contact.lang ?? language) as repo.NewOrder['signers'][number]['language'],
          role: role === 'validator' || role === 'observer' ? role : 'signer',
          step: step.data ?? null,
        };
        const [page, x, y] = [numberIn(cells, c.page), numberIn(cells, c.x), numberIn(cells, c.y)];
        if (page !== undefined || x !== undefined || y !== undefined) {
          const ok = [page ?? -1, x ?? 0, y ?? 0].every(Number.isFinite) && (page ?? -1) !== 0 && (page ?? -1) >= -1;
          if (ok) order.fields.push({ page: page ?? -1, x: x ?? 0, y: y ?? 0, width: 150, height: 60, signerIndex: index });
          else reject(n, 'invalid_field');
        }
      });
      if (!order.signers.length && !model && !reasons.some((r) => r.reason === 'invalid_email')) reject(null, 'no_signer');
      const applied = applyOrderModel(order, model, language as PersonLanguage);
      if ('order' in applied) order = applied.order;
      else reject(applied.problem.reason === 'role_missing' ? applied.problem.signer : null, applied.problem.reason);
      const refused = reasons.some((r) => refusingReasons.has(r.reason));
      if (refused) rejected++;
      else orders.push(withDefaultFields(order));
      if (lines.length < keptLines) lines.push({ line, outcome: refused ? 'rejected' : 'kept', document, signers: order.signers.length, reasons });
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw spreadsheetProblem(error, file.fileName);
    throw error;
  }
  return { orders, lines, rows, rejected, sheetName, sheets, header, mapping };
}

/** Imports (or previews) the orders of a spreadsheet into a draft: the kept rows are added after its orders. */
export async function importOrders(
  opts: Options & { id: string; file: UploadedFile; preview: boolean; mapping?: OrderImportMapping; rememberMapping?: boolean },
): Promise<OrderImportReport> {
  const { platform, actor, file } = opts;
  const { operation, pool, remembered } = await platform.database.inTenant(actor.appId, async (tx) => {
    const found = await findVisible(tx, actor, opts.id);
    return {
      operation: found,
      pool: (await repo.documentsOf(tx, actor.appId, found.id)).map((d) => d.fileName),
      remembered: opts.mapping ? null : await repo.findImportMapping(tx, actor.appId),
    };
  });
  assertOperationAction(operation, 'import');
  const choice: MappingChoice = opts.mapping ? { sent: opts.mapping } : { remembered };
  const read = await readOrders(file, operation.options.language, platform.workers, documentMatcher(pool), choice, operation.orderModel);
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id, { lock: true });
    assertOperationAction(row, 'import');
    if (row.orderCount + read.orders.length > maxOrdersPerOperation)
      throw new AppError('VALIDATION_FAILED', `An operation holds at most ${maxOrdersPerOperation.toLocaleString('en')} orders.`, {
        fields: [{ field: 'file', rule: 'invalid_value', message: 'too_many_orders' }],
      });
    // A file removed from the pool while the sheet was read: the send names it.
    const stillPooled = new Set((await repo.documentsOf(tx, actor.appId, row.id)).map((d) => d.fileName));
    const missingDocuments = [...new Set(read.orders.map((o) => o.documentName).filter((n) => !stillPooled.has(n)))].slice(0, 100);
    if (!opts.preview && opts.rememberMapping) await repo.saveImportMapping(tx, actor.appId, actor.realUserId, headersOf(read.mapping, read.header));
    if (!opts.preview && read.orders.length) {
      const n = await repo.appendOrders(tx, actor.appId, row.id, read.orders);
      await repo.addImportedOrderCount(tx, actor.appId, row.id, n);
      await audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'operation.orders_imported',
        targetType: 'operation',
        targetId: row.id,
        data: { fileName: file.fileName, kept: n, rejected: read.rejected, rememberedMapping: opts.rememberMapping === true },
        ip: actor.ip,
      });
    }
    return {
      preview: opts.preview,
      fileName: file.fileName,
      sheetName: read.sheetName,
      sheets: read.sheets,
      rows: read.rows,
      kept: read.orders.length,
      rejected: read.rejected,
      lines: read.lines,
      missingDocuments,
      mapping: read.mapping,
    };
  });
}

/** What is remembered of a mapping: each field with its column's header text (a column without one is not remembered). */
const headersOf = (mapping: OrderImportMapping, header: readonly string[]): Record<string, string> =>
  Object.fromEntries(Object.entries(mapping).flatMap(([key, column]) => (header[column]?.trim() ? [[key, header[column]!.trim()]] : [])));

const sampleSize = 5;

/**
 * Step 1 (nothing saved): the sheet's columns (its first row that is not blank), the mapping proposed — the tenant's
 * remembered one where the header texts match, the guess elsewhere — and the first rows under the header. The file
 * is checked as the import reads it (size, rows, cells), so that step 2 is refused for the mapping only.
 */
export async function importColumns(opts: Options & { id: string; file: UploadedFile }): Promise<OrderImportColumns> {
  const { platform, actor, file } = opts;
  const remembered = await platform.database.inTenant(actor.appId, async (tx) => {
    assertOperationAction(await findVisible(tx, actor, opts.id), 'import');
    return repo.findImportMapping(tx, actor.appId);
  });
  const { preview, sheetRows } = await analyseSpreadsheet(file, platform.workers);
  const [header = [], ...rows] = preview.sampleRows;
  const proposed = proposeOrderMapping(header, remembered);
  return {
    fileName: file.fileName,
    sheetName: preview.sheetName ?? null,
    sheets: preview.sheets ?? [],
    columns: header.map((text, index) => ({ index, header: text })),
    mapping: proposed.mapping,
    remembered: proposed.remembered,
    sampleRows: rows.slice(0, sampleSize).map((cells) => header.map((_, index) => cells[index] ?? '')),
    rows: sheetRows - 1,
  };
}

/** Forgets the tenant's remembered mapping (the next imports start from the guess). */
export async function forgetImportMapping(opts: Options): Promise<void> {
  const { platform, actor } = opts;
  await platform.database.inTenant(actor.appId, async (tx) => {
    if (await repo.deleteImportMapping(tx, actor.appId))
      await audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'operation.import_mapping_forgotten',
        targetType: 'application',
        targetId: actor.appId,
        data: {},
        ip: actor.ip,
      });
  });
}
