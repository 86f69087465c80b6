import { createHash, randomUUID } from 'node:crypto';
import { isValidMandateReference } from '@paraphe/contracts';
import type { Actor, Platform } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/client.ts';
import { audit } from '../../../platform/audit.ts';
import { textPdfWriter } from '../../../platform/pdf-text.ts';
import { fill, pdfLanguageOf } from '../../../platform/pdf-texts.ts';
import { sepaMandateWording, type SepaMandateWording } from '../../../platform/sepa-wording.ts';
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

/**
 * The mandate's text as the signer reads and accepts it (its SHA-256 is the evidence): in the signer's language,
 * followed by the French text when that is another (the creditor's language, the reference).
 */
export function mandateText(t: MandateTerms, language: string): string {
  const locale = pdfLanguageOf(language);
  const version = (w: SepaMandateWording) =>
    [
      `${w.title} (${w.recurrent})`,
      `${w.creditor}: ${t.creditorName} — ${w.creditorId}: ${t.creditorId}`,
      `${w.debtor}: ${t.debtorName}, ${t.debtorAddress}`,
      `IBAN: ${t.iban}${t.bic ? ` — BIC: ${t.bic}` : ''}`,
      fill(w.authorisation, { creditor: t.creditorName }),
      w.refund,
    ].join('\n\n');
  return [locale, ...(locale === 'fr' ? [] : ['fr' as const])].map((l) => version(sepaMandateWording[l])).join('\n\n* * *\n\n');
}
export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The terms of the tenant's mandate from its billing profile; refuses a profile that cannot give them. */
async function termsOf(platform: Platform, tx: Tx, appId: string): Promise<MandateTerms> {
  const billing = await billingProfileOf(tx, appId);
  if (!billing?.complete) throw new AppError('BILLING_PROFILE_REQUIRED');
  const { profile } = billing;
  if (profile.paymentMethod !== 'sepa' || !profile.iban)
    throw new AppError('PAYMENT_METHOD_INVALID', 'Choose SEPA direct debit, with the IBAN, in the billing profile first.');
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
    const text = terms ? mandateText(terms, await languageOf(tx, actor)) : null;
    return { mandate: mandate ? presentMandate(mandate) : null, text, textSha256: text ? sha256(text) : null };
  });
}

/** The language of the person really logged in (the one who reads and signs the mandate). */
const languageOf = async (tx: Tx, actor: Actor) => (await findUserById(tx, actor.realUserId))?.language ?? 'fr';

async function mandatePdf(
  text: string,
  language: string,
  evidence: { rum: string; signer: string; signedAt: Date; ip: string | null; hash: string },
): Promise<Uint8Array> {
  const w = sepaMandateWording[pdfLanguageOf(language)];
  const doc = await textPdfWriter({ language, sample: text + evidence.signer });
  doc.paragraph(`${w.reference}: ${evidence.rum}`, 12);
  for (const paragraph of text.split('\n\n')) doc.paragraph(paragraph);
  doc.paragraph(fill(w.signedBy, { signer: evidence.signer, date: evidence.signedAt.toISOString(), ip: evidence.ip ?? '—' }));
  doc.paragraph(fill(w.acceptedText, { hash: evidence.hash }), 8);
  return doc.save();
}

export async function signMandate(opts: Options & { password: string; textSha256: string }) {
  const { platform, actor } = opts;
  const signer = await platform.database.inTenant(actor.appId, (tx) => findUserById(tx, actor.realUserId));
  // The password of the person really logged in (not the commuted user's): they are the one who signs.
  if (!signer || !(await passwordMatches(signer.passwordHash, opts.password)))
    throw new AppError('PAYMENT_METHOD_NOT_ADDED', 'The new payment method could not be added: the password is incorrect.');
  return platform.database.inTenant(actor.appId, async (tx) => {
    const terms = await termsOf(platform, tx, actor.appId);
    const language = await languageOf(tx, actor);
    const text = mandateText(terms, language);
    const hash = sha256(text);
    if (hash !== opts.textSha256)
      throw new AppError('CONFLICT', 'The mandate text changed since it was shown (the billing profile was edited): read it again and sign.');
    const now = platform.clock();
    const rum = `PRF-${actor.appId.slice(0, 8).toUpperCase()}-${(await repo.countMandates(tx, actor.appId)) + 1}`;
    if (!isValidMandateReference(rum)) throw new Error(`invalid RUM ${rum}`);
    const signerName = `${signer.firstName} ${signer.lastName}`.trim() || signer.email;
    const pdf = await mandatePdf(text, language, { rum, signer: `${signerName} <${signer.email}>`, signedAt: now, ip: actor.ip ?? null, hash });
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
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'payment.mandate_signed',
      targetType: 'sepa_mandate',
      targetId: mandate.id,
      data: { rum, textSha256: hash },
      ip: actor.ip,
    });
    return { mandate: presentMandate(mandate), text, textSha256: hash };
  });
}

export async function mandatePdfOf(opts: Options): Promise<{ rum: string; body: Buffer }> {
  const { platform, actor } = opts;
  const mandate = await platform.database.inTenant(actor.appId, (tx) => repo.activeMandate(tx, actor.appId));
  if (!mandate) throw notFound('Mandate');
  return { rum: mandate.rum, body: await platform.storage.get(mandate.pdfStorageKey) };
}
