import { randomUUID } from 'node:crypto';
import { maxCampaignSignatories, type ContactImport, type StartSignatoryImportInput } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { openSpreadsheet, SpreadsheetError } from '../../platform/spreadsheets/index.ts';
import {
  analyseSpreadsheet,
  columnLetters,
  domainCheckerFor,
  domainOf,
  importReadLimits,
  judgeRow,
  missingName,
  normaliseEmail,
  sheetOf,
  spreadsheetProblem,
  type ImportMapping,
  type UploadedFile,
} from '../contacts/index.ts';
import * as repo from './repository.ts';
import type { ImportOutcomeReason } from './schema.ts';
import { assertCampaignAction, findVisible, type Options } from './service.ts';

/**
 * Signatories from a spreadsheet, in two steps as the address book's import (same file checks, same row rules:
 * contacts/importRules): upload → preview and guessed mapping; start → a job that reads the file and adds the
 * accepted rows 1,000 per transaction, resuming at the last committed chunk after a crash.
 */
export const signatoryImportQueue = 'campaign-import';
export interface SignatoryImportJob {
  appId: string;
  importId: string;
}
export type ImportRow = repo.SignatoryImportRow;
const chunkRows = 1000;
const keptOutcomes = 1000;

export async function uploadSignatories(opts: Options & { id: string; file: UploadedFile }): Promise<ImportRow> {
  const { platform, actor, file } = opts;
  const campaign = await platform.database.inTenant(actor.appId, (tx) => findVisible(tx, actor, opts.id));
  assertCampaignAction(campaign, 'import');
  const { preview, sheetRows } = await analyseSpreadsheet(file, platform.workers, { displayedText: true });
  const storageKey = `${actor.appId}/campaign-import-${randomUUID()}.${preview.format}`;
  await platform.storage.put(storageKey, file.data);
  const domainCheck = (await domainCheckerFor(platform.config.emailDomainCheck)) ? 'on' : 'off';
  try {
    return await platform.database.inTenant(actor.appId, async (tx) => {
      const row = await repo.insertSignatoryImport(tx, {
        appId: actor.appId,
        campaignId: campaign.id,
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
        action: 'campaign.import_uploaded',
        targetType: 'campaign',
        targetId: campaign.id,
        data: { importId: row.id, rows: sheetRows },
        ip: actor.ip,
      });
      return row;
    });
  } catch (error) {
    await platform.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

export async function findSignatoryImport(opts: Options & { id: string; importId: string }): Promise<ImportRow> {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const campaign = await findVisible(tx, actor, opts.id);
    const row = await repo.findSignatoryImport(tx, actor.appId, campaign.id, opts.importId);
    if (!row) throw notFound('Import');
    return row;
  });
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { fields: [{ field, rule: 'invalid_value', message }] });

export async function startSignatoryImport(
  opts: Options & { id: string; importId: string; input: StartSignatoryImportInput & { variables: Record<string, number> } },
): Promise<ImportRow> {
  const { platform, actor, input } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const campaign = await findVisible(tx, actor, opts.id, { lock: true });
    assertCampaignAction(campaign, 'import');
    const row = await repo.findSignatoryImport(tx, actor.appId, campaign.id, opts.importId, { lock: true });
    if (!row) throw notFound('Import');
    if (row.status !== 'uploaded')
      throw new AppError('INVALID_TRANSITION', `This import is already ${row.status}: upload the file again to start another one.`);
    const columns = (row.preview as ContactImport['preview']).columns.length;
    const used = new Map<number, string>();
    for (const [field, column] of [
      ...Object.entries(input.mapping),
      ...Object.entries(input.variables).map(([name, c]) => [`variables.${name}`, c] as const),
    ] as [string, number][]) {
      const path = field.startsWith('variables.') ? field : `mapping.${field}`;
      if (column >= columns) throw invalid(path, `The file has no column ${columnLetters(column)} (it has ${columns}).`);
      if (used.has(column) && !field.startsWith('variables.')) throw invalid(path, `Column ${columnLetters(column)} is already mapped to ${used.get(column)}.`);
      used.set(column, field);
    }
    const totalRows = Math.max(0, row.sheetRows - (input.ignoreFirstLine ? 1 : 0));
    const queued = await repo.updateSignatoryImport(tx, row.id, {
      status: 'queued',
      mapping: input.mapping as Record<string, number>,
      variables: input.variables,
      ignoreFirstLine: input.ignoreFirstLine,
      totalRows,
    });
    await platform.jobs.enqueue(tx, signatoryImportQueue, { appId: actor.appId, importId: row.id } satisfies SignatoryImportJob);
    return queued;
  });
}

/** The import job: resumable (processed_rows is committed with each chunk). */
export async function runSignatoryImport(platform: Platform, job: SignatoryImportJob, attempt: { last: boolean } = { last: true }) {
  const load = () => platform.database.inTenant(job.appId, (tx) => repo.signatoryImportById(tx, job.importId));
  let row = await load();
  if (!row || row.status === 'done' || row.status === 'failed') return;
  try {
    await platform.database.inTenant(job.appId, (tx) => repo.updateSignatoryImport(tx, row!.id, { status: 'running' }));
    const mapping = row.mapping as ImportMapping;
    const checker = row.domainCheck === 'on' ? await domainCheckerFor('on') : null;
    // Cells as the sheet shows them: a value kept as a mail-merge variable merges as its author saw it (1234.50).
    const sheet = await openSpreadsheet(await platform.storage.get(row.storageKey), {
      ...importReadLimits,
      workers: platform.workers,
      sheet: sheetOf(row.preview),
      displayedText: true,
    }).catch((error: unknown) => {
      throw error instanceof SpreadsheetError ? spreadsheetProblem(error, row!.fileName) : error;
    });
    const seen = new Set<string>();
    let chunk: { line: number; cells: string[] }[] = [];
    let line = 0;
    let dataRows = 0;
    for await (const cells of sheet.rows) {
      line++;
      if (line === 1 && row.ignoreFirstLine) continue;
      if (cells.every((c) => c.trim() === '')) continue;
      if (dataRows++ < row.processedRows) {
        const mail = normaliseEmail((cells[mapping.mail!] ?? '').trim());
        if (mail) seen.add(mail);
        continue;
      }
      chunk.push({ line, cells });
      if (chunk.length >= chunkRows) {
        row = await commitChunk(platform, row, chunk, seen, checker);
        chunk = [];
      }
    }
    if (chunk.length) row = await commitChunk(platform, row, chunk, seen, checker);
    await platform.database.inTenant(job.appId, (tx) => repo.updateSignatoryImport(tx, job.importId, { status: 'done', finishedAt: platform.clock() }));
  } catch (error) {
    if (!attempt.last && !(error instanceof AppError)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    await platform.database.inTenant(job.appId, (tx) =>
      repo.updateSignatoryImport(tx, job.importId, { status: 'failed', error: message.slice(0, 500), finishedAt: platform.clock() }),
    );
  }
}

async function commitChunk(
  platform: Platform,
  row: ImportRow,
  chunk: { line: number; cells: string[] }[],
  seen: Set<string>,
  checker: Awaited<ReturnType<typeof domainCheckerFor>>,
): Promise<ImportRow> {
  const mapping = row.mapping as ImportMapping;
  const domains = new Set<string>();
  for (const { cells } of chunk) {
    const mail = normaliseEmail((cells[mapping.mail!] ?? '').trim());
    if (mail && !seen.has(mail)) domains.add(domainOf(mail));
  }
  const unresolved = checker ? await checker.unresolved(domains) : new Set<string>();
  return platform.database.inTenant(row.appId, async (tx) => {
    const current = await repo.signatoryImportById(tx, row.id, { lock: true });
    if (!current || current.processedRows !== row.processedRows) throw new Error(`campaign import ${row.id} moved on meanwhile`);
    const campaign = await repo.findCampaign(tx, { appId: row.appId }, row.campaignId, { lock: true });
    if (!campaign || campaign.status !== 'draft') throw new AppError('INVALID_TRANSITION', 'The campaign is no longer a draft: the import stopped.');
    const outcomes: ImportRow['rows'] = [];
    const accepted: (repo.NewSignatory & { line: number })[] = [];
    let skipped = 0;
    let warnings = 0;
    for (const { line, cells } of chunk) {
      const verdict = judgeRow(cells, mapping, { seen, domainResolves: (d) => !unresolved.has(d) });
      if (verdict.kind === 'blank') continue;
      if (verdict.kind === 'skipped') {
        skipped++;
        outcomes.push({ line, outcome: 'skipped', reasons: verdict.reasons });
        continue;
      }
      if (verdict.warnings.length) {
        warnings++;
        outcomes.push({ line, outcome: 'warning', reasons: verdict.warnings });
      }
      const c = verdict.contact;
      const data = Object.fromEntries(Object.entries(row.variables ?? {}).map(([name, column]) => [name, (cells[column] ?? '').trim()]));
      accepted.push({
        line,
        firstname: c.firstname ?? missingName,
        lastname: c.lastname ?? missingName,
        email: c.mail,
        phone: c.mobile,
        language: c.lang ?? campaign.options.language,
        data,
      });
    }
    const room = Math.max(0, maxCampaignSignatories - campaign.signatoryCount);
    const kept = accepted.slice(0, room);
    for (const over of accepted.slice(room)) {
      skipped++;
      outcomes.push({ line: over.line, outcome: 'skipped', reasons: ['too_many_signatories'] });
    }
    const added = await repo.appendSignatories(
      tx,
      row.appId,
      row.campaignId,
      kept.map(({ line: _l, ...s }) => s),
    );
    for (const s of kept) {
      if (added.has(s.email)) continue;
      skipped++;
      outcomes.push({ line: s.line, outcome: 'skipped', reasons: ['already_in_campaign' satisfies ImportOutcomeReason] });
    }
    await repo.addSignatoryCount(tx, row.appId, row.campaignId, added.size);
    const rows = [...current.rows, ...outcomes.sort((a, b) => a.line - b.line)].slice(0, keptOutcomes);
    return repo.updateSignatoryImport(tx, row.id, {
      processedRows: current.processedRows + chunk.length,
      imported: current.imported + added.size,
      skipped: current.skipped + skipped,
      warnings: current.warnings + warnings,
      rows,
    });
  });
}
