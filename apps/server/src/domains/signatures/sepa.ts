import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { maskIban, seesAllUsers, type SignedMandate } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { xlsxReadable } from '../../platform/spreadsheets/index.ts';
import { billingProfileOf } from '../billing/index.ts';
import { actingSequence } from './chain.ts';
import type { RequestContext } from './messages.ts';
import * as repo from './repository.ts';
import { attachMandateDocument, insertMandate, mandateOfRequest, markMandateSigned, signedMandatesPage, type MandateRow } from './repository-sepa.ts';
import { renderMandatePdf } from './sepa-mandate-pdf.ts';

/**
 * SEPA pre-processing (docs/signatures.md "SEPA pre-processing"): at send the mandate's terms are reserved (RUM
 * unique per creditor), the request goes `preprocess`; the send job renders the mandate PDF and adds it as the
 * first document, then sends as usual.
 */

/** The mandate document sorts before every uploaded one (positions 0…n). */
export const mandateDocumentPosition = -1;

/** The creditor printed on the mandate: the tenant's billing identity (its "account information", spec §5). */
async function creditorOf(tx: Tx, appId: string) {
  const billing = await billingProfileOf(tx, appId);
  if (!billing?.complete)
    throw new AppError(
      'ACCOUNT_INFO_REQUIRED',
      'Pre-processing requires the account information to be completed: fill in the billing profile (company name and address), which the SEPA mandate prints as the creditor.',
    );
  const p = billing.profile;
  return { name: p.companyName, address: `${p.address}, ${p.postalCode} ${p.city}, ${p.country}`, place: p.city };
}

/** The debtor signs the mandate: the first acting participant with the role `signer`. */
const debtorSignerOf = (ctx: RequestContext) => actingSequence(ctx.signers, ctx.request.options.coSignersSignFirst).find((s) => s.role === 'signer');

/** At send: checks the account information and reserves the RUM (409 SEPA_RUM_IN_USE when the creditor already used it). */
export async function reserveSepaMandate(tx: Tx, ctx: RequestContext): Promise<void> {
  const sepa = ctx.request.options.preprocessing?.sepa;
  if (!sepa) return;
  await creditorOf(tx, ctx.application.id);
  const debtor = debtorSignerOf(ctx);
  if (!debtor) throw new AppError('VALIDATION_FAILED', 'A SEPA mandate needs a participant with the role "signer" to sign it.');
  const inserted = await insertMandate(tx, {
    appId: ctx.application.id,
    requestId: ctx.request.id,
    signerId: debtor.id,
    rum: sepa.rum,
    ics: sepa.ics,
    type: sepa.type,
    debtorName: sepa.debtor.name,
    debtorAddress: sepa.debtor.address,
    iban: sepa.debtor.iban,
    bic: sepa.debtor.bic ?? null,
  });
  if (!inserted)
    throw new AppError(
      'SEPA_RUM_IN_USE',
      `The mandate reference ${sepa.rum} is already used with the creditor identifier ${sepa.ics}: give the mandate a new reference.`,
    );
}

/**
 * In the send job, a request in `preprocess`: renders the mandate in the debtor's language and adds it as the first
 * document, then the request is `pending` (sent as usual). The file is stored first: if the transaction fails, the
 * storage sweep removes it (no row references it).
 */
export async function runSepaPreprocessing(tx: Tx, platform: Platform, ctx: RequestContext): Promise<void> {
  const appId = ctx.application.id;
  const mandate = await mandateOfRequest(tx, appId, ctx.request.id);
  if (!mandate) throw new Error(`request ${ctx.request.id} is in preprocess without a mandate`);
  const signer = ctx.signers.find((s) => s.id === mandate.signerId)!;
  const creditor = await creditorOf(tx, appId);
  const now = platform.clock();
  const pdf = await renderMandatePdf(
    {
      rum: mandate.rum,
      ics: mandate.ics,
      type: mandate.type,
      creditor,
      debtor: { name: mandate.debtorName, address: mandate.debtorAddress, iban: mandate.iban, bic: mandate.bic },
      place: creditor.place,
      date: now,
    },
    signer.language,
    signer.signerIndex,
  );
  const storageKey = `${appId}/${randomUUID()}.pdf`;
  await platform.storage.put(storageKey, pdf.data);
  const fileName = `sepa-mandate-${mandate.rum.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
  const { id: documentId } = await repo.insertDocument(
    tx,
    {
      appId,
      requestId: ctx.request.id,
      position: mandateDocumentPosition,
      title: `SEPA mandate ${mandate.rum}`,
      documentType: 'pdf',
      fileType: 'classic',
      fileName,
      checkBoxTexts: [],
      storageKey,
      sha256: pdf.sha256,
      pageCount: pdf.pageCount,
      sizeBytes: pdf.data.length,
    },
    [pdf.field],
  );
  await attachMandateDocument(tx, appId, mandate.id, documentId);
  await repo.updateRequest(tx, appId, ctx.request.id, { status: 'pending', updatedAt: now });
  ctx.request = { ...ctx.request, status: 'pending' };
}

/** When a signer of a SEPA request signs: if they are the debtor, the mandate is signed (the signed-mandates list). */
export async function recordMandateSigned(tx: Tx, request: RequestContext['request'], signerId: string, at: Date): Promise<void> {
  if (!request.options.preprocessing?.sepa) return;
  // By the request (its unique index), then the signer.
  await markMandateSigned(tx, request.appId, request.id, signerId, at);
}

const presentMandate = (m: MandateRow): SignedMandate => ({
  id: m.id,
  requestId: m.requestId,
  rum: m.rum,
  ics: m.ics,
  type: m.type,
  debtorName: m.debtorName,
  iban: maskIban(m.iban),
  signedAt: m.signedAt!.toISOString(),
});

/**
 * The tenant's register of signed mandates (debtors of every user's requests): for the profiles that see the whole
 * tenant's requests (GERANT, COMPTABLE); the others get 403.
 */
export async function listSignedMandates(opts: { platform: Platform; actor: Actor; limit: number; offset: number; order: 'ASC' | 'DESC' }) {
  const { platform, actor } = opts;
  if (!seesAllUsers(actor.profile))
    throw new AppError('FORBIDDEN', 'Only the manager (GERANT) and the accountant (COMPTABLE) see the signed SEPA mandates of the account.');
  return platform.database.inTenant(actor.appId, async (tx) => {
    const { rows, total, capped } = await signedMandatesPage(tx, actor.appId, opts);
    return { mandates: rows.map(presentMandate), total, capped };
  });
}

/** The signed mandates as xlsx (newest first; the spreadsheet writer neutralises formulas), 500 rows a page. */
export async function exportSignedMandates(opts: { platform: Platform; actor: Actor }): Promise<Readable> {
  const page = (offset: number) => listSignedMandates({ ...opts, limit: 500, offset, order: 'DESC' });
  const first = await page(0);
  async function* rows() {
    let mandates = first.mandates;
    for (let offset = 0; mandates.length;) {
      for (const m of mandates) yield { ...m, signedAt: new Date(m.signedAt) };
      offset += mandates.length;
      if (mandates.length < 500) return;
      mandates = (await page(offset)).mandates;
    }
  }
  return xlsxReadable({
    sheetName: 'SEPA mandates',
    columns: [
      { header: 'RUM', key: 'rum', width: 30 },
      { header: 'ICS', key: 'ics', width: 22 },
      { header: 'Type', key: 'type', width: 12 },
      { header: 'Debtor', key: 'debtorName', width: 30 },
      { header: 'IBAN', key: 'iban', width: 34 },
      { header: 'Signed at', key: 'signedAt', type: 'datetime', width: 20 },
      { header: 'Request', key: 'requestId', width: 38 },
    ],
    rows: rows(),
  });
}
