import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import { batchRequestSchema, type BatchRequest } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { conversionUnavailable, officeEngineFor } from '../../platform/office/index.ts';
import { batchPdfKey, batchQueue, type BatchJob } from './batch-job.ts';
import { checkTemplateFile } from './docx.ts';
import { hasProblems, mappingError, noteMissing, resolveMapping, rowValues } from './mapping.ts';
import { onWorker } from './on-workers.ts';
import * as repo from './repository.ts';
import { batchReadLimits, readSheetLines } from './sheet.ts';
import type { UploadedFile } from './upload.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}

const engineOf = (platform: Platform) => officeEngineFor(platform.config, platform.logger);

async function requireEngine(platform: Platform) {
  const engine = engineOf(platform);
  const status = await engine.status();
  if (!status.available) throw conversionUnavailable(status);
  return engine;
}

const conversionFailed = (message: string) => new AppError('CONVERSION_FAILED', message);

/**
 * Stores a template and answers its variables. A .docx is used as it is; an .odt is converted to .docx once, here,
 * by the office engine (docxtemplater reads Word only), and both files are kept. A template without variables is
 * accepted (the same document for everyone).
 */
export async function uploadTemplate(opts: Options & { file: UploadedFile }): Promise<repo.TemplateRow> {
  const { platform, actor, file } = opts;
  const format = await checkTemplateFile(file.data, file.fileName);
  let docx: Buffer = file.data;
  if (format === 'odt') {
    const [result] = await (
      await requireEngine(platform)
    ).convert([{ name: file.fileName, data: file.data, format: 'odt' }], 'docx', { priority: 'interactive' });
    if (!result?.data) throw conversionFailed(`${file.fileName} could not be read by the office engine: ${result?.error ?? 'no output'}`);
    docx = result.data;
  }
  const variables = await onWorker(platform.workers, 'extractVariables', { template: docx, fileName: file.fileName });
  const base = `${actor.appId}/merge-template-${randomUUID()}`;
  const storageKey = `${base}.${format}`;
  const docxKey = format === 'docx' ? storageKey : `${base}-converted.docx`;
  await platform.storage.put(storageKey, file.data);
  if (docxKey !== storageKey) await platform.storage.put(docxKey, docx);
  try {
    return await platform.database.inTenant(actor.appId, async (tx) => {
      const row = await repo.insertTemplate(tx, {
        appId: actor.appId,
        createdBy: actor.userId,
        fileName: file.fileName,
        format,
        storageKey,
        docxKey,
        variables,
        sizeBytes: file.data.length,
      });
      await audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'template.uploaded',
        targetType: 'merge_template',
        targetId: row.id,
        data: { fileName: file.fileName, variables: variables.length },
        ip: actor.ip,
      });
      return row;
    });
  } catch (error) {
    await Promise.all([storageKey, docxKey].map((k) => platform.storage.delete(k).catch(() => undefined)));
    throw error;
  }
}

export async function getTemplate(opts: Options & { id: string }): Promise<repo.TemplateRow> {
  const row = await opts.platform.database.inTenant(opts.actor.appId, (tx) => repo.findTemplate(tx, opts.actor.appId, opts.id));
  if (!row) throw notFound('Template');
  return row;
}

/** One filled PDF, ahead of any batch work (the mapping screen's preview). */
export async function previewPdf(opts: Options & { templateId: string; values: Record<string, string> }): Promise<{ fileName: string; body: Buffer }> {
  const { platform } = opts;
  const template = await getTemplate({ ...opts, id: opts.templateId });
  const engine = await requireEngine(platform);
  const filled = await onWorker(platform.workers, 'fillTemplate', {
    template: await platform.storage.get(template.docxKey),
    variables: template.variables,
    values: opts.values,
  });
  const [result] = await engine.convert([{ name: template.fileName, data: filled, format: 'docx' }], 'pdf', { priority: 'interactive' });
  if (!result?.data) throw conversionFailed(`The filled template could not be converted to PDF: ${result?.error ?? 'no output'}`);
  return { fileName: `${template.fileName.replace(/\.[^.]*$/, '')}.pdf`, body: result.data };
}

function parseRequest(text: string | undefined): ReturnType<typeof batchRequestSchema.parse> {
  const invalid = (message: string) => new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'request', rule: 'invalid_value', message }] });
  if (!text)
    throw new AppError('VALIDATION_FAILED', 'Send the part "request": {templateId, mapping, firstLineIsHeader}.', {
      fields: [{ field: 'request', rule: 'required', message: 'Required.' }],
    });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid('The part "request" is not JSON.');
  }
  const parsed = batchRequestSchema.safeParse(json as BatchRequest);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ field: ['request', ...i.path].join('.'), rule: 'invalid_value', message: i.message }));
    throw new AppError('VALIDATION_FAILED', `The part "request" is not valid: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`, { fields });
  }
  return parsed.data;
}

/**
 * Checks the sheet against the mapping (every variable mapped, every column there, every row with its values: the
 * refusal says which), stores the sheet, and queues the job. The PDFs come at `GET …/:id` (progress) and `…/zip`.
 */
export async function startBatch(opts: Options & { file: UploadedFile; request: string | undefined }): Promise<repo.BatchRow> {
  const { platform, actor, file } = opts;
  const input = parseRequest(opts.request);
  const template = await getTemplate({ ...opts, id: input.templateId });
  await requireEngine(platform);
  const { sheet, lines } = await readSheetLines(file.data, file.fileName, { ...batchReadLimits, workers: platform.workers });
  const header = input.firstLineIsHeader ? (lines[0]?.cells ?? []) : null;
  const data = input.firstLineIsHeader ? lines.slice(1) : lines;
  if (!data.length)
    throw new AppError('VALIDATION_FAILED', `${file.fileName} has no rows to generate.`, {
      fields: [{ field: 'file', rule: 'required', message: 'No rows.' }],
    });
  const width = Math.max(0, ...lines.map((l) => l.cells.length));
  const { sources, problems } = resolveMapping(template.variables, input.mapping, { header, width });
  if (!problems.unmapped.length && !problems.unknownColumns.length)
    for (const row of data) noteMissing(problems, row.line, rowValues(sources, row.cells).missing);
  if (hasProblems(problems)) throw mappingError(problems);
  const sheetKey = `${actor.appId}/merge-sheet-${randomUUID()}.${sheet.format}`;
  await platform.storage.put(sheetKey, file.data);
  try {
    return await platform.database.inTenant(actor.appId, async (tx) => {
      const row = await repo.insertBatch(tx, {
        appId: actor.appId,
        templateId: template.id,
        createdBy: actor.userId,
        sheetKey,
        mapping: input.mapping,
        firstLineIsHeader: input.firstLineIsHeader,
        lines: data.map((d) => d.line),
        total: data.length,
      });
      await platform.jobs.enqueue(tx, batchQueue, { appId: actor.appId, batchId: row.id } satisfies BatchJob);
      await audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'template.batch_started',
        targetType: 'merge_batch',
        targetId: row.id,
        data: { templateId: template.id, rows: data.length },
        ip: actor.ip,
      });
      return row;
    });
  } catch (error) {
    await platform.storage.delete(sheetKey).catch(() => undefined);
    throw error;
  }
}

export async function getBatch(opts: Options & { id: string }): Promise<repo.BatchRow> {
  const row = await opts.platform.database.inTenant(opts.actor.appId, (tx) => repo.findBatch(tx, opts.actor.appId, opts.id));
  if (!row) throw notFound('Batch');
  return row;
}

/**
 * The batch's PDFs as a zip, streamed as it is written (stored, not deflated: PDFs are compressed already), one
 * file read at a time: memory stays flat whatever the batch's size. Refused (409) until the batch is done.
 */
export async function batchZip(opts: Options & { id: string }): Promise<{ fileName: string; body: Readable }> {
  const { platform, actor } = opts;
  const batch = await getBatch(opts);
  if (batch.status !== 'done')
    throw new AppError('CONFLICT', `The batch is ${batch.status}: its zip is ready once it is done (${batch.done} of ${batch.total}).`);
  const failed = new Set(batch.failures.map((f) => f.line));
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const pad = String(Math.max(...batch.lines)).length;
  void (async () => {
    try {
      for (const line of batch.lines) {
        if (out.destroyed) return; // the client went away
        if (failed.has(line)) continue;
        const data = await platform.storage.get(batchPdfKey(actor.appId, batch.id, line)).catch(() => undefined);
        if (!data) continue;
        const entry = new ZipPassThrough(`line-${String(line).padStart(pad, '0')}.pdf`);
        zip.add(entry);
        entry.push(data, true);
        // Back-pressure: wait while the client has not taken what was written.
        if (out.writableNeedDrain) await new Promise((resolve) => (out.once('drain', resolve), out.once('close', resolve)));
      }
      zip.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return { fileName: `batch-${batch.id.slice(0, 8)}.zip`, body: out };
}
