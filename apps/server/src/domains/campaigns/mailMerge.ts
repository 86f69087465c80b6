/**
 * Mail-merge campaigns (type `publipostage`, docs/campaigns.md "Mail-merge"): the merge document of a draft (its
 * template, mapping and fields), the readiness rules checked on send (every variable mapped to a known column or a
 * fixed value, every signatory with a value — saying which rows and which variables), the generation stage of the
 * dispatch (each signatory's filled PDF, made before their copy), and the preview of one signatory's document.
 */
import { createHash } from 'node:crypto';
import {
  effectiveMergeMapping,
  fieldSizeOf,
  isNoValue,
  mergeValuesOf,
  noValueWords,
  signatoryColumns,
  type FieldError,
  type MergeDocumentData,
  type MergeReadiness,
  type TemplateMapping,
} from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { instanceIdOf } from '../../platform/instance.ts';
import { conversionUnavailable, officeEngineFor } from '../../platform/office/index.ts';
import { inspectPdf, sha256Hex, type BulkDocument } from '../signatures/index.ts';
import { generateFilledPdfs, getTemplate, previewPdf, type MergeRow } from '../templates/index.ts';
import * as repo from './repository.ts';
import type { StoredMergeDocument } from './schema.ts';

const rowsListed = 100;
/**
 * A generation lease: another run leaves these rows alone meanwhile. It carries its worker's slot (platform/
 * instance.ts): a worker killed and started again takes its dead leases back at start (releaseDeadMergeLeases); the
 * lease's end only matters for a worker that never comes back (another node takes its rows after 5 minutes).
 */
const leaseMs = 5 * 60_000;

/**
 * At a worker's start, before its jobs run: the leases of its previous life (killed mid-generation) are given back
 * now, so the campaign goes on at once. On the embedded database every lease (one process per data folder).
 */
export async function releaseDeadMergeLeases(platform: Platform): Promise<void> {
  if (platform.config.role === 'api') return;
  const owner = platform.database.engine === 'pglite' ? null : instanceIdOf(platform.config);
  const released = await platform.database.inSystem((tx) => repo.releaseMergeLeases(tx, owner));
  if (released) platform.logger.warn({ released }, 'mail-merge rows leased by a stopped process are generated again now');
}

/** Stores what the draft's merge document says, checked against its template (a variable it does not have is refused). */
export async function mergeDocumentOf(platform: Platform, actor: Actor, input: MergeDocumentData): Promise<StoredMergeDocument> {
  const template = await getTemplate({ platform, actor, id: input.templateId });
  const known = new Set(template.variables);
  const unknown = Object.keys(input.mapping).filter((v) => !known.has(v));
  if (unknown.length) {
    const fields: FieldError[] = unknown.map((v) => ({
      field: `mergeDocument.mapping.${v}`,
      rule: 'invalid_value',
      message: `The template ${template.fileName} has no \${${v}}.`,
    }));
    throw new AppError('VALIDATION_FAILED', fields.map((f) => f.message).join(' '), { fields });
  }
  return {
    templateId: template.id,
    templateFileName: template.fileName,
    variables: template.variables,
    title: input.title || template.fileName.replace(/\.[^.]*$/, ''),
    documentType: input.documentType,
    checkBoxTexts: input.checkBoxTexts,
    mapping: input.mapping,
    signatureFields: input.signatureFields.map((f) => ({ page: f.page, name: f.name ?? 'signer', x: f.x, y: f.y, ...fieldSizeOf(f), signerIndex: 0 })),
  };
}

/** A mapped column: a signatory column, else the campaign's data key of that name (exact, then ignoring case). */
function resolveColumn(column: string, dataKeys: readonly string[]): { field: string } | { key: string } | null {
  if ((signatoryColumns as readonly string[]).includes(column)) return { field: column };
  if (dataKeys.includes(column)) return { key: column };
  const key = dataKeys.find((k) => k.trim().toLowerCase() === column.trim().toLowerCase());
  return key === undefined ? null : { key };
}

/** The mapping a campaign's merge uses: the saved one, unmapped variables taken from a column of the same name. */
export const mappingOf = (merge: StoredMergeDocument, dataKeys: readonly string[]) =>
  effectiveMergeMapping(merge.variables, merge.mapping as TemplateMapping, [...signatoryColumns, ...dataKeys]);

/**
 * Why this mail-merge campaign cannot be sent yet, or null. The signatories are checked in SQL (a 100,000-row
 * campaign is one query): the first 100 rows lacking a value are listed with their variables, all are counted.
 */
export async function mergeReadiness(tx: Executor, row: repo.CampaignRow): Promise<MergeReadiness | null> {
  const merge = row.mergeDocument;
  if (!merge) return null;
  const readiness: MergeReadiness = { unmapped: [], unknownColumns: [], rowsMissingValues: [], rowsMissingCount: 0 };
  const checks: { variable: string; blank: ReturnType<typeof repo.blankValue> }[] = [];
  const mapping = mappingOf(merge, row.dataKeys);
  for (const variable of merge.variables) {
    const source = Object.hasOwn(mapping, variable) ? mapping[variable] : undefined;
    if (!source || ('value' in source && isNoValue(source.value))) readiness.unmapped.push(variable);
    else if ('column' in source) {
      const resolved = resolveColumn(String(source.column), row.dataKeys);
      if (!resolved) readiness.unknownColumns.push({ variable, column: String(source.column) });
      // Blank, or a program's word for nothing (`undefined`…: contracts isNoValue), is no value.
      else checks.push({ variable, blank: repo.blankValue(resolved, noValueWords) });
    }
  }
  if (checks.length && !readiness.unmapped.length && !readiness.unknownColumns.length) {
    const lacking = await repo.signatoriesLackingValues(tx, row, checks, rowsListed);
    readiness.rowsMissingValues = lacking.rows.map((r) => ({ row: r.rowIndex + 1, emailAddress: r.email, variables: r.variables }));
    readiness.rowsMissingCount = lacking.count;
  }
  const blocked = readiness.unmapped.length || readiness.unknownColumns.length || readiness.rowsMissingCount;
  return blocked ? readiness : null;
}

/** A mail-merge campaign is sent only where documents can be converted (503 CONVERSION_UNAVAILABLE otherwise). */
export async function assertConversionAvailable(platform: Platform) {
  const status = await officeEngineFor(platform.config, platform.logger).status();
  if (!status.available) throw conversionUnavailable(status);
}

/** The refusal of a send: one sentence per kind of problem, field errors per variable, the details for the mapping screen. */
export function mergeReadinessError(r: MergeReadiness): AppError {
  const vars = (list: readonly string[]) => list.map((v) => `\${${v}}`).join(', ');
  const sentences: string[] = [];
  if (r.unmapped.length) sentences.push(`Map ${vars(r.unmapped)} to a column or a fixed value.`);
  for (const u of r.unknownColumns) sentences.push(`\${${u.variable}}: no signatory has a column "${u.column}".`);
  if (r.rowsMissingCount) {
    const shown = r.rowsMissingValues.slice(0, 5).map((m) => `row ${m.row} (${m.emailAddress}: ${vars(m.variables)})`);
    const more = r.rowsMissingCount - shown.length;
    sentences.push(
      `${r.rowsMissingCount} ${r.rowsMissingCount > 1 ? 'signatories lack' : 'signatory lacks'} a value: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`,
    );
  }
  const fields: FieldError[] = [
    ...r.unmapped.map((v) => ({ field: `mergeDocument.mapping.${v}`, rule: 'required', message: `\${${v}} is not mapped.` })),
    ...r.unknownColumns.map((u) => ({
      field: `mergeDocument.mapping.${u.variable}`,
      rule: 'invalid_value',
      message: `No signatory has a column "${u.column}".`,
    })),
    ...(r.rowsMissingCount
      ? [
          {
            field: 'transactionSigners',
            rule: 'required',
            message: r.rowsMissingCount > 1 ? `${r.rowsMissingCount} signatories lack a value.` : 'A signatory lacks a value.',
          },
        ]
      : []),
  ];
  return new AppError('VALIDATION_FAILED', sentences.join(' '), { fields, details: { ...r } });
}

const signatoryOf = (s: Pick<repo.SignatoryRow, 'firstname' | 'lastname' | 'email' | 'phone' | 'language' | 'data'>) => ({
  firstname: s.firstname,
  lastname: s.lastname,
  emailAddress: s.email,
  phoneNum: s.phone,
  language: s.language,
  data: s.data,
});

/** The values a signatory's document receives (the same function as the web preview's). */
export const valuesOf = (merge: StoredMergeDocument, dataKeys: readonly string[], signatory: repo.SignatoryRow) =>
  mergeValuesOf(merge.variables, mappingOf(merge, dataKeys), signatoryOf(signatory));

/** GET …/signers/:signerId/preview: the PDF this signatory gets, with the saved mapping. */
export async function previewCopy(platform: Platform, actor: Actor, row: repo.CampaignRow, signatory: repo.SignatoryRow) {
  const merge = row.mergeDocument;
  if (!merge) throw new AppError('CONFLICT', 'This campaign has no merge document yet: add a template first.');
  const { values, missing, unmapped } = valuesOf(merge, row.dataKeys, signatory);
  const file = await previewPdf({ platform, actor, templateId: merge.templateId, values });
  const name = `${signatory.lastname} ${signatory.firstname}`.replace(/[\\/:*?"<>|]/g, '_');
  return { ...file, fileName: `${merge.title} - ${name}.pdf`, missing, unmapped };
}

/** Where a signatory's filled PDF is stored: derived from the row and its values (changed values, a new file). */
function mergeKeyOf(appId: string, campaignId: string, row: MergeRow) {
  const values = Object.keys(row.values)
    .sort()
    .map((k) => [k, row.values[k]]);
  const digest = createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 32);
  return `${appId}/campaign-${campaignId}/merge-${row.key}-${digest}.pdf`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The generation stage of a mail-merge dispatch: leases up to `size` queued signatories without a PDF (in row order,
 * rows leased by another run skipped), fills and converts them OUTSIDE any transaction (LibreOffice takes seconds),
 * then records each PDF (key, sha256, pages) — or fails the signatory with the reason (a value too long, a conversion
 * that failed). Runs only while fewer than `size` generated signatories wait for their copy. A run killed meanwhile
 * leaves its PDFs stored under keys derived from the rows: the next run finds them (`reused`) instead of converting
 * again. Answers how many signatories it handled.
 */
export async function generateMergeChunk(platform: Platform, job: { appId: string; campaignId: string }, size: number): Promise<number> {
  const { appId, campaignId } = job;
  const leased = await platform.database.inTenant(appId, async (tx) => {
    const campaign = await repo.findCampaign(tx, { appId }, campaignId);
    if (!campaign || campaign.status !== 'pending' || !campaign.mergeDocument) return null;
    if ((await repo.countMergeReady(tx, appId, campaignId, size)) >= size) return null;
    const now = platform.clock();
    const rows = await repo.leaseMergeRows(tx, appId, campaignId, {
      size,
      now,
      until: new Date(now.getTime() + leaseMs),
      owner: instanceIdOf(platform.config),
    });
    return { merge: campaign.mergeDocument, dataKeys: campaign.dataKeys, rows };
  });
  if (!leased?.rows.length) return 0;

  const { merge, dataKeys, rows } = leased;
  const made = new Map<string, { storageKey: string; sha256: string; pageCount: number; sizeBytes: number }>();
  const failures = new Map<string, string>();
  const mergeRows: MergeRow[] = [];
  for (const s of rows) {
    const { values, missing, unmapped } = valuesOf(merge, dataKeys, s);
    // Checked on send; a value changed since (or a mapping) still never reaches a document as a blank or `undefined`.
    if (missing.length || unmapped.length)
      failures.set(s.id, `No value for ${[...unmapped, ...missing].map((v) => `\${${v}}`).join(', ')}: the document was not generated.`);
    else mergeRows.push({ key: s.id, values });
  }
  // Two calls at least when the pool has two converters: a small chunk is spread over every converter.
  const chunkSize = Math.max(1, Math.ceil(mergeRows.length / platform.config.office.converters));
  for await (const outcome of generateFilledPdfs(platform, {
    appId,
    templateId: merge.templateId,
    rows: mergeRows,
    chunkSize,
    storageKeyOf: (r) => mergeKeyOf(appId, campaignId, r),
  })) {
    if (outcome.error !== undefined) {
      failures.set(outcome.key, `The document could not be generated: ${outcome.error}`);
      continue;
    }
    if (outcome.pdf) {
      // Cut from a merged conversion by the workers: its pages and hash are known, the file is not read again.
      made.set(outcome.key, { storageKey: outcome.storageKey, ...outcome.pdf });
      continue;
    }
    try {
      const data = await platform.storage.get(outcome.storageKey);
      const inspected = await inspectPdf(platform.workers, data, `${merge.title}.pdf`);
      made.set(outcome.key, { storageKey: outcome.storageKey, sha256: sha256Hex(data), pageCount: inspected.pageCount, sizeBytes: data.length });
    } catch (error) {
      failures.set(outcome.key, `The generated document cannot be signed: ${errorText(error)}`);
    }
  }

  await platform.database.inTenant(appId, async (tx) => {
    await repo.recordMergePdfs(
      tx,
      [...made].map(([id, pdf]) => ({ id, ...pdf })),
    );
    if (failures.size) await repo.bump(tx, appId, campaignId, [{ from: 'queued', to: 'failed', n: await repo.failMergeRows(tx, failures, platform.clock()) }]);
  });
  return rows.length;
}

/** The merge document of one copy: the signatory's own PDF, the fields placed on it (a page beyond its last → its last). */
export function mergedDocumentOf(merge: StoredMergeDocument, signatory: repo.SignatoryRow): BulkDocument {
  const pageCount = signatory.mergePageCount!;
  return {
    title: merge.title,
    documentType: merge.documentType,
    fileType: 'publi',
    fileName: `${merge.title}.pdf`,
    checkBoxTexts: merge.checkBoxTexts,
    storageKey: signatory.mergeStorageKey!,
    sha256: signatory.mergeSha256!,
    pageCount,
    sizeBytes: signatory.mergeSizeBytes!,
    fields: merge.signatureFields.map((f) => ({
      page: f.page > pageCount ? pageCount : f.page,
      name: f.name,
      x: f.x,
      y: f.y,
      width: f.width,
      height: f.height,
    })),
  };
}

/** The merge document counts as a document to sign in the save rules. */
export const mergeDocumentSigns = (merge: StoredMergeDocument | null) => Boolean(merge && merge.signatureFields.length > 0);
