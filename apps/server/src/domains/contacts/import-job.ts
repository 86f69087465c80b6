import type { ImportRowReason } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { openSpreadsheet, SpreadsheetError } from '../../platform/spreadsheets/index.ts';
import { domainCheckerFor, type DomainChecker } from './domain-check.ts';
import * as imports from './repository-import.ts';
import type { ImportRow } from './repository-import.ts';
import { importReadLimits, sheetOf, spreadsheetProblem } from './import-file.ts';
import { domainOf, isBlankRow, judgeRow, missingName, normaliseEmail, type ImportedContact, type ImportMapping } from './importRules.ts';
import * as repo from './repository.ts';
import type { contactImportRows } from './schema.ts';
import { tenantDefaultLanguage } from './service.ts';

export const importQueue = 'contact-import';
export interface ImportJob {
  appId: string;
  importId: string;
}
/** Attempts after the first: a crash or a database outage resumes at the last committed chunk. */
export const importRetryLimit = 3;
/** Rows per transaction: one multi-row insert, one update, the outcome rows and the counters. */
export const importChunkRows = 1000;
/** What an outcome row keeps of the file's cells (to show and to download again). */
const keptCells = 200;
const keptCellChars = 1000;

/**
 * Test hook: called after each committed chunk (a test throws from it to simulate a crash between two chunks).
 * Never set by the application.
 */
export const importJobHooks: { afterChunk?: (state: { importId: string; processedRows: number }) => void | Promise<void> } = {};

interface PendingRow {
  line: number;
  cells: string[];
}

/**
 * Job: reads the stored file and imports its rows, ~1,000 per transaction. Each chunk's contacts, its skipped and
 * warned rows and the import's counters (`processed_rows` included) are committed together, so a job that dies
 * between chunks resumes after the last committed one: rows before it are read again (to rebuild the e-mails seen,
 * for duplicates) but not imported or counted twice. Only a job that finds the import `queued` or `running` works.
 */
export async function runImportJob(platform: Platform, job: ImportJob, attempt: { last: boolean } = { last: true }): Promise<void> {
  const { appId, importId } = job;
  const found = await platform.database.inTenant(appId, (tx) => imports.findImport(tx, appId, importId));
  if (!found || (found.status !== 'queued' && found.status !== 'running')) return;
  const checker = await domainCheckerFor(platform.config.emailDomainCheck);
  const row = (await platform.database.inTenant(appId, (tx) =>
    imports.transitionImport(tx, appId, importId, ['queued', 'running'], { status: 'running', domainCheck: checker ? 'on' : 'off' }),
  ))!;
  try {
    await importRows(platform, row, checker);
    await platform.database.inTenant(appId, async (tx) => {
      const done = await imports.transitionImport(tx, appId, importId, ['running'], { status: 'done', finishedAt: platform.clock() });
      if (!done) return;
      const counts = { imported: done.imported, updated: done.updated, skipped: done.skipped, warnings: done.warnings };
      await audit(tx, { appId, actorUserId: done.createdBy, action: 'contact.import_done', targetType: 'contact_import', targetId: importId, data: counts });
      await platform.events.emit(tx, {
        type: 'contact.import_finished',
        appId,
        actorUserId: done.createdBy,
        data: { importId, fileName: done.fileName, requestedBy: done.createdBy, status: 'done', ...counts },
      });
    });
  } catch (error) {
    // A file that turns out unreadable part-way will not read better next time: the import fails now.
    const reason =
      error instanceof SpreadsheetError
        ? spreadsheetProblem(error, row.fileName).message
        : attempt.last
          ? 'The import stopped on an unexpected error.'
          : undefined;
    if (reason === undefined) throw error;
    await platform.database.inTenant(appId, async (tx) => {
      const failed = await imports.transitionImport(tx, appId, importId, ['running'], { status: 'failed', error: reason, finishedAt: platform.clock() });
      if (!failed) return;
      await audit(tx, {
        appId,
        actorUserId: row.createdBy,
        action: 'contact.import_failed',
        targetType: 'contact_import',
        targetId: importId,
        data: { error: reason },
      });
      const counts = { imported: failed.imported, updated: failed.updated, skipped: failed.skipped, warnings: failed.warnings };
      await platform.events.emit(tx, {
        type: 'contact.import_finished',
        appId,
        actorUserId: row.createdBy,
        data: { importId, fileName: row.fileName, requestedBy: row.createdBy, status: 'failed', ...counts },
      });
    });
    if (!(error instanceof SpreadsheetError)) throw error;
  }
}

async function importRows(platform: Platform, row: ImportRow, checker: DomainChecker | null): Promise<void> {
  const mapping = row.mapping as ImportMapping;
  const mailColumn = mapping.mail!;
  const sheet = await openSpreadsheet(await platform.storage.get(row.storageKey), {
    ...importReadLimits,
    workers: platform.workers,
    sheet: sheetOf(row.preview),
  });
  const seen = new Set<string>();
  let processed = row.processedRows;
  let dataRows = 0;
  let line = 0;
  let firstLine = true;
  let chunk: PendingRow[] = [];
  for await (const cells of sheet.rows) {
    line++;
    if (isBlankRow(cells)) continue;
    if (firstLine) {
      firstLine = false;
      if (row.ignoreFirstLine) continue;
    }
    if (dataRows++ < row.processedRows) {
      // Done by an earlier run: only its e-mail matters now (a later duplicate of it is still a duplicate).
      const mail = normaliseEmail((cells[mailColumn] ?? '').trim());
      if (mail) seen.add(mail);
      continue;
    }
    chunk.push({ line, cells });
    if (chunk.length >= importChunkRows) {
      processed = await commitChunk(platform, row, chunk, processed, { mapping, seen, checker });
      chunk = [];
    }
  }
  if (chunk.length) await commitChunk(platform, row, chunk, processed, { mapping, seen, checker });
}

const keep = (cells: string[]) => cells.slice(0, keptCells).map((c) => (c.length > keptCellChars ? c.slice(0, keptCellChars) : c));

const forInsert = (c: ImportedContact, lang: string): repo.ContactValues => ({
  ...c,
  firstname: c.firstname ?? missingName,
  lastname: c.lastname ?? missingName,
  lang: c.lang ?? lang,
});

async function commitChunk(
  platform: Platform,
  row: ImportRow,
  chunk: PendingRow[],
  processedBefore: number,
  ctx: { mapping: ImportMapping; seen: Set<string>; checker: DomainChecker | null },
): Promise<number> {
  const { appId, id: importId } = row;
  // Domains first (outside any transaction: lookups may take seconds), only those of rows that will ask.
  const domains = new Set<string>();
  for (const { cells } of chunk) {
    const mail = normaliseEmail((cells[ctx.mapping.mail!] ?? '').trim());
    if (mail && !ctx.seen.has(mail)) domains.add(domainOf(mail));
  }
  const unresolved = ctx.checker ? await ctx.checker.unresolved(domains) : new Set<string>();
  const accepted: ImportedContact[] = [];
  const outcomes: (typeof contactImportRows.$inferInsert)[] = [];
  let skipped = 0;
  let warned = 0;
  for (const { line, cells } of chunk) {
    const verdict = judgeRow(cells, ctx.mapping, { seen: ctx.seen, domainResolves: (d) => !unresolved.has(d) });
    if (verdict.kind === 'blank') continue;
    let reasons: ImportRowReason[] = [];
    if (verdict.kind === 'skipped') {
      skipped++;
      reasons = verdict.reasons;
    } else {
      accepted.push(verdict.contact);
      if (verdict.warnings.length) warned++;
      reasons = verdict.warnings;
    }
    if (reasons.length) outcomes.push({ importId, appId, line, outcome: verdict.kind === 'skipped' ? 'skipped' : 'warning', reasons, cells: keep(cells) });
  }
  const lang = tenantDefaultLanguage();
  const now = platform.clock();
  await platform.database.inTenant(appId, async (tx: Tx) => {
    const current = await imports.lockImport(tx, appId, importId);
    if (!current || current.status !== 'running' || current.processedRows !== processedBefore) {
      throw new Error(`contact import ${importId} moved on meanwhile (another worker?): this run stops`);
    }
    const existing = await repo.existingMails(
      tx,
      appId,
      accepted.map((c) => c.mail),
    );
    const fresh = accepted.filter((c) => !existing.has(c.mail));
    const raced = await repo.insertImported(
      tx,
      appId,
      fresh.map((c) => forInsert(c, lang)),
    );
    const toUpdate = accepted.filter((c) => existing.has(c.mail) || raced.has(c.mail));
    const updated = await repo.updateImported(tx, appId, toUpdate, now);
    await imports.insertOutcomes(tx, outcomes);
    const counts = { rows: chunk.length, imported: fresh.length - raced.size, updated, skipped, warnings: warned };
    if (!(await imports.advanceImport(tx, appId, importId, processedBefore, counts))) throw new Error(`contact import ${importId}: counters moved meanwhile`);
  });
  const processedRows = processedBefore + chunk.length;
  await importJobHooks.afterChunk?.({ importId, processedRows });
  return processedRows;
}
