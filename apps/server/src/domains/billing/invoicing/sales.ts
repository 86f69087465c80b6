import type { Readable } from 'node:stream';
import type { AdminSalesQuery, DisputedInput, RunNotesInput, TenantSalesQuery } from '@paraphe/contracts';
import type { Actor, Platform } from '../../../platform/context.ts';
import { audit } from '../../../platform/audit.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { convertNote } from './issue.ts';
import { monthEndOf, startRun } from './notes.ts';
import * as repo from './repository.ts';

/** The sales screens: the tenant's invoices, the administrator's two tabs, and the administrator's actions. */

interface Options {
  platform: Platform;
  actor: Actor;
}

// ----- Keyset paging -----

export const encodeCursor = (row: { createdAt: Date; id: string }) => Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): repo.Cursor | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id ?? ''))
    throw new AppError('VALIDATION_FAILED', 'Not a cursor of this list: start again from the first page.', {
      fields: [{ field: 'cursor', rule: 'invalid_value', message: 'Not a cursor of this list.' }],
    });
  return { createdAt, id: id! };
}
export interface Page {
  rows: repo.SaleWithCompany[];
  nextCursor: string | null;
}
/** Reads one row more than asked: whether it exists says if there is a next page, without counting. */
async function page(
  read: (cursor: repo.Cursor | null, limit: number) => Promise<repo.SaleWithCompany[]>,
  cursor: string | undefined,
  limit: number,
): Promise<Page> {
  const rows = await read(decodeCursor(cursor), limit + 1);
  const shown = rows.slice(0, limit);
  return { rows: shown, nextCursor: rows.length > limit ? encodeCursor(shown.at(-1)!) : null };
}

const tenantFilter = (appId: string, query: Pick<TenantSalesQuery, 'kind' | 'status'>): repo.SalesFilter => ({
  tab: 'documents',
  appId,
  kind: query.kind,
  status: query.status,
});

export async function tenantSales(opts: Options & { query: TenantSalesQuery }): Promise<Page> {
  const { platform, actor, query } = opts;
  return platform.database.inTenant(actor.appId, (tx) =>
    page((cursor, limit) => repo.salesPage(tx, tenantFilter(actor.appId, query), cursor, limit), query.cursor, query.limit),
  );
}

/** Every page of the tenant's list, for its export. */
export async function* tenantSalesAll(
  platform: Platform,
  actor: Actor,
  query: Pick<TenantSalesQuery, 'kind' | 'status'>,
): AsyncGenerator<repo.SaleWithCompany> {
  let cursor: repo.Cursor | null = null;
  for (;;) {
    const rows: repo.SaleWithCompany[] = await platform.database.inTenant(actor.appId, (tx) =>
      repo.salesPage(tx, tenantFilter(actor.appId, query), cursor, 500),
    );
    yield* rows;
    if (rows.length < 500) return;
    cursor = rows.at(-1)!;
  }
}

const numberLike = /^[A-Z0-9]{1,8}\d{4}-\d{0,6}$/i;
export async function adminSales(opts: Options & { query: AdminSalesQuery }): Promise<Page> {
  const { platform, query } = opts;
  return platform.database.inSystem(async (tx) => {
    const filter: repo.SalesFilter = {
      tab: query.tab === 'to_invoice' ? 'to_invoice' : 'documents',
      appId: query.appId,
      status: query.tab === 'invoices' ? query.status : undefined,
      // A number (F2026-000123, or its start) or the tenant's company name.
      search: query.search
        ? { numberPrefix: numberLike.test(query.search) ? query.search.toUpperCase() : undefined, appIds: await repo.appsNamed(tx, query.search) }
        : undefined,
    };
    return page((cursor, limit) => repo.salesPage(tx, filter, cursor, limit), query.cursor, query.limit);
  });
}

export interface SaleDetail {
  sale: repo.SaleRow;
  company: string | null;
  creditNotes: repo.SaleRow[];
}
async function detailOf(tx: Parameters<Parameters<Platform['database']['inSystem']>[0]>[0], sale: repo.SaleRow): Promise<SaleDetail> {
  const [withCompany] = await repo.salesWithCompany(tx, [sale.id]);
  return { sale, company: withCompany?.company ?? null, creditNotes: sale.kind === 'invoice' ? await repo.creditNotesOf(tx, sale.id) : [] };
}

/** The tenant's invoice or credit note; a note (the administrator's) or another tenant's sale is not found. */
export async function tenantSale(opts: Options & { id: string }): Promise<SaleDetail> {
  const { platform, actor, id } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const sale = await repo.findSale(tx, id, actor.appId);
    if (!sale || sale.kind === 'delivery_note') throw notFound('Invoice');
    return detailOf(tx, sale);
  });
}
export async function adminSale(opts: Options & { id: string }): Promise<SaleDetail> {
  return opts.platform.database.inSystem(async (tx) => {
    const sale = await repo.findSale(tx, opts.id);
    if (!sale) throw notFound('Sale');
    return detailOf(tx, sale);
  });
}

/** The stored PDF, streamed as it was issued (never rebuilt). */
export function pdfOf(platform: Platform, sale: repo.SaleRow): { fileName: string; body: Readable } {
  if (!sale.pdfKey) throw new AppError('CONFLICT', 'A delivery note has no PDF: convert it into an invoice first.');
  return { fileName: `${sale.number}.pdf`, body: platform.storage.stream(sale.pdfKey) };
}

// ----- The administrator's actions -----

export async function cancelNote(opts: Options & { id: string }): Promise<SaleDetail> {
  const { platform, actor, id } = opts;
  const appId = await platform.database.inSystem(async (tx) => (await repo.findSale(tx, id))?.appId);
  if (!appId) throw notFound('Delivery note');
  return platform.database.inTenant(appId, async (tx) => {
    const note = await repo.lockSale(tx, id);
    if (!note || note.kind !== 'delivery_note') throw notFound('Delivery note');
    if (note.status !== 'pending') throw new AppError('CONFLICT', `This delivery note is ${note.status}: only a pending note can be cancelled.`);
    const now = platform.clock();
    const cancelled = await repo.updateSale(tx, id, { status: 'cancelled', cancelledAt: now, cancelledBy: actor.realUserId, updatedAt: now });
    // Its consumption is waived: the next note starts where this one ended, so it is never billed again.
    await audit(tx, {
      appId,
      actorUserId: actor.realUserId,
      action: 'billing.note_cancelled',
      targetType: 'sale',
      targetId: id,
      data: { netCents: note.netCents },
      ip: actor.ip,
    });
    return detailOf(tx, cancelled);
  });
}

/**
 * The disputed flag set or cleared by hand (spec §5: "invoices can be … disputed flag set"). Invoices only: a note
 * is not owed yet and a credit note is owed by the platform. Setting it again as it is changes nothing and writes
 * no audit row; a change is audited with the reason given.
 */
export async function setDisputed(opts: Options & { id: string; input: DisputedInput }): Promise<SaleDetail> {
  const { platform, actor, id, input } = opts;
  const appId = await platform.database.inSystem(async (tx) => (await repo.findSale(tx, id))?.appId);
  if (!appId) throw notFound('Invoice');
  return platform.database.inTenant(appId, async (tx) => {
    const sale = await repo.lockSale(tx, id);
    if (!sale) throw notFound('Invoice');
    if (sale.kind !== 'invoice')
      throw new AppError('CONFLICT', `Only an invoice can be marked as disputed, not a ${sale.kind === 'delivery_note' ? 'delivery note' : 'credit note'}.`);
    if (sale.disputed === input.disputed) return detailOf(tx, sale);
    const updated = await repo.updateSale(tx, id, { disputed: input.disputed, updatedAt: platform.clock() });
    await audit(tx, {
      appId,
      actorUserId: actor.realUserId,
      action: input.disputed ? 'billing.invoice_disputed' : 'billing.invoice_dispute_cleared',
      targetType: 'sale',
      targetId: id,
      data: { number: sale.number, reason: input.reason ?? null },
      ip: actor.ip,
    });
    return detailOf(tx, updated);
  });
}

/**
 * Converts notes into invoices. All are checked first (unknown → 404, not pending → 409, nothing converted);
 * then each is issued in its own tenant transaction.
 */
export async function convertNotes(opts: Options & { saleIds: readonly string[] }): Promise<repo.SaleWithCompany[]> {
  const { platform, actor } = opts;
  const ids = [...new Set(opts.saleIds)];
  const notes = await platform.database.inSystem((tx) => repo.salesWithCompany(tx, ids));
  const missing = ids.filter((id) => !notes.some((n) => n.id === id && n.kind === 'delivery_note'));
  if (missing.length) throw notFound(`Delivery note ${missing.join(', ')}`);
  const notPending = notes.filter((n) => n.status !== 'pending');
  if (notPending.length)
    throw new AppError(
      'CONFLICT',
      `Only pending delivery notes can be invoiced: ${notPending.map((n) => `${n.company ?? n.appId} (${n.status})`).join(', ')}.`,
    );
  const invoices: repo.SaleWithCompany[] = [];
  for (const note of notes) {
    const invoice = await platform.database.inTenant(note.appId, (tx) => convertNote(tx, platform, note.id, actor));
    invoices.push({ ...invoice, company: note.company });
  }
  return invoices;
}

/** The notes on demand: up to the end of a closed month, or up to now less the margin (a minute by default: see the doc). */
export async function runNotes(opts: Options & { input: RunNotesInput }): Promise<{ boundary: Date; tenants: number }> {
  const { platform, actor, input } = opts;
  const now = platform.clock();
  const marginMs = platform.config.invoicingMarginSeconds * 1000;
  const boundary = 'month' in input ? monthEndOf(input.month) : new Date(Math.floor((now.getTime() - marginMs) / 1000) * 1000);
  if (boundary > now)
    throw new AppError('VALIDATION_FAILED', 'This month is not over: choose "up to now" to bill the current month so far.', {
      fields: [{ field: 'month', rule: 'invalid_value', message: 'This month is not over yet.' }],
    });
  const { tenants } = await startRun(platform, boundary, actor.realUserId);
  return { boundary, tenants };
}
