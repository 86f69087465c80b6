import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { FecInput, SalesRange, TenantSalesQuery } from '@paraphe/contracts';
import type { Actor, Platform } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { xlsxReadable } from '../../../platform/spreadsheets/index.ts';
import { fecFileName, fecLines, fecText, latin9Bytes } from './fec.ts';
import * as repo from './repository.ts';
import { tenantSalesAll } from './sales.ts';

/** Exports (docs/invoicing.md): the invoice list as xlsx, the PDFs as a zip, the FEC accounting file. */

interface Options {
  platform: Platform;
  actor: Actor;
}

const euros = (cents: number) => cents / 100;
/** [from, to] days (UTC) → [from 00:00, the day after `to` 00:00). */
const rangeOf = (range: { from: string; to: string }) => ({
  from: new Date(`${range.from}T00:00:00Z`),
  to: new Date(new Date(`${range.to}T00:00:00Z`).getTime() + 86_400_000),
});

async function* sheetRows(sales: AsyncIterable<repo.SaleWithCompany> | Iterable<repo.SaleWithCompany>) {
  for await (const s of sales) {
    yield {
      number: s.number ?? '',
      kind: s.kind,
      date: s.issuedAt?.toISOString().slice(0, 10) ?? '',
      client: s.company ?? s.buyer.companyName, // text neutralised by the writer (formula-guard.ts)
      buyer: s.buyer.companyName,
      vatNumber: s.buyer.vatNumber ?? '',
      periodStart: s.periodStart.toISOString().slice(0, 10),
      periodEnd: new Date(s.periodEnd.getTime() - 1).toISOString().slice(0, 10),
      net: euros(s.netCents),
      vatRate: s.vatRatePercent,
      vat: euros(s.vatCents),
      total: euros(s.totalCents),
      status: s.status,
      paidAt: s.paidAt?.toISOString().slice(0, 10) ?? '',
      disputed: s.disputed ? 'yes' : '',
      refunded: euros(s.refundedCents),
    };
  }
}
const columns = [
  { header: 'Number', key: 'number', width: 16 },
  { header: 'Kind', key: 'kind', width: 12 },
  { header: 'Issue date', key: 'date', width: 12 },
  { header: 'Client account', key: 'client', width: 28 },
  { header: 'Invoiced company', key: 'buyer', width: 28 },
  { header: 'Client VAT number', key: 'vatNumber', width: 16 },
  { header: 'Period start', key: 'periodStart', width: 12 },
  { header: 'Period end', key: 'periodEnd', width: 12 },
  { header: 'Amount excl. VAT (EUR)', key: 'net', type: 'number' as const },
  { header: 'VAT rate (%)', key: 'vatRate', type: 'number' as const },
  { header: 'VAT (EUR)', key: 'vat', type: 'number' as const },
  { header: 'Total incl. VAT (EUR)', key: 'total', type: 'number' as const },
  { header: 'Status', key: 'status', width: 10 },
  { header: 'Paid on', key: 'paidAt', width: 12 },
  { header: 'Disputed', key: 'disputed', width: 9 },
  { header: 'Refunded (EUR)', key: 'refunded', type: 'number' as const },
];

export const exportTenantSales = (opts: Options & { query: Pick<TenantSalesQuery, 'kind' | 'status'> }): Readable =>
  xlsxReadable({ sheetName: 'Invoices', columns, rows: sheetRows(tenantSalesAll(opts.platform, opts.actor, opts.query)) });

export async function exportSales(opts: Options & { range: SalesRange }): Promise<Readable> {
  const { from, to } = rangeOf(opts.range);
  const rows = await opts.platform.database.inSystem((tx) => repo.issuedBetween(tx, from, to, opts.range.issuingCompanyId));
  return xlsxReadable({ sheetName: 'Invoices', columns, rows: sheetRows(rows) });
}

/** The range's PDFs as a zip written as it is read (stored, not deflated: PDFs are compressed already). */
export async function archiveSales(opts: Options & { range: SalesRange }): Promise<{ fileName: string; body: Readable }> {
  const { platform, range } = opts;
  const { from, to } = rangeOf(range);
  const rows = await platform.database.inSystem((tx) => repo.issuedBetween(tx, from, to, range.issuingCompanyId));
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  void (async () => {
    try {
      for (const sale of rows) {
        if (out.destroyed) return; // the client went away
        if (!sale.pdfKey) continue;
        const entry = new ZipPassThrough(`${sale.number}.pdf`);
        zip.add(entry);
        entry.push(await platform.storage.get(sale.pdfKey), true);
        if (out.writableNeedDrain) await new Promise((resolve) => (out.once('drain', resolve), out.once('close', resolve)));
      }
      zip.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return { fileName: `invoices-${range.from}-${range.to}.zip`, body: out };
}

/** The FEC of one issuing company's sales journal over the range (ISO 8859-15, see fec.ts). */
export async function fecExport(opts: Options & { input: FecInput }): Promise<{ fileName: string; body: Buffer }> {
  const { platform, input } = opts;
  const { from, to } = rangeOf(input);
  return platform.database.inSystem(async (tx) => {
    const company = await repo.findCompany(tx, input.issuingCompanyId);
    if (!company) throw notFound('Issuing company');
    const rows = await repo.issuedBetween(tx, from, to, company.id);
    const lines = fecLines(
      rows.map((s) => ({
        kind: s.kind as 'invoice' | 'credit_note',
        number: s.number!,
        issuedAt: s.issuedAt!,
        customer: { id: s.appId, name: s.buyer.companyName },
        netCents: s.netCents,
        vatCents: s.vatCents,
        totalCents: s.totalCents,
      })),
    );
    return { fileName: fecFileName(company.siren, new Date(`${input.to}T00:00:00Z`)), body: latin9Bytes(fecText(lines)) };
  });
}
