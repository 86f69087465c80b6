import { sql } from 'drizzle-orm';
import { maxOrdersPerOperation, maxSignersPerOrder, signerStepSchema, type OrderImportReport, type OrderImportRowReason } from '@paraphe/contracts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { openSpreadsheet, SpreadsheetError } from '../../platform/spreadsheets/index.ts';
import type { WorkerPool } from '../../platform/workers/pool.ts';
import { importReadLimits, judgeRow, missingName, spreadsheetProblem, type ImportMapping, type UploadedFile } from '../contacts/index.ts';
import { documentMatcher, type DocumentMatch } from './documentNames.ts';
import { guessOrderColumn, type OrderColumnField } from './orderColumns.ts';
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
 * with `preview` nothing is saved.
 */
export const importTemplateCsv = [
  'document,signer1_firstname,signer1_lastname,signer1_email,signer1_phone,signer1_language,signer1_page,signer1_x,signer1_y,signer2_firstname,signer2_lastname,signer2_email,signer2_phone,signer2_language',
  'contract-001.pdf,Anne,Martin,anne.martin@example.com,+33612345678,fr,1,100,650,Paul,Durand,paul.durand@example.com,,en',
  'contract-002.pdf,Jean,Petit,jean.petit@example.com,,fr,-1,100,650,,,,,',
].join('\r\n');

const keptLines = 1000;

interface Columns {
  document: number;
  signers: { mapping: ImportMapping; role?: number; step?: number; page?: number; x?: number; y?: number }[];
}

/**
 * The columns the header names (orderColumns.ts), each (signer, field) at its leftmost column. A header without them
 * is refused naming the sheet read; the workbook's sheets go with the error (`params.sheets`), so that the user can
 * pick the right one when the workbook opens on another (a "Read me" sheet).
 */
function columnsOf(header: readonly string[], sheet: { sheetName: string | null; sheets: string[] }): Columns {
  const refuse = (message: string, column: string) =>
    new AppError('VALIDATION_FAILED', sheet.sheetName === null ? message : `${message} (sheet "${sheet.sheetName}")`, {
      fields: [{ field: 'file', rule: 'required', message: `Missing column "${column}".`, ...(sheet.sheets.length > 1 ? { params: { sheet: sheet.sheetName ?? '', sheets: JSON.stringify(sheet.sheets) } } : {}) }],
    });
  const at = new Map<string, number>();
  header.forEach((text, index) => {
    const guess = guessOrderColumn(text);
    const key = guess && (guess.signer === null ? guess.field : `${guess.signer + 1}:${guess.field}`);
    if (key && !at.has(key)) at.set(key, index);
  });
  const document = at.get('document');
  if (document === undefined) throw refuse('The first row must name the columns, with a "document" column (or "file", "fichier"…; see the template).', 'document');
  const signers: Columns['signers'] = [];
  for (let n = 1; n <= maxSignersPerOrder; n++) {
    const col = (field: OrderColumnField) => at.get(`${n}:${field}`);
    const mail = col('mail');
    if (mail === undefined) continue;
    signers.push({ mapping: { mail, firstname: col('firstname'), lastname: col('lastname'), mobile: col('mobile'), lang: col('lang') }, role: col('role'), step: col('step'), page: col('page'), x: col('x'), y: col('y') });
  }
  if (!signers.length) throw refuse('Name at least one signer column "signer1_email" (see the template).', 'signer1_email');
  return { document, signers };
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
]);

/** Reads and judges every row; the kept rows as orders. */
async function readOrders(
  file: UploadedFile,
  language: string,
  workers: WorkerPool,
  documentOf: (cell: string) => DocumentMatch,
): Promise<{ orders: repo.NewOrder[]; lines: Line[]; rows: number; rejected: number; sheetName: string | null; sheets: string[] }> {
  const orders: repo.NewOrder[] = [];
  const lines: Line[] = [];
  let rows = 0;
  let rejected = 0;
  let sheetName: string | null = null;
  let sheets: string[] = [];
  try {
    const sheet = await openSpreadsheet(file.data, { ...importReadLimits, workers, sheet: file.sheet });
    ({ sheetName, sheets } = sheet);
    let columns: Columns | null = null;
    let line = 0;
    for await (const cells of sheet.rows) {
      line++;
      if (!columns) {
        columns = columnsOf(cells, sheet);
        continue;
      }
      if (cells.every((c) => c.trim() === '')) continue;
      rows++;
      const match = documentOf(cells[columns.document] ?? '');
      const document = 'fileName' in match ? match.fileName : (cells[columns.document] ?? '').trim();
      const reasons: Line['reasons'] = [];
      const reject = (signer: number | null, reason: OrderImportRowReason) => reasons.push({ signer, reason });
      const order: repo.NewOrder = { documentName: document, signers: [], fields: [] };
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
        order.signers.push({
          firstname: verdict.contact.firstname ?? missingName,
          lastname: verdict.contact.lastname ?? missingName,
          email: verdict.contact.mail,
          phone: verdict.contact.mobile,
          language: (verdict.contact.lang ?? language) as repo.NewOrder['signers'][number]['language'],
          role: role === 'validator' || role === 'observer' ? role : 'signer',
          step: step.data ?? null,
        });
        const [page, x, y] = [numberIn(cells, c.page), numberIn(cells, c.x), numberIn(cells, c.y)];
        if (page !== undefined || x !== undefined || y !== undefined) {
          const ok = [page ?? -1, x ?? 0, y ?? 0].every(Number.isFinite) && (page ?? -1) !== 0 && (page ?? -1) >= -1;
          if (ok) order.fields.push({ page: page ?? -1, x: x ?? 0, y: y ?? 0, width: 150, height: 60, signerIndex: order.signers.length - 1 });
          else reject(n, 'invalid_field');
        }
      });
      if (!order.signers.length && !reasons.some((r) => r.reason === 'invalid_email')) reject(null, 'no_signer');
      const refused = reasons.some((r) => refusingReasons.has(r.reason));
      if (refused) rejected++;
      else orders.push(withDefaultFields(order));
      if (lines.length < keptLines) lines.push({ line, outcome: refused ? 'rejected' : 'kept', document, signers: order.signers.length, reasons });
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw spreadsheetProblem(error, file.fileName);
    throw error;
  }
  return { orders, lines, rows, rejected, sheetName, sheets };
}

/** Imports (or previews) the orders of a spreadsheet into a draft: the kept rows are added after its orders. */
export async function importOrders(opts: Options & { id: string; file: UploadedFile; preview: boolean }): Promise<OrderImportReport> {
  const { platform, actor, file } = opts;
  const { operation, pool } = await platform.database.inTenant(actor.appId, async (tx) => {
    const found = await findVisible(tx, actor, opts.id);
    return { operation: found, pool: (await repo.documentsOf(tx, actor.appId, found.id)).map((d) => d.fileName) };
  });
  assertOperationAction(operation, 'import');
  const read = await readOrders(file, operation.options.language, platform.workers, documentMatcher(pool));
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await findVisible(tx, actor, opts.id, { lock: true });
    assertOperationAction(row, 'import');
    if (row.orderCount + read.orders.length > maxOrdersPerOperation) throw new AppError('VALIDATION_FAILED', `An operation holds at most ${maxOrdersPerOperation.toLocaleString('en')} orders.`, { fields: [{ field: 'file', rule: 'invalid_value', message: 'too_many_orders' }] });
    // A file removed from the pool while the sheet was read: the send names it.
    const stillPooled = new Set((await repo.documentsOf(tx, actor.appId, row.id)).map((d) => d.fileName));
    const missingDocuments = [...new Set(read.orders.map((o) => o.documentName).filter((n) => !stillPooled.has(n)))].slice(0, 100);
    if (!opts.preview && read.orders.length) {
      const n = await repo.appendOrders(tx, actor.appId, row.id, read.orders);
      await repo.bump(tx, actor.appId, row.id, [{ from: null, to: 'draft', n }], [sql`order_count = order_count + ${n}`, sql`saved_at = coalesce(saved_at, now())`]);
      await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'operation.orders_imported', targetType: 'operation', targetId: row.id, data: { fileName: file.fileName, kept: n, rejected: read.rejected }, ip: actor.ip });
    }
    return { preview: opts.preview, fileName: file.fileName, sheetName: read.sheetName, sheets: read.sheets, rows: read.rows, kept: read.orders.length, rejected: read.rejected, lines: read.lines, missingDocuments };
  });
}
