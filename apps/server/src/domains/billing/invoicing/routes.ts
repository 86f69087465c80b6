import { invoicingEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../../platform/http/app.ts';
import type { Platform } from '../../../platform/context.ts';
import { serve } from '../../../platform/http/endpoints.ts';
import { item } from '../../../platform/http/envelope.ts';
import { sendFile } from '../../../platform/http/files.ts';
import { requireActor } from '../../../platform/http/guard.ts';
import { xlsxMimeType } from '../../../platform/spreadsheets/index.ts';
import * as accounts from './accounts.ts';
import { archiveSales, exportSales, exportTenantSales, fecExport } from './exports.ts';
import { payInvoices, putToPayment } from './payment.ts';
import { presentAccount, presentCompany, presentDetail, presentPage, presentSales } from './presenter.ts';
import * as sales from './sales.ts';

const pdf = 'application/pdf';
const today = () => new Date().toISOString().slice(0, 10);

export function invoicingRoutes(app: App, platform: Platform) {
  const ctx = (request: Parameters<typeof requireActor>[0]) => ({ platform, actor: requireActor(request) });

  // ----- The tenant -----
  serve(app, endpoints.invoices, async (request) => presentPage(await sales.tenantSales({ ...ctx(request), query: request.query })));
  serve(app, endpoints.exportInvoices, async (request, reply) =>
    sendFile(reply, { fileName: `invoices-${today()}.xlsx`, contentType: xlsxMimeType, body: exportTenantSales({ ...ctx(request), query: request.query }) }),
  );
  serve(app, endpoints.invoice, async (request) => item(presentDetail(await sales.tenantSale({ ...ctx(request), id: request.params.id }))));
  serve(app, endpoints.invoicePdf, async (request, reply) => {
    const { sale } = await sales.tenantSale({ ...ctx(request), id: request.params.id });
    return sendFile(reply, { ...sales.pdfOf(platform, sale), contentType: pdf });
  });
  serve(app, endpoints.payInvoices, async (request, reply) => {
    reply.status(202);
    return item(await payInvoices({ ...ctx(request), saleIds: request.body.saleIds }));
  });
  serve(app, endpoints.account, async (request) => item(presentAccount(await accounts.tenantAccount(ctx(request)))));
  serve(app, endpoints.saveAccount, async (request) =>
    item(presentAccount(await accounts.saveTenantAccount({ ...ctx(request), autoPayment: request.body.autoPayment }))),
  );

  // ----- The product administrator -----
  serve(app, endpoints.sales, async (request) => presentPage(await sales.adminSales({ ...ctx(request), query: request.query })));
  serve(app, endpoints.sale, async (request) => item(presentDetail(await sales.adminSale({ ...ctx(request), id: request.params.id }))));
  serve(app, endpoints.salePdf, async (request, reply) => {
    const { sale } = await sales.adminSale({ ...ctx(request), id: request.params.id });
    return sendFile(reply, { ...sales.pdfOf(platform, sale), contentType: pdf });
  });
  serve(app, endpoints.runNotes, async (request, reply) => {
    const { boundary, tenants } = await sales.runNotes({ ...ctx(request), input: request.body });
    reply.status(202);
    return item({ boundary: boundary.toISOString(), tenants });
  });
  serve(app, endpoints.convert, async (request) =>
    item({ invoices: presentSales(await sales.convertNotes({ ...ctx(request), saleIds: request.body.saleIds })) }),
  );
  serve(app, endpoints.cancelNote, async (request) => item(presentDetail(await sales.cancelNote({ ...ctx(request), id: request.params.id }))));
  serve(app, endpoints.putToPayment, async (request, reply) => {
    reply.status(202);
    return item(await putToPayment({ ...ctx(request), saleId: request.params.id }));
  });
  serve(app, endpoints.setDisputed, async (request) =>
    item(presentDetail(await sales.setDisputed({ ...ctx(request), id: request.params.id, input: request.body }))),
  );
  serve(app, endpoints.exportSales, async (request, reply) =>
    sendFile(reply, {
      fileName: `invoices-${request.body.from}-${request.body.to}.xlsx`,
      contentType: xlsxMimeType,
      body: await exportSales({ ...ctx(request), range: request.body }),
    }),
  );
  serve(app, endpoints.archiveSales, async (request, reply) =>
    sendFile(reply, { ...(await archiveSales({ ...ctx(request), range: request.body })), contentType: 'application/zip' }),
  );
  serve(app, endpoints.compta, async (request, reply) =>
    sendFile(reply, { ...(await fecExport({ ...ctx(request), input: request.body })), contentType: 'text/plain; charset=iso-8859-15' }),
  );
  serve(app, endpoints.issuingCompanies, async (request) => item((await accounts.listIssuingCompanies(ctx(request))).map(presentCompany)));
  serve(app, endpoints.createIssuingCompany, async (request, reply) => {
    reply.status(201);
    return item(presentCompany(await accounts.createIssuingCompany({ ...ctx(request), input: request.body })));
  });
  serve(app, endpoints.saveIssuingCompany, async (request) =>
    item(presentCompany(await accounts.saveIssuingCompany({ ...ctx(request), id: request.params.id, input: request.body }))),
  );
  serve(app, endpoints.adminAccount, async (request) => item(presentAccount(await accounts.adminAccount({ ...ctx(request), appId: request.params.id }))));
  serve(app, endpoints.saveAdminAccount, async (request) =>
    item(presentAccount(await accounts.saveAdminAccount({ ...ctx(request), appId: request.params.id, change: request.body }))),
  );
}
