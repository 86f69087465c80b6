import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { startImportInputSchema, type ContactField, type ContactImport, type ImportRowReason } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { WorkerPool } from '../../platform/workers/pool.ts';
import { openSpreadsheet, SpreadsheetError, xlsxReadable, type OpenedSpreadsheet } from '../../platform/spreadsheets/index.ts';
import { accepted, columnLetters, importReadLimits, invalidContent, invalidFile, maxCellChars, spreadsheetProblem } from './import-file.ts';
import { domainCheckerFor } from './domain-check.ts';
import { guessColumns } from './header-guess.ts';
import * as imports from './repository-import.ts';
import type { ImportRow } from './repository-import.ts';
import { importQueue, type ImportJob } from './import-job.ts';
import { isBlankRow, type ImportMapping } from './importRules.ts';
import { rejectedRowsTexts } from './rejectedTexts.ts';
import { fill, pdfLanguageOf } from '../../platform/pdf-texts.ts';
import { findUserById } from '../users/index.ts';
import type { UploadedFile } from './upload.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}

const previewRows = 10;
const previewColumns = 200;
const previewCellChars = 200;

interface Analysis {
  preview: ContactImport['preview'];
  sheetRows: number;
}

/**
 * Reads the whole file once: the reader's bounds (size, rows, zip bomb) and cell sizes are checked now, before the
 * user maps the columns; the first 10 non-blank rows make the preview, the non-blank rows are counted.
 */
export async function analyse(file: UploadedFile, workers?: WorkerPool, read: { displayedText?: boolean } = {}): Promise<Analysis> {
  const { fileName, data } = file;
  if (data.length === 0) throw invalidContent(`${fileName} is empty.`);
  let sheet: OpenedSpreadsheet;
  const sample: string[][] = [];
  let sheetRows = 0;
  try {
    sheet = await openSpreadsheet(data, { ...importReadLimits, workers, sheet: file.sheet, ...read });
    if (sheet.format === 'xlsb') throw invalidFile(`${fileName} is a binary workbook (.xlsb): save it as .xlsx. ${accepted}`);
    let line = 0;
    for await (const cells of sheet.rows) {
      line++;
      if (isBlankRow(cells)) continue;
      const long = cells.findIndex((c) => c.length > maxCellChars);
      if (long >= 0) throw invalidContent(`${fileName}: cell ${columnLetters(long)}${line} holds more than ${maxCellChars.toLocaleString('en')} characters.`);
      sheetRows++;
      if (sample.length < previewRows)
        sample.push(cells.slice(0, previewColumns).map((c) => (c.length > previewCellChars ? `${c.slice(0, previewCellChars)}…` : c)));
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw spreadsheetProblem(error, fileName);
    throw error;
  }
  if (!sheetRows) throw invalidContent(sheet.sheetName === null ? `${fileName} has no rows.` : `${fileName} has no rows in its sheet "${sheet.sheetName}".`);
  const { guesses, firstLineIsHeader } = guessColumns(sample);
  const first = sample[0] ?? [];
  return {
    sheetRows,
    preview: {
      fileName,
      format: sheet.format as ContactImport['preview']['format'],
      encoding: sheet.encoding,
      delimiter: sheet.delimiter,
      sheetName: sheet.sheetName,
      sheets: sheet.sheets,
      columns: guesses.map((guess, index) => ({ index, header: first[index] ?? '', guess })),
      sampleRows: sample,
      firstLineIsHeader,
    },
  };
}

/** Step 1: checks and stores the file, answers its preview (status `uploaded`). */
export async function uploadImport(opts: Options & { file: UploadedFile }): Promise<ImportRow> {
  const { platform, actor, file } = opts;
  const { preview, sheetRows } = await analyse(file, platform.workers);
  const storageKey = `${actor.appId}/contact-import-${randomUUID()}.${preview.format}`;
  await platform.storage.put(storageKey, file.data);
  const domainCheck = (await domainCheckerFor(platform.config.emailDomainCheck)) ? 'on' : 'off';
  try {
    return await platform.database.inTenant(actor.appId, async (tx) => {
      const row = await imports.insertImport(tx, {
        appId: actor.appId,
        createdBy: actor.userId,
        storageKey,
        fileName: file.fileName,
        preview,
        sheetRows,
        domainCheck,
      });
      await audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'contact.import_uploaded',
        targetType: 'contact_import',
        targetId: row.id,
        data: { fileName: file.fileName, rows: sheetRows },
        ip: actor.ip,
      });
      return row;
    });
  } catch (error) {
    await platform.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

async function findImport(platform: Platform, actor: Actor, id: string): Promise<ImportRow> {
  const row = await platform.database.inTenant(actor.appId, (tx) => imports.findImport(tx, actor.appId, id));
  if (!row) throw notFound('Import');
  return row;
}

/** An import; once done, with how many rows each reason affected (counted once, for the report). */
export async function getImport(opts: Options & { id: string }): Promise<ImportRow & { reasonCounts?: Partial<Record<ImportRowReason, number>> }> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await imports.findImport(tx, actor.appId, opts.id);
    if (!row) throw notFound('Import');
    if (row.status !== 'done' || row.skipped + row.warnings === 0) return row;
    return { ...row, reasonCounts: await imports.reasonCounts(tx, actor.appId, row.id) };
  });
}

/** Step 2: the mapping must name columns of the file, each once; then status `queued` and the job, together. */
export async function startImport(opts: Options & { id: string; input: ReturnType<typeof startImportInputSchema.parse> }): Promise<ImportRow> {
  const { platform, actor, input } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const row = await imports.lockImport(tx, actor.appId, opts.id);
    if (!row) throw notFound('Import');
    if (row.status !== 'uploaded')
      throw new AppError('INVALID_TRANSITION', `This import is already ${row.status}: upload the file again to start another one.`);
    const columns = (row.preview as ContactImport['preview']).columns.length;
    const used = new Map<number, ContactField>();
    for (const [field, column] of Object.entries(input.mapping) as [ContactField, number][]) {
      const field_ = `mapping.${field}`;
      if (column >= columns) {
        const message = `The file has no column ${columnLetters(column)} (it has ${columns}).`;
        throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: field_, rule: 'invalid_value', message }] });
      }
      const other = used.get(column);
      if (other) {
        const message = `Column ${columnLetters(column)} is already mapped to ${other}.`;
        throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: field_, rule: 'invalid_value', message }] });
      }
      used.set(column, field);
    }
    const totalRows = Math.max(0, row.sheetRows - (input.ignoreFirstLine ? 1 : 0));
    const queued = await imports.transitionImport(tx, actor.appId, row.id, ['uploaded'], {
      status: 'queued',
      mapping: input.mapping as ImportMapping,
      ignoreFirstLine: input.ignoreFirstLine,
      totalRows,
    });
    await platform.jobs.enqueue(tx, importQueue, { appId: actor.appId, importId: row.id } satisfies ImportJob);
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'contact.import_started',
      targetType: 'contact_import',
      targetId: row.id,
      data: { totalRows },
      ip: actor.ip,
    });
    return queued!;
  });
}

export async function importOutcomes(opts: Options & { id: string; filter: { outcome?: 'skipped' | 'warning'; limit: number; offset: number } }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    if (!(await imports.findImport(tx, actor.appId, opts.id))) throw notFound('Import');
    return imports.listOutcomes(tx, actor.appId, opts.id, opts.filter);
  });
}

const rejectedPageSize = 1000;

/**
 * The skipped rows as an .xlsx file (their cells, then a "Reason" column in words, in the language of the person
 * downloading it), streamed page by page; null when none was skipped. The header is the file's first line when it
 * was one (ignored at import).
 */
export async function rejectedRows(opts: Options & { id: string }): Promise<{ fileName: string; body: Readable } | null> {
  const { platform, actor } = opts;
  const page = (afterLine: number) =>
    platform.database.inTenant(actor.appId, (tx) => imports.skippedPage(tx, actor.appId, opts.id, afterLine, rejectedPageSize));
  const row = await findImport(platform, actor, opts.id);
  const first = await page(0);
  if (!first.length) return null;
  const reader = await platform.database.inTenant(actor.appId, (tx) => findUserById(tx, actor.realUserId));
  const t = rejectedRowsTexts[pdfLanguageOf(reader?.language)];
  const preview = row.preview as ContactImport['preview'];
  const width = preview.columns.length;
  const columns = [
    ...Array.from({ length: width }, (_, i) => ({
      key: `c${i}`,
      header: (row.ignoreFirstLine ? preview.columns[i]?.header : '') || fill(t.column, { letter: columnLetters(i) }),
    })),
    { key: 'reason', header: t.reason, width: 50 },
  ];
  async function* rows() {
    for (let rows = first; rows.length; rows = rows.length < rejectedPageSize ? [] : await page(rows.at(-1)!.line)) {
      for (const r of rows) {
        const out: Record<string, string | null> = { reason: r.reasons.map((reason) => t.reasons[reason]).join('; ') };
        r.cells.slice(0, width).forEach((cell, i) => (out[`c${i}`] = cell));
        yield out;
      }
    }
  }
  const base = row.fileName.replace(/\.[^.]*$/, '') || 'contacts';
  return { fileName: `${base}-rejected.xlsx`, body: xlsxReadable({ sheetName: t.sheet, columns, rows: rows() }) };
}
