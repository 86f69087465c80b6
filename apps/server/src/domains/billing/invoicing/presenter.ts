import { issuerProblems, type BillingAccount, type IssuingCompany, type Sale, type SaleDetail as SaleDetailView, type SalesPage } from '@paraphe/contracts';
import { iso } from '../../../platform/http/envelope.ts';
import type { AccountView } from './accounts.ts';
import type { CompanyRow, SaleRow, SaleWithCompany } from './repository.ts';
import type { Page, SaleDetail } from './sales.ts';

export function presentSale(s: SaleRow & { company?: string | null }): Sale {
  return {
    id: s.id,
    appId: s.appId,
    company: s.company ?? null,
    kind: s.kind,
    status: s.status,
    number: s.number,
    date: (s.issuedAt ?? s.createdAt).toISOString(),
    dueAt: iso(s.dueAt),
    periodStart: s.periodStart.toISOString(),
    periodEnd: s.periodEnd.toISOString(),
    netCents: s.netCents,
    vatRatePercent: Number(s.vatRatePercent),
    vatCents: s.vatCents,
    totalCents: s.totalCents,
    vatRegime: s.vatRegime,
    autoPayment: s.autoPayment,
    paid: s.status === 'succeeded',
    paidAt: iso(s.paidAt),
    disputed: s.disputed,
    refundedCents: s.refundedCents,
    relatedId: s.noteId ?? s.invoiceId ?? null,
    hasPdf: Boolean(s.pdfKey),
  };
}

export const presentPage = (page: Page): SalesPage & { limit: number } => ({
  data: page.rows.map(presentSale),
  nextCursor: page.nextCursor,
  limit: page.rows.length,
});

export const presentDetail = (d: SaleDetail): SaleDetailView => ({
  ...presentSale({ ...d.sale, company: d.company }),
  lines: d.sale.lines,
  buyer: d.sale.buyer,
  language: d.sale.language,
  creditNotes: d.creditNotes.map((c) => presentSale({ ...c, company: d.company })),
});

export const presentSales = (rows: SaleWithCompany[]) => rows.map(presentSale);

export const presentCompany = (c: CompanyRow): IssuingCompany => ({
  id: c.id,
  isDefault: c.isDefault,
  name: c.name,
  legalForm: c.legalForm,
  shareCapital: c.shareCapital,
  address: c.address,
  postalCode: c.postalCode,
  city: c.city,
  siren: c.siren,
  rcsCity: c.rcsCity,
  vatNumber: c.vatNumber,
  iban: c.iban,
  bic: c.bic,
  invoicePrefix: c.invoicePrefix,
  latePenaltyText: c.latePenaltyText,
  paymentTermsDays: c.paymentTermsDays,
  updatedAt: c.updatedAt.toISOString(),
  problems: issuerProblems(c),
});

export const presentAccount = (a: AccountView): BillingAccount => ({
  issuingCompanyId: a.issuingCompanyId,
  issuingCompanyName: a.issuingCompanyName,
  autoPayment: a.autoPayment,
});
