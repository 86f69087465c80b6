import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { DispatchProgress } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { Options } from './access.ts';
import { dispatchProgress } from '../../platform/dispatch/index.ts';
import { iso } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { assertNotPurged } from '../signatures/index.ts';
import { xlsxReadable, type SheetColumn, type SheetRow } from '../../platform/spreadsheets/index.ts';
import { pagesOfRows } from './jobs.ts';
import type { BulkHolder, BulkJobOf, BulkKind, BulkRow } from './kind.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;
/** `n` in percent of `of`, one decimal (0 of nothing). */
export const percentOf = (n: number, of: number) => (of ? round1((n / of) * 100) : 0);

/** Dispatch progress: requests made over the rows to send, the rate since the send, the time left at that rate. */
export const holderProgress = (row: BulkHolder & { dispatchStartedAt: Date | null }, counts: { total: number; queued: number }, now: Date): DispatchProgress =>
  dispatchProgress(
    {
      total: counts.total,
      dispatched: row.dispatched,
      failed: row.nFailed,
      queued: counts.queued,
      sending: row.status === 'pending',
      startedAt: row.dispatchStartedAt,
      finishedAt: row.dispatchFinishedAt,
    },
    now,
  );

/** The dates every holder's view shows, and whether its archive is there to download. */
export const holderDates = (row: {
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
  completedAt: Date | null;
  canceledAt: Date | null;
  archiveKey: string | null;
}) => ({
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  sentAt: iso(row.sentAt),
  completedAt: iso(row.completedAt),
  canceledAt: iso(row.canceledAt),
  archiveAvailable: row.archiveKey !== null,
});

const exportPage = 1000;

/** What every row's line of an export shows around the domain's own columns. */
type ExportedRow = BulkRow & { sentAt: Date | null; error: string | null };
const leading = [{ header: '#', key: 'row', type: 'number', width: 8 }] as const;
const trailing = [
  { header: 'Status', key: 'status', width: 12 },
  { header: 'Sent', key: 'sentAt', type: 'datetime', width: 20 },
  { header: 'Error', key: 'error', width: 50 },
] as const;

/**
 * A holder's rows and their status as an .xlsx file (`#`, the domain's columns, status, sent, error), streamed page
 * by page (keyset on the row order): 100,000 rows never sit in memory. Formula-like texts get OWASP's leading `'`
 * from the writer (formula-guard.ts). The holder is found (visible to the actor) before the first byte, so a refusal
 * is an ordinary error.
 */
export async function exportRows<H extends { appId: string; id: string; label: string }, R extends ExportedRow, K extends string>(
  opts: Options & { id: string },
  find: (tx: Tx, actor: Options['actor'], id: string) => Promise<H>,
  kind: BulkKind<BulkHolder, R, string, BulkJobOf>,
  sheet: { name: string; columns: readonly SheetColumn<K>[]; rowOf: (row: R) => SheetRow<K>; fileName: (holder: H) => string },
): Promise<{ fileName: string; body: Readable }> {
  const { platform, actor } = opts;
  const holder = await platform.database.inTenant(actor.appId, (tx) => find(tx, actor, opts.id));
  async function* rows() {
    for await (const page of pagesOfRows(platform, kind, { appId: holder.appId, holderId: holder.id, limit: exportPage })) {
      for (const row of page) yield { row: row.rowIndex + 1, ...sheet.rowOf(row), status: row.status, sentAt: row.sentAt, error: row.error };
    }
  }
  const columns: SheetColumn<K | 'row' | 'status' | 'sentAt' | 'error'>[] = [...leading, ...sheet.columns, ...trailing];
  const body = xlsxReadable({ sheetName: sheet.name, columns, rows: rows() });
  // Characters file systems refuse become `_`.
  return { fileName: sheet.fileName(holder).replace(/[\\/:*?"<>|]/g, '_'), body };
}

/**
 * A holder's archive downloaded: refused with 410 DOCUMENT_PURGED once the retention purge deleted it, 204 while it
 * is not made yet, else the zip named after the holder (`unnamed` when its label is blank: an operation's draft may have none).
 */
export function sendArchive(
  reply: FastifyReply,
  platform: Pick<Platform, 'storage'>,
  row: { label: string; archiveKey: string | null; documentsPurgedAt: Date | null },
  unnamed = '',
): FastifyReply {
  assertNotPurged(row.documentsPurgedAt);
  if (!row.archiveKey) return reply.status(204).send();
  return sendFile(reply, { fileName: `${row.label || unnamed}.zip`, contentType: 'application/zip', body: platform.storage.stream(row.archiveKey) });
}
