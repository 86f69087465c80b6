import { idParamsSchema } from '../shared/common.ts';
import { defineEndpoints, file } from '../shared/endpoint.ts';
import {
  adminBillingAccountInputSchema,
  adminSalesQuerySchema,
  billingAccountResponse,
  convertedResponse,
  disputedInputSchema,
  fecInputSchema,
  issuingCompaniesResponse,
  issuingCompanyInputSchema,
  issuingCompanyResponse,
  paymentRequestedResponse,
  runNotesInputSchema,
  runNotesResponse,
  saleDetailResponse,
  saleIdsSchema,
  salesPageSchema,
  salesRangeSchema,
  tenantBillingAccountInputSchema,
  tenantSalesQuerySchema,
} from './invoicing.ts';

const read = { audience: 'billing', permission: 'billing.read' } as const;
const manage = { audience: 'billing', permission: 'billing.manage' } as const;
/** Invoices, delivery notes, exports and issuing companies are the product administrator's (spec §6). */
const admin = { audience: 'application', permission: 'admin.billing' } as const;
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const pdf = 'application/pdf';

/** Money, invoicing (spec §7 Money: billing list, detail, pdf, export, archive, compta, mark as invoice, delete, payment). */
export const invoicingEndpoints = defineEndpoints(['billing'], {
  // ----- The tenant (GERANT, COMPTABLE) -----
  invoices: { method: 'GET', path: '/api/billing/invoices', summary: "The tenant's invoices and credit notes, newest first (keyset paging: `cursor`)", auth: read, query: tenantSalesQuerySchema, responses: { 200: salesPageSchema } },
  exportInvoices: { method: 'GET', path: '/api/billing/invoices/export', summary: "The tenant's invoices and credit notes as an xlsx file (same filters)", auth: read, query: tenantSalesQuerySchema.omit({ cursor: true, limit: true }), responses: { 200: file(xlsx) } },
  invoice: { method: 'GET', path: '/api/billing/invoices/:id', summary: 'One invoice or credit note with its lines', auth: read, params: idParamsSchema, responses: { 200: saleDetailResponse } },
  invoicePdf: { method: 'GET', path: '/api/billing/invoices/:id/pdf', summary: 'The PDF stored when the invoice was issued (never regenerated)', auth: read, params: idParamsSchema, responses: { 200: file(pdf) } },
  payInvoices: {
    method: 'POST',
    path: '/api/billing/invoices/payment',
    summary: 'Pays the selected unpaid invoices: asks the payment side (202 with the payment request id)',
    auth: manage,
    body: saleIdsSchema,
    responses: { 202: paymentRequestedResponse },
  },
  account: { method: 'GET', path: '/api/billing/account', summary: "The tenant's billing account: issuing company and auto-payment", auth: read, responses: { 200: billingAccountResponse } },
  saveAccount: { method: 'PUT', path: '/api/billing/account', summary: 'Turns automatic payment of new invoices on or off', auth: manage, body: tenantBillingAccountInputSchema, responses: { 200: billingAccountResponse } },

  // ----- The product administrator -----
  sales: { method: 'GET', path: '/api/billing/sales', summary: 'Delivery notes (tab to_invoice) or invoices and credit notes (tab invoices) of every tenant', auth: admin, query: adminSalesQuerySchema, responses: { 200: salesPageSchema } },
  sale: { method: 'GET', path: '/api/billing/sales/:id', summary: 'One sale with its lines', auth: admin, params: idParamsSchema, responses: { 200: saleDetailResponse } },
  salePdf: { method: 'GET', path: '/api/billing/sales/:id/pdf', summary: "An invoice's or credit note's stored PDF", auth: admin, params: idParamsSchema, responses: { 200: file(pdf) } },
  runNotes: {
    method: 'POST',
    path: '/api/billing/sales/notes',
    summary: 'Makes the delivery notes now: up to the end of `month`, or up to now (each tenant from where its last note ended)',
    auth: admin,
    body: runNotesInputSchema,
    responses: { 202: runNotesResponse },
  },
  convert: { method: 'PATCH', path: '/api/billing/sales', summary: 'Converts pending delivery notes into invoices (numbered, VAT, PDF)', auth: admin, body: saleIdsSchema, responses: { 200: convertedResponse } },
  cancelNote: { method: 'DELETE', path: '/api/billing/sales/:id', summary: 'Cancels a pending delivery note (its consumption is waived)', auth: admin, params: idParamsSchema, responses: { 200: saleDetailResponse } },
  putToPayment: {
    method: 'POST',
    path: '/api/billing/sales/:id/payment',
    summary: 'Puts a delivery note (converted first) or an unpaid invoice to payment',
    auth: admin,
    params: idParamsSchema,
    responses: { 202: paymentRequestedResponse },
  },
  setDisputed: {
    method: 'PUT',
    path: '/api/billing/sales/:id/disputed',
    summary: "Sets or clears an invoice's disputed flag (audited with the reason)",
    auth: admin,
    params: idParamsSchema,
    body: disputedInputSchema,
    responses: { 200: saleDetailResponse },
  },
  exportSales: { method: 'POST', path: '/api/billing/sales/export', summary: 'Invoices and credit notes issued in the range as an xlsx file', auth: admin, body: salesRangeSchema, responses: { 200: file(xlsx) } },
  archiveSales: { method: 'POST', path: '/api/billing/sales/archive', summary: 'The PDFs of the invoices and credit notes issued in the range, as a zip (streamed)', auth: admin, body: salesRangeSchema, responses: { 200: file('application/zip') } },
  compta: {
    method: 'POST',
    path: '/api/billing/sales/compta',
    summary: "The accounting export (FEC, art. A47 A-1 LPF) of an issuing company's sales journal over the range",
    auth: admin,
    body: fecInputSchema,
    responses: { 200: file('text/plain') },
  },
  issuingCompanies: { method: 'GET', path: '/api/billing/issuing-companies', summary: 'The issuing companies (sellers of the invoices)', auth: admin, responses: { 200: issuingCompaniesResponse } },
  createIssuingCompany: { method: 'POST', path: '/api/billing/issuing-companies', summary: 'Adds an issuing company', auth: admin, body: issuingCompanyInputSchema, responses: { 201: issuingCompanyResponse } },
  saveIssuingCompany: {
    method: 'PUT',
    path: '/api/billing/issuing-companies/:id',
    summary: 'Changes an issuing company (invoices already issued keep the identity they were issued with)',
    auth: admin,
    params: idParamsSchema,
    body: issuingCompanyInputSchema,
    responses: { 200: issuingCompanyResponse },
  },
  adminAccount: { method: 'GET', path: '/api/billing/applications/:id/account', summary: "A tenant's billing account", auth: admin, params: idParamsSchema, responses: { 200: billingAccountResponse } },
  saveAdminAccount: {
    method: 'PUT',
    path: '/api/billing/applications/:id/account',
    summary: "Sets a tenant's issuing company and automatic payment",
    auth: admin,
    params: idParamsSchema,
    body: adminBillingAccountInputSchema,
    responses: { 200: billingAccountResponse },
  },
});
