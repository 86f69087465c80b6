import { createHash, randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { isValidMandateReference } from '@paraphe/contracts';
import type { Actor, Platform } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/client.ts';
import { audit } from '../../../platform/audit.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { billingProfileOf } from '../../billing/index.ts';
import { findUserById, passwordMatches } from '../../users/index.ts';
import { presentMandate } from '../presenter.ts';
import * as repo from '../repository.ts';

/**
 * The SEPA Core mandate (docs/payments.md), the "pre-processing" mandate of the signatures domain reused: the same
 * RUM and ICS rules (contracts/signatures/sepa.ts). A GERANT or COMPTABLE signs it in the app by accepting its text
 * with their password; the evidence (who, when, IP, SHA-256 of the text) is kept with a PDF of the signed mandate.
 */

interface Options {
  platform: Platform;
  actor: Actor;
}

interface MandateTerms {
  creditorName: string;
  creditorId: string;
  debtorName: string;
  debtorAddress: string;
  iban: string;
  bic: string | null;
}

export function mandateText(t: MandateTerms): string {
  return [
    'Mandat de prélèvement SEPA Core (récurrent) / SEPA Core Direct Debit mandate (recurrent)',
    `Créancier / Creditor: ${t.creditorName} — ICS: ${t.creditorId}`,
    `Débiteur / Debtor: ${t.debtorName}, ${t.debtorAddress}`,
    `IBAN: ${t.iban}${t.bic ? ` — BIC: ${t.bic}` : ''}`,
    `En signant ce formulaire de mandat, vous autorisez ${t.creditorName} à envoyer des instructions à votre banque pour débiter votre compte, et votre banque à débiter votre compte conformément aux instructions de ${t.creditorName}. Vous bénéficiez du droit d'être remboursé par votre banque selon les conditions décrites dans la convention que vous avez passée avec elle. Une demande de remboursement doit être présentée dans les 8 semaines suivant la date de débit de votre compte.`,
    `By signing this mandate form, you authorise ${t.creditorName} to send instructions to your bank to debit your account and your bank to debit your account in accordance with the instructions from ${t.creditorName}. As part of your rights, you are entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the date on which your account was debited.`,
  ].join('\n\n');
}
export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The terms of the tenant's mandate from its billing profile; refuses a profile that cannot give them. */
async function termsOf(platform: Platform, tx: Tx, appId: string): Promise<MandateTerms> {
  const billing = await billingProfileOf(tx, appId);
  if (!billing?.complete) throw new AppError('BILLING_PROFILE_REQUIRED');
  const { profile } = billing;
  if (profile.paymentMethod !== 'sepa' || !profile.iban) throw new AppError('PAYMENT_METHOD_INVALID', 'Choose SEPA direct debit, with the IBAN, in the billing profile first.');
  const { sepaCreditor } = platform.config.payments;
  return {
    creditorName: sepaCreditor.name,
    creditorId: sepaCreditor.id,
    debtorName: profile.companyName,
    debtorAddress: `${profile.address}, ${profile.postalCode} ${profile.city}, ${profile.country}`,
    iban: profile.iban,
    bic: profile.bic,
  };
}

export async function getMandateState(opts: Options) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const mandate = await repo.activeMandate(tx, actor.appId);
    const terms = await termsOf(platform, tx, actor.appId).catch((error: unknown) => (error instanceof AppError ? null : Promise.reject(error)));
    const text = terms ? mandateText(terms) : null;
    return { mandate: mandate ? presentMandate(mandate) : null, text, textSha256: text ? sha256(text) : null };
  });
}

async function mandatePdf(text: string, evidence: { rum: string; signer: string; signedAt: Date; ip: string | null; hash: string }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let page = pdf.addPage([595, 842]);
  let y = 800;
  const write = (line: string, size = 10) => {
    if (y < 50) {
      page = pdf.addPage([595, 842]);
      y = 800;
    }
    page.drawText(line, { x: 50, y, size, font });
    y -= size + 5;
  };
  const wrap = (paragraph: string, size = 10) => {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > 495) {
        write(line, size);
        line = word;
      } else line = next;
    }
    if (line) write(line, size);
    y -= 6;
  };
  const printable = (s: string) => s.replace(/[—→]/g, '-');
  write(`RUM / Mandate reference: ${evidence.rum}`, 12);
  y -= 6;
  for (const paragraph of printable(text).split('\n\n')) wrap(paragraph);
  y -= 10;
  wrap(`Signé électroniquement par / Signed electronically by: ${evidence.signer}, ${evidence.signedAt.toISOString()} (IP ${evidence.ip ?? 'unknown'}).`);
  wrap(`SHA-256 du texte accepté / of the accepted text: ${evidence.hash}`, 8);
  return pdf.save();
}

export async function signMandate(opts: Options & { password: string; textSha256: string }) {
  const { platform, actor } = opts;
  const signer = await platform.database.inTenant(actor.appId, (tx) => findUserById(tx, actor.realUserId));
  // The password of the person really logged in (not the commuted user's): they are the one who signs.
  if (!signer || !(await passwordMatches(signer.passwordHash, opts.password))) throw new AppError('PAYMENT_METHOD_NOT_ADDED', 'The new payment method could not be added: the password is incorrect.');
  return platform.database.inTenant(actor.appId, async (tx) => {
    const terms = await termsOf(platform, tx, actor.appId);
    const text = mandateText(terms);
    const hash = sha256(text);
    if (hash !== opts.textSha256) throw new AppError('CONFLICT', 'The mandate text changed since it was shown (the billing profile was edited): read it again and sign.');
    const now = platform.clock();
    const rum = `PRF-${actor.appId.slice(0, 8).toUpperCase()}-${(await repo.countMandates(tx, actor.appId)) + 1}`;
    if (!isValidMandateReference(rum)) throw new Error(`invalid RUM ${rum}`);
    const signerName = `${signer.firstName} ${signer.lastName}`.trim() || signer.email;
    const pdf = await mandatePdf(text, { rum, signer: `${signerName} <${signer.email}>`, signedAt: now, ip: actor.ip ?? null, hash });
    const pdfStorageKey = `${actor.appId}/${randomUUID()}.pdf`;
    await platform.storage.put(pdfStorageKey, pdf);
    await repo.revokeMandates(tx, actor.appId);
    const mandate = await repo.insertMandate(tx, {
      appId: actor.appId,
      rum,
      status: 'active',
      creditorId: terms.creditorId,
      creditorName: terms.creditorName,
      debtorName: terms.debtorName,
      debtorAddress: terms.debtorAddress,
      iban: terms.iban,
      bic: terms.bic,
      signedAt: now,
      signedBy: signer.id,
      signedByName: signerName,
      signedIp: actor.ip ?? null,
      textSha256: hash,
      pdfStorageKey,
    });
    await audit(tx, { appId: actor.appId, actorUserId: actor.realUserId, action: 'payment.mandate_signed', targetType: 'sepa_mandate', targetId: mandate.id, data: { rum, textSha256: hash }, ip: actor.ip });
    return { mandate: presentMandate(mandate), text, textSha256: hash };
  });
}

export async function mandatePdfOf(opts: Options): Promise<{ rum: string; body: Buffer }> {
  const { platform, actor } = opts;
  const mandate = await platform.database.inTenant(actor.appId, (tx) => repo.activeMandate(tx, actor.appId));
  if (!mandate) throw notFound('Mandate');
  return { rum: mandate.rum, body: await platform.storage.get(mandate.pdfStorageKey) };
}
